use super::*;
use serde_json::Value;

fn names(caps: ToolCapabilities) -> Vec<&'static str> {
    allowed_tools(&caps)
        .into_iter()
        .map(ToolName::as_str)
        .collect()
}

#[test]
fn the_offered_set_follows_the_capabilities() {
    let base = ["create_file", "edit_file", "retrieve_option", "save_assets"];
    let none = ToolCapabilities::default();
    let mut cases: Vec<(&str, ToolCapabilities, Vec<&str>)> = vec![
        ("nothing extra", none, vec![]),
        (
            "image generation on without a replicate key",
            ToolCapabilities {
                image_generation: true,
                ..none
            },
            vec![],
        ),
        (
            "image generation on with a replicate key",
            ToolCapabilities {
                image_generation: true,
                replicate_key: true,
                ..none
            },
            vec!["generate_images", "edit_image", "remove_background"],
        ),
        (
            "replicate key",
            ToolCapabilities {
                replicate_key: true,
                ..none
            },
            vec!["edit_image", "remove_background"],
        ),
        (
            "gemini key without a still image",
            ToolCapabilities {
                gemini_key: true,
                ..none
            },
            vec![],
        ),
        (
            "still image without a gemini key",
            ToolCapabilities {
                has_still_image_input: true,
                ..none
            },
            vec![],
        ),
        (
            "gemini key and a still image",
            ToolCapabilities {
                gemini_key: true,
                has_still_image_input: true,
                ..none
            },
            vec!["extract_assets"],
        ),
        (
            "chromium",
            ToolCapabilities {
                chromium_available: true,
                ..none
            },
            vec!["screenshot_preview"],
        ),
        (
            "fidelity checks allowed, chromium, but no screenshot to score against",
            ToolCapabilities {
                chromium_available: true,
                fidelity_check: true,
                ..none
            },
            vec!["screenshot_preview"],
        ),
        (
            "a screenshot and fidelity checks allowed, but no chromium",
            ToolCapabilities {
                has_still_image_input: true,
                fidelity_check: true,
                ..none
            },
            vec![],
        ),
        (
            "chromium and a screenshot, fidelity checks turned off",
            ToolCapabilities {
                chromium_available: true,
                has_still_image_input: true,
                ..none
            },
            vec!["screenshot_preview"],
        ),
        (
            "everything",
            ToolCapabilities {
                image_generation: true,
                replicate_key: true,
                gemini_key: true,
                has_still_image_input: true,
                chromium_available: true,
                fidelity_check: true,
                project: false,
            },
            vec![
                "generate_images",
                "edit_image",
                "remove_background",
                "extract_assets",
                "screenshot_preview",
                "check_fidelity",
            ],
        ),
    ];
    cases.push((
        "a project tree",
        ToolCapabilities {
            project: true,
            ..none
        },
        vec!["read_file", "list_files", "delete_file", "rename_file"],
    ));
    for (name, caps, extra) in cases {
        let mut want: Vec<&str> = base.to_vec();
        want.extend(extra);
        assert_eq!(names(caps), want, "case {name:?}");
    }
}

/// The subset of JSON Schema that OpenAI strict mode accepts, checked recursively.
fn assert_strict_compatible(tool: &str, at: &str, schema: &Value) {
    let ty = schema.get("type").and_then(Value::as_str);
    assert!(ty.is_some(), "{tool}{at}: every schema needs a type");
    assert!(schema.get("oneOf").is_none(), "{tool}{at}: no oneOf");
    assert!(schema.get("anyOf").is_none(), "{tool}{at}: no anyOf");
    match ty {
        Some("object") => {
            assert_eq!(
                schema.get("additionalProperties"),
                Some(&Value::Bool(false)),
                "{tool}{at}: objects must close additionalProperties"
            );
            let props = schema["properties"].as_object();
            let props = props.unwrap_or_else(|| panic!("{tool}{at}: properties"));
            let required = schema["required"].as_array();
            let required = required.unwrap_or_else(|| panic!("{tool}{at}: required"));
            for r in required {
                let r = r.as_str().unwrap_or_default();
                assert!(
                    props.contains_key(r),
                    "{tool}{at}: required {r} is a property"
                );
            }
            for (key, sub) in props {
                assert!(
                    sub.get("description").is_some() || at.contains("items"),
                    "{tool}{at}.{key}: describe every top-level property"
                );
                assert_strict_compatible(tool, &format!("{at}.{key}"), sub);
            }
        }
        Some("array") => assert_strict_compatible(tool, &format!("{at}.items"), &schema["items"]),
        _ => {}
    }
}

#[test]
fn every_definition_is_a_strict_compatible_object_with_a_description() {
    for name in ToolName::ALL {
        let tool = name.definition();
        assert_eq!(tool.name, name.as_str(), "{name}: name");
        assert!(tool.description.len() > 60, "{name}: a real description");
        assert_eq!(
            tool.parameters["type"], "object",
            "{name}: top level is an object"
        );
        assert_strict_compatible(&tool.name, "", &tool.parameters);
    }
}

#[test]
fn names_round_trip_through_strings_and_serde() {
    for name in ToolName::ALL {
        assert_eq!(name.as_str().parse::<ToolName>().ok(), Some(name), "{name}");
        let json = serde_json::to_value(name).unwrap_or_default();
        assert_eq!(
            json,
            Value::String(name.as_str().to_owned()),
            "{name}: serde"
        );
    }
    assert!("delete_everything".parse::<ToolName>().is_err());
}

#[test]
fn edit_file_offers_both_a_single_edit_and_a_batch() {
    let schema = ToolName::EditFile.definition().parameters;
    for key in ["path", "old_text", "new_text", "count", "edits"] {
        assert!(
            schema["properties"].get(key).is_some(),
            "edit_file has {key}"
        );
    }
    assert_eq!(
        schema["required"],
        serde_json::json!([]),
        "all optional at the top"
    );
    assert_eq!(
        schema["properties"]["edits"]["items"]["required"],
        serde_json::json!(["old_text", "new_text"])
    );
}
