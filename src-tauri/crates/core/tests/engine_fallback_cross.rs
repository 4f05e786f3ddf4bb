//! Cross-vendor fallbacks against the mock vendor: the conversation the first vendor began is
//! rebuilt in the new vendor's own format from the engine's neutral transcript.

mod support;

use s2c_core::engine::VariantEnd;
use s2c_core::providers::Provider;
use s2c_core::vocab::RelPath;
use serde_json::{json, Value};
use support::fallback::*;
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

#[tokio::test]
async fn cross_vendor_fallback_rebuilds_the_conversation_as_responses_items() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("claude-sonnet-4-5", claude_create("toolu_01"));
    overloaded_twice(&server, "claude-sonnet-4-5", claude_overloaded);
    let mut edit = ResponsesStream::new();
    edit.function_call("fc_1", "call_e", "edit_file", &[&edit_args()])
        .completed(usage(2000, 0, 40, 0));
    server.push_for_model("gpt-5.4", gpt(&mut edit));
    let mut done = ResponsesStream::new();
    done.message("msg_1", &["Done."])
        .completed(usage(2100, 0, 5, 0));
    server.push_for_model("gpt-5.4", gpt(&mut done));

    let run = run(
        &server,
        (Provider::Anthropic, "claude-sonnet-4-5"),
        Some((Provider::OpenAi, "gpt-5.4")),
    )
    .await;

    let v = &run.outcome;
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", run.events);
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(PAGE.replace("Hello", "Goodbye").as_str())
    );
    assert_switched_once(&run, "anthropic claude-sonnet-4-5", "openai gpt-5.4");

    let bodies = run.bodies("/v1/responses");
    assert_eq!(bodies.len(), 2);
    let first = &bodies[0];
    assert_eq!(first["instructions"], json!(SYSTEM));
    assert_eq!(first["store"], json!(false));
    let tools: Vec<&str> = first["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(tools.contains(&"create_file") && tools.contains(&"edit_file"));
    let input = first["input"].as_array().expect("input");
    let kinds: Vec<&str> = input
        .iter()
        .map(|i| i["type"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        kinds,
        [
            "message",
            "message",
            "function_call",
            "function_call_output"
        ]
    );
    assert_eq!(input[0]["role"], json!("user"));
    assert_eq!(input[0]["content"][1]["type"], json!("input_image"));
    assert_eq!(
        input[1],
        json!({"type": "message", "role": "assistant", "content": "Writing it."})
    );
    assert_eq!(input[2]["call_id"], json!("toolu_01"));
    assert_eq!(input[2]["name"], json!("create_file"));
    let arguments: Value =
        serde_json::from_str(input[2]["arguments"].as_str().expect("text")).expect("JSON text");
    assert_eq!(arguments, json!({"path": "index.html", "content": PAGE}));
    assert_eq!(input[3]["call_id"], json!("toolu_01"));
    for body in &bodies {
        support::openai_session::check_outputs_answer_calls(body);
    }
    let models: Vec<(&str, &str)> = v
        .models_used
        .iter()
        .map(|m| (m.provider.as_str(), m.model.as_str()))
        .collect();
    assert_eq!(
        models,
        [("anthropic", "claude-sonnet-4-5"), ("openai", "gpt-5.4")]
    );
    let gpt_cost = v.models_used[1].cost_usd.expect("priced");
    assert!((gpt_cost - 45.0 * 40.0 / 1e6).abs() < 1e-12, "{gpt_cost}");
}

#[tokio::test]
async fn cross_vendor_fallback_rebuilds_the_conversation_as_gemini_contents() {
    let server = MockServer::start(vec![]).await;
    let mut create = ResponsesStream::new();
    create
        .function_call("fc_1", "call_1", "create_file", &[&create_args()])
        .completed(usage(1000, 0, 300, 0));
    server.push_for_model("gpt-5.4", gpt(&mut create));
    overloaded_twice(&server, "gpt-5.4", gpt_overloaded);
    // Gemini names its model in the URL, not the body: its replies come from the plain queue.
    let call = json!([{"functionCall": {"name": "edit_file",
        "args": {"old_text": "Hello", "new_text": "Goodbye"}}, "thoughtSignature": "c2ln"}]);
    let stop = support::gemini::usage(2000, 0, 30, 0);
    server.push(Reply::sse_text(support::gemini::body(&[
        support::gemini::chunk(call, Some("STOP"), stop.clone()),
    ])));
    server.push(Reply::sse_text(support::gemini::body(&[
        support::gemini::chunk(json!([{"text": "Done."}]), Some("STOP"), stop),
    ])));

    let run = run(
        &server,
        (Provider::OpenAi, "gpt-5.4"),
        Some((Provider::Gemini, "gemini-2.5-pro")),
    )
    .await;

    let v = &run.outcome;
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", run.events);
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(PAGE.replace("Hello", "Goodbye").as_str())
    );
    assert_switched_once(&run, "openai gpt-5.4", "gemini gemini-2.5-pro");
    let bodies = run.bodies("/v1beta/models/gemini-2.5-pro:streamGenerateContent");
    assert_eq!(bodies.len(), 2);
    let first = &bodies[0];
    assert_eq!(
        first["systemInstruction"],
        json!({"parts": [{"text": SYSTEM}]})
    );
    let contents = first["contents"].as_array().expect("contents");
    let roles: Vec<&str> = contents
        .iter()
        .map(|c| c["role"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(roles, ["user", "model", "user"]);
    assert_eq!(
        contents[0]["parts"][1]["inlineData"]["mimeType"],
        json!("image/png")
    );
    assert_eq!(
        contents[1]["parts"],
        json!([{"functionCall": {"name": "create_file",
            "args": {"path": "index.html", "content": PAGE}},
            "thoughtSignature": "skip_thought_signature_validator"}])
    );
    let response = &contents[2]["parts"][0]["functionResponse"];
    assert_eq!(response["name"], json!("create_file"));
    assert!(response.get("id").is_none(), "matched by name: {response}");
    assert!(response["response"]["result"]
        .as_str()
        .is_some_and(|t| t.contains("index.html")));
    for body in &bodies {
        support::gemini_session::check_function_responses(body);
    }
    // The calls Gemini makes after the switch get ids that never repeat the earlier ones.
    let ids: Vec<&str> = v
        .transcript
        .turns
        .iter()
        .filter_map(|m| match m {
            s2c_core::providers::NeutralMessage::Assistant { tool_calls, .. } => {
                tool_calls.first().map(|c| c.id.as_str())
            }
            _ => None,
        })
        .collect();
    assert_eq!(ids, ["call_1", "gemini-call-2-1"]);
}
