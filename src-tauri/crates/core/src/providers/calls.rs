//! Turning a tool call's streamed argument text into a [`ToolCall`]: parsed JSON, or — when
//! the text is not a complete JSON object — `Null` with the raw text kept, so the engine reports
//! the call to the model as invalid instead of running it with made-up arguments.

use crate::vocab::ToolCall;
use serde_json::Value;

pub fn parse_call(id: String, name: String, arguments: &str, complete: bool) -> ToolCall {
    let trimmed = arguments.trim();
    // A finished call with no argument text is a call with no arguments.
    let parsed = if trimmed.is_empty() && complete {
        Ok(Value::Object(Default::default()))
    } else {
        serde_json::from_str::<Value>(trimmed)
    };
    match parsed {
        Ok(value @ Value::Object(_)) => ToolCall {
            id,
            name,
            arguments: value,
            invalid_arguments: None,
        },
        _ => ToolCall {
            id,
            name,
            arguments: Value::Null,
            invalid_arguments: Some(arguments.to_owned()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_complete_objects_and_keeps_the_rest_raw() {
        let cases = [
            ("object", r#"{"a":1}"#, true, Some(json!({"a": 1}))),
            ("empty finished", "", true, Some(json!({}))),
            ("empty cut", "", false, None),
            ("cut mid-string", r#"{"content":"<html"#, false, None),
            ("not an object", "[1,2]", true, None),
            ("garbage", "{oops}", true, None),
        ];
        for (name, text, complete, expected) in cases {
            let call = parse_call("c".into(), "t".into(), text, complete);
            match expected {
                Some(value) => {
                    assert_eq!(call.arguments, value, "{name}");
                    assert_eq!(call.invalid_arguments, None, "{name}");
                }
                None => {
                    assert_eq!(call.arguments, Value::Null, "{name}");
                    assert_eq!(call.invalid_arguments.as_deref(), Some(text), "{name}");
                }
            }
        }
    }
}
