//! The sparse on-disk form: only what differs from the defaults. Objects are compared field by
//! field; anything else (numbers, strings, arrays) is stored whole when it differs.

use serde_json::{Map, Value};

/// The part of `value` that differs from `base`, or `None` when they are equal.
pub fn changes(base: &Value, value: &Value) -> Option<Value> {
    match (base, value) {
        (Value::Object(b), Value::Object(v)) => {
            let mut out = Map::new();
            for (key, val) in v {
                match b.get(key) {
                    Some(base_val) => {
                        if let Some(d) = changes(base_val, val) {
                            out.insert(key.clone(), d);
                        }
                    }
                    None => {
                        out.insert(key.clone(), val.clone());
                    }
                }
            }
            (!out.is_empty()).then_some(Value::Object(out))
        }
        _ if base == value => None,
        _ => Some(value.clone()),
    }
}

/// `base` with `overlay` laid over it, objects merged recursively.
pub fn overlay(base: &mut Value, overlay: &Value) {
    match (base, overlay) {
        (Value::Object(b), Value::Object(o)) => {
            for (key, val) in o {
                match b.get_mut(key) {
                    Some(slot) => self::overlay(slot, val),
                    None => {
                        b.insert(key.clone(), val.clone());
                    }
                }
            }
        }
        (slot, val) => *slot = val.clone(),
    }
}
