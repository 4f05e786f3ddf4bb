//! Canonical JSON Schemas made acceptable to OpenAI's strict function calling: every object
//! closed (`additionalProperties: false`) with every property required, optional properties
//! made nullable instead, `oneOf` spelled `anyOf`, and `default` (refused in strict mode)
//! dropped. The model then sends `null` for an optional argument it leaves out;
//! [`strip_optional_nulls`] removes those again so the engine sees the canonical shape.

use serde_json::{Map, Value};

/// The strict form of a canonical tool's parameter schema.
pub fn strict_schema(schema: &Value) -> Value {
    let mut schema = schema.clone();
    make_strict(&mut schema);
    schema
}

fn make_strict(schema: &mut Value) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    obj.remove("default");
    if let Some(one_of) = obj.remove("oneOf") {
        obj.insert("anyOf".to_owned(), one_of);
    }
    for key in ["anyOf", "allOf"] {
        if let Some(Value::Array(branches)) = obj.get_mut(key) {
            branches.iter_mut().for_each(make_strict);
        }
    }
    for key in ["$defs", "definitions"] {
        if let Some(Value::Object(defs)) = obj.get_mut(key) {
            defs.values_mut().for_each(make_strict);
        }
    }
    if let Some(items) = obj.get_mut("items") {
        make_strict(items);
    }
    let is_object =
        obj.get("type").and_then(Value::as_str) == Some("object") || obj.contains_key("properties");
    if !is_object {
        return;
    }
    let required: Vec<String> = obj
        .get("required")
        .and_then(Value::as_array)
        .map(|r| {
            r.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    let mut properties = match obj.remove("properties") {
        Some(Value::Object(p)) => p,
        _ => Map::new(),
    };
    for (name, property) in properties.iter_mut() {
        make_strict(property);
        if !required.contains(name) {
            make_nullable(property);
        }
    }
    let all: Vec<Value> = properties
        .keys()
        .map(|k| Value::String(k.clone()))
        .collect();
    obj.insert("properties".to_owned(), Value::Object(properties));
    obj.insert("required".to_owned(), Value::Array(all));
    obj.insert("additionalProperties".to_owned(), Value::Bool(false));
}

fn make_nullable(schema: &mut Value) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    match obj.get_mut("type") {
        Some(Value::String(t)) if t != "null" => {
            let t = std::mem::take(t);
            obj.insert("type".to_owned(), serde_json::json!([t, "null"]));
        }
        Some(Value::Array(types)) if !types.iter().any(|t| t == "null") => {
            types.push(Value::from("null"));
        }
        Some(_) => {}
        None => {
            if let Some(Value::Array(branches)) = obj.get_mut("anyOf") {
                branches.push(serde_json::json!({"type": "null"}));
            }
        }
    }
    if let Some(Value::Array(values)) = obj.get_mut("enum") {
        if !values.iter().any(Value::is_null) {
            values.push(Value::Null);
        }
    }
}

/// Remove `null` values of properties the canonical schema does not require, at every level
/// the schema describes.
pub fn strip_optional_nulls(canonical: &Value, arguments: &mut Value) {
    let (Some(schema), Some(args)) = (canonical.as_object(), arguments.as_object_mut()) else {
        if let (Some(items), Some(list)) = (canonical.get("items"), arguments.as_array_mut()) {
            list.iter_mut().for_each(|a| strip_optional_nulls(items, a));
        }
        return;
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let properties = schema.get("properties").and_then(Value::as_object);
    args.retain(|key, value| !value.is_null() || required.contains(&key.as_str()));
    if let Some(properties) = properties {
        for (key, value) in args.iter_mut() {
            if let Some(sub) = properties.get(key) {
                strip_optional_nulls(sub, value);
            }
        }
    }
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;
