//! Helpers for the Gemini session tests: a config pointing at the mock, a turn runner, and the
//! request checks every streamGenerateContent call must pass.

use super::session::{config_at, create_file_tool, tool_result};
#[allow(unused_imports)]
pub use super::session::{run, sized, text_of};
use super::{Captured, MockServer};
use s2c_core::providers::SessionConfig;
use s2c_core::vocab::{CanonicalTool, ImageAttachment, ToolResult};
use serde_json::{json, Value};

pub const KEY: &str = "AIzaSyTestMockKey0123456789abcdefghijkl";

pub fn config(server: &MockServer, model: &str) -> SessionConfig {
    let mut c = config_at(server, "/v1beta", model, KEY, 3);
    c.tools = vec![
        create_file_tool(true),
        CanonicalTool {
            name: "screenshot_preview".into(),
            description: "See the page".into(),
            parameters: json!({"type": "object", "properties": {}, "additionalProperties": false}),
        },
    ];
    c.max_output_tokens = Some(8192);
    c
}

pub fn check_request(req: &Captured, model: &str) -> Value {
    assert_eq!(req.method, "POST");
    assert_eq!(
        req.path,
        format!("/v1beta/models/{model}:streamGenerateContent?alt=sse")
    );
    assert_eq!(req.header("x-goog-api-key"), Some(KEY));
    assert!(!req.path.contains("key="), "the key never goes in the URL");
    let body = req.json();
    assert_eq!(
        body["systemInstruction"],
        json!({"parts": [{"text": "You write web pages."}]})
    );
    let declarations = &body["tools"][0]["functionDeclarations"];
    assert_eq!(declarations[0]["name"], json!("create_file"));
    assert_eq!(
        declarations[0]["parameters"]["required"],
        json!(["content"])
    );
    assert!(declarations[0]["parameters"]
        .get("additionalProperties")
        .is_none());
    assert!(
        declarations[1].get("parameters").is_none(),
        "no properties, no parameters"
    );
    assert_eq!(body["generationConfig"]["maxOutputTokens"], json!(8192));
    assert_eq!(
        body["generationConfig"]["mediaResolution"],
        json!("MEDIA_RESOLUTION_HIGH")
    );
    let first = &body["contents"][0];
    assert_eq!(first["role"], json!("user"));
    assert_eq!(first["parts"][0], json!({"text": "Make this page"}));
    assert_eq!(
        first["parts"][1]["inlineData"]["mimeType"],
        json!("image/png")
    );
    check_function_responses(&body);
    body
}

/// Every user content with function responses answers, in order, by name and (when the model
/// gave one) by id, exactly the calls of the model content before it.
pub fn check_function_responses(body: &Value) {
    let contents = body["contents"].as_array().expect("contents");
    for (i, content) in contents.iter().enumerate() {
        assert!(
            content["parts"].as_array().is_some_and(|p| !p.is_empty()),
            "content {i} has parts"
        );
        let responses: Vec<&Value> = content["parts"]
            .as_array()
            .expect("parts")
            .iter()
            .filter_map(|p| p.get("functionResponse"))
            .collect();
        if responses.is_empty() {
            continue;
        }
        assert_eq!(content["role"], json!("user"));
        let previous = &contents[i - 1];
        assert_eq!(previous["role"], json!("model"));
        let calls: Vec<&Value> = previous["parts"]
            .as_array()
            .expect("parts")
            .iter()
            .filter_map(|p| p.get("functionCall"))
            .collect();
        assert_eq!(responses.len(), calls.len(), "one response per call");
        for (call, response) in calls.iter().zip(&responses) {
            assert_eq!(call["name"], response["name"]);
            assert_eq!(
                call.get("id"),
                response.get("id"),
                "ids echoed only when given"
            );
            assert!(response["response"].is_object());
        }
    }
}

pub fn ok(call_id: &str, name: &str, text: &str, images: Vec<ImageAttachment>) -> ToolResult {
    tool_result(call_id, name, true, text, text, images)
}
