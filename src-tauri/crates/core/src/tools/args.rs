//! Reading tool arguments. A JSON null counts as absent, because OpenAI strict mode sends every
//! optional property as null.

use super::tool::ToolFailure;
use serde_json::{Map, Value};

pub(crate) fn object<'a>(
    tool: &str,
    args: &'a Value,
) -> Result<&'a Map<String, Value>, ToolFailure> {
    args.as_object().ok_or_else(|| {
        ToolFailure::invalid(
            tool,
            format!("the arguments must be a JSON object, got {}", kind(args)),
        )
    })
}

pub(crate) fn opt_str<'a>(
    tool: &str,
    args: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a str>, ToolFailure> {
    match args.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(ToolFailure::invalid(
            tool,
            format!("`{key}` must be a string, got {}", kind(other)),
        )),
    }
}

pub(crate) fn req_str<'a>(
    tool: &str,
    args: &'a Map<String, Value>,
    key: &str,
) -> Result<&'a str, ToolFailure> {
    opt_str(tool, args, key)?
        .ok_or_else(|| ToolFailure::invalid(tool, format!("`{key}` is required")))
}

pub(crate) fn opt_int(
    tool: &str,
    args: &Map<String, Value>,
    key: &str,
) -> Result<Option<i64>, ToolFailure> {
    match args.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| {
                n.as_f64()
                    .filter(|f| f.fract() == 0.0 && f.abs() < 1e15)
                    .map(|f| f as i64)
            })
            .map(Some)
            .ok_or_else(|| {
                ToolFailure::invalid(tool, format!("`{key}` must be a whole number, got {n}"))
            }),
        Some(other) => Err(ToolFailure::invalid(
            tool,
            format!("`{key}` must be a whole number, got {}", kind(other)),
        )),
    }
}

pub(crate) fn opt_array<'a>(
    tool: &str,
    args: &'a Map<String, Value>,
    key: &str,
) -> Result<Option<&'a Vec<Value>>, ToolFailure> {
    match args.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => Ok(Some(items)),
        Some(other) => Err(ToolFailure::invalid(
            tool,
            format!("`{key}` must be an array, got {}", kind(other)),
        )),
    }
}

/// An array of strings, required.
pub(crate) fn req_strings<'a>(
    tool: &str,
    args: &'a Map<String, Value>,
    key: &str,
) -> Result<Vec<&'a str>, ToolFailure> {
    let items = opt_array(tool, args, key)?
        .ok_or_else(|| ToolFailure::invalid(tool, format!("`{key}` is required")))?;
    items
        .iter()
        .map(|item| {
            item.as_str().ok_or_else(|| {
                ToolFailure::invalid(
                    tool,
                    format!("`{key}` must contain only strings, got {}", kind(item)),
                )
            })
        })
        .collect()
}

pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
