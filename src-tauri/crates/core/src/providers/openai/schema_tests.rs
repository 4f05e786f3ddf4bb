use super::*;
use serde_json::json;

#[test]
fn closes_objects_requires_everything_and_makes_optionals_nullable() {
    let canonical = json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "default": "index.html"},
            "content": {"type": "string"},
            "count": {"type": "integer"},
            "mode": {"type": "string", "enum": ["a", "b"]},
            "edits": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"old_text": {"type": "string"}, "new_text": {"type": "string"}},
                    "required": ["old_text"]
                }
            },
            "either": {"oneOf": [{"type": "string"}, {"type": "number"}]}
        },
        "required": ["content"]
    });
    let strict = strict_schema(&canonical);
    assert_eq!(strict["additionalProperties"], json!(false));
    let mut required: Vec<&str> = strict["required"]
        .as_array()
        .expect("required")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    required.sort();
    assert_eq!(
        required,
        ["content", "count", "edits", "either", "mode", "path"]
    );
    let props = &strict["properties"];
    assert_eq!(
        props["content"]["type"],
        json!("string"),
        "required stays non-null"
    );
    assert_eq!(props["path"]["type"], json!(["string", "null"]));
    assert!(
        props["path"].get("default").is_none(),
        "default is refused in strict mode"
    );
    assert_eq!(props["mode"]["enum"], json!(["a", "b", null]));
    assert_eq!(props["edits"]["type"], json!(["array", "null"]));
    let item = &props["edits"]["items"];
    assert_eq!(item["additionalProperties"], json!(false));
    assert_eq!(item["required"], json!(["old_text", "new_text"]));
    assert_eq!(
        item["properties"]["new_text"]["type"],
        json!(["string", "null"])
    );
    assert!(props["either"].get("oneOf").is_none());
    assert_eq!(props["either"]["anyOf"].as_array().map(Vec::len), Some(3));
}

#[test]
fn an_object_without_properties_is_still_closed() {
    let strict = strict_schema(&json!({"type": "object"}));
    assert_eq!(
        strict,
        json!({"type": "object", "properties": {}, "required": [], "additionalProperties": false})
    );
}

#[test]
fn strips_nulls_the_model_sent_for_optional_arguments() {
    let canonical = json!({
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "content": {"type": "string"},
            "edits": {"type": "array", "items": {"type": "object", "properties": {"count": {"type": "integer"}}, "required": []}}
        },
        "required": ["content"]
    });
    let mut args = json!({"path": null, "content": null, "edits": [{"count": null}, {"count": 2}]});
    strip_optional_nulls(&canonical, &mut args);
    assert_eq!(args, json!({"content": null, "edits": [{}, {"count": 2}]}));
}
