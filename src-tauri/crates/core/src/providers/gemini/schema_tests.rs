use super::*;
use serde_json::json;

#[test]
fn converts_to_the_openapi_subset() {
    let canonical = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "path": {"type": "string", "description": "Where", "default": "index.html", "format": "uri"},
            "count": {"type": ["integer", "null"], "minimum": -1},
            "mode": {"const": "replace"},
            "level": {"type": "integer", "enum": [1, 2]},
            "edits": {"type": "array", "items": {"$ref": "#/$defs/edit"}},
            "target": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]}
        },
        "required": ["path", "ghost"],
        "$defs": {"edit": {"type": "object", "additionalProperties": false,
            "properties": {"old_text": {"type": "string"}}, "required": ["old_text"]}}
    });
    let converted = parameters(&canonical).expect("has properties");
    assert_eq!(
        converted,
        json!({
            "type": "OBJECT",
            "properties": {
                "path": {"type": "STRING", "description": "Where", "default": "index.html"},
                "count": {"type": "INTEGER", "nullable": true, "minimum": -1},
                "mode": {"enum": ["replace"]},
                "level": {"type": "INTEGER"},
                "edits": {"type": "ARRAY", "items": {"type": "OBJECT",
                    "properties": {"old_text": {"type": "STRING"}}, "required": ["old_text"]}},
                "target": {"type": "STRING", "nullable": true},
                "either": {"anyOf": [{"type": "STRING"}, {"type": "INTEGER"}]}
            },
            "required": ["path"]
        })
    );
}

#[test]
fn tools_without_parameters_declare_none_and_recursion_stops() {
    assert_eq!(
        parameters(&json!({"type": "object", "properties": {}})),
        None
    );
    assert_eq!(parameters(&json!({"type": "object"})), None);
    let recursive = json!({"type": "object", "properties": {"node": {"$ref": "#"}}});
    let converted = parameters(&recursive).expect("converts");
    assert!(converted.to_string().len() < 10_000, "bounded");
}

/// The app's real tool schemas (as tools/definitions.rs writes them) convert without any key
/// Gemini refuses.
#[test]
fn the_app_tool_shapes_convert_cleanly() {
    let edit = json!({"type": "object", "properties": {
        "old_text": {"type": "string"}, "new_text": {"type": "string"}, "count": {"type": "integer"}},
        "required": ["old_text", "new_text"], "additionalProperties": false});
    let edit_file = json!({"type": "object", "additionalProperties": false, "required": [],
        "properties": {"path": {"type": "string"}, "old_text": {"type": "string"},
            "edits": {"type": "array", "items": edit}}});
    let converted = parameters(&edit_file).expect("converts").to_string();
    for refused in [
        "additionalProperties",
        "$schema",
        "$ref",
        "\"required\":[]",
        "const",
    ] {
        assert!(!converted.contains(refused), "{refused} in {converted}");
    }
}
