//! Canonical JSON Schemas made acceptable to Gemini function declarations, which take a subset
//! of OpenAPI 3 schema: no `additionalProperties`, `$schema`, `$ref`/`$defs` or `const`; one
//! `type` per schema (`["string", "null"]` becomes `nullable`); `oneOf` spelled `anyOf`; `enum`
//! for strings only; `format` limited to the few Gemini knows. Local `$ref`s are inlined.

use serde_json::{Map, Value};

/// Keys Gemini's `Schema` accepts (camelCase, as the REST API spells them).
const KEPT: &[&str] = &[
    "description",
    "nullable",
    "enum",
    "maxItems",
    "minItems",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "title",
    "default",
];

/// How deep `$ref`s are followed (recursive schemas cannot be inlined whole).
const MAX_REF_DEPTH: usize = 8;

/// The Gemini form of a canonical parameter schema; `None` for a tool without parameters (an
/// object with no properties is refused, so `parameters` is left out instead).
pub fn parameters(schema: &Value) -> Option<Value> {
    let converted = convert(schema, schema, 0);
    let empty = converted
        .get("properties")
        .and_then(Value::as_object)
        .is_none_or(Map::is_empty);
    (!empty).then_some(converted)
}

fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let path = reference.strip_prefix('#')?;
    root.pointer(path)
}

fn convert(schema: &Value, root: &Value, depth: usize) -> Value {
    let Some(obj) = schema.as_object() else {
        return Value::Object(Map::new());
    };
    if let Some(reference) = obj.get("$ref").and_then(Value::as_str) {
        return match resolve(root, reference) {
            Some(target) if depth < MAX_REF_DEPTH => convert(target, root, depth + 1),
            _ => Value::Object(Map::new()),
        };
    }
    let mut out = Map::new();
    let (kind, nullable) = single_type(obj);
    if let Some(kind) = &kind {
        out.insert("type".into(), Value::String(kind.to_ascii_uppercase()));
    }
    if nullable {
        out.insert("nullable".into(), Value::Bool(true));
    }
    for key in KEPT {
        if let Some(value) = obj.get(*key) {
            out.insert((*key).to_owned(), value.clone());
        }
    }
    if let Some(constant) = obj.get("const") {
        out.insert("enum".into(), Value::Array(vec![constant.clone()]));
    }
    // Gemini enums are strings only.
    if out
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|values| !values.iter().all(Value::is_string))
    {
        out.remove("enum");
    }
    if let Some(format) = obj.get("format").and_then(Value::as_str) {
        let known = match kind.as_deref() {
            Some("string") => matches!(format, "enum" | "date-time"),
            Some("integer") => matches!(format, "int32" | "int64"),
            Some("number") => matches!(format, "float" | "double"),
            _ => false,
        };
        if known {
            out.insert("format".into(), Value::String(format.to_owned()));
        }
    }
    if let Some(items) = obj.get("items") {
        out.insert("items".into(), convert(items, root, depth));
    }
    if let Some(properties) = obj.get("properties").and_then(Value::as_object) {
        let converted: Map<String, Value> = properties
            .iter()
            .map(|(name, sub)| (name.clone(), convert(sub, root, depth)))
            .collect();
        let required: Vec<Value> = obj
            .get("required")
            .and_then(Value::as_array)
            .map(|r| {
                r.iter()
                    .filter(|name| name.as_str().is_some_and(|n| converted.contains_key(n)))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        out.insert("properties".into(), Value::Object(converted));
        if !required.is_empty() {
            out.insert("required".into(), Value::Array(required));
        }
    }
    if let Some(Value::Array(branches)) = obj.get("anyOf").or_else(|| obj.get("oneOf")) {
        let (nulls, rest): (Vec<&Value>, Vec<&Value>) = branches
            .iter()
            .partition(|b| b.get("type") == Some(&Value::from("null")));
        let converted: Vec<Value> = rest.iter().map(|b| convert(b, root, depth)).collect();
        match converted.as_slice() {
            // `anyOf: [X, null]` is a nullable X.
            [only] if !nulls.is_empty() => {
                if let Value::Object(inner) = only {
                    for (k, v) in inner {
                        out.entry(k.clone()).or_insert_with(|| v.clone());
                    }
                }
                out.insert("nullable".into(), Value::Bool(true));
            }
            _ => {
                out.insert("anyOf".into(), Value::Array(converted));
                if !nulls.is_empty() {
                    out.insert("nullable".into(), Value::Bool(true));
                }
            }
        }
    }
    Value::Object(out)
}

/// The one type of a schema and whether `null` is allowed besides it.
fn single_type(obj: &Map<String, Value>) -> (Option<String>, bool) {
    match obj.get("type") {
        Some(Value::String(t)) if t == "null" => (None, true),
        Some(Value::String(t)) => (Some(t.clone()), false),
        Some(Value::Array(types)) => {
            let nullable = types.iter().any(|t| t == "null");
            let first = types
                .iter()
                .filter_map(Value::as_str)
                .find(|t| *t != "null")
                .map(str::to_owned);
            (first, nullable)
        }
        _ if obj.contains_key("properties") => (Some("object".into()), false),
        _ => (None, false),
    }
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;
