//! The fallback model against the mock vendor: a variant whose model stays overloaded after the
//! provider's retries switches once to its fallback — same vendor or another — and carries on
//! from the same conversation (files, tool history, turns, spending per model).

mod support;

use s2c_core::engine::{
    self, CollectingSink, EventEmitter, EventKind, GenerationSpec, LoopLimits, VariantErrorCode,
    VariantFallback, VariantOutcome, VariantSpec, VariantStatus, VendorSessions,
};
use s2c_core::providers::{
    ApiKey, ModelPrice, PriceTable, Provider, ReasoningEffort, SessionConfig, TransportOptions,
    UserContent,
};
use s2c_core::tools::{
    AgentFileState, ImageAttachment, RelPath, SharedOptions, ToolCapabilities, ToolEnv,
    ToolRegistry, ToolRuntime,
};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::anthropic::MessagesStream;
use support::openai::{usage, ResponsesStream};
use support::{Captured, MockServer, Reply};

const KEY: &str = "sk-test-fallback-key-0123456789abcdef";
const PAGE: &str = "<!DOCTYPE html>\n<html><body><h1>Hello</h1></body></html>\n";
const SYSTEM: &str = "You write web pages.";

/// $ per million output tokens, different for every model so each is visibly priced its own way.
fn prices() -> Arc<PriceTable> {
    let mut table = PriceTable::default();
    for (model, output) in [
        ("claude-opus-4-1", 10.0),
        ("claude-sonnet-4-5", 20.0),
        ("gpt-5.4", 40.0),
        ("gemini-2.5-pro", 80.0),
    ] {
        let price = ModelPrice {
            input: 0.0,
            cached_input: None,
            cache_write: None,
            output,
        };
        table.set(model, price);
    }
    Arc::new(table)
}

fn config(server: &MockServer, provider: &Provider, model: &str) -> SessionConfig {
    let mut config = SessionConfig::new(model);
    let prefix = if *provider == Provider::Gemini {
        "/v1beta"
    } else {
        "/v1"
    };
    config.base_url = Some(server.url(prefix));
    config.api_key = Some(ApiKey::new(KEY));
    config.max_output_tokens = Some(8192);
    config.reasoning_effort = Some(ReasoningEffort::Medium);
    config.prices = Some(prices());
    config.transport = TransportOptions {
        idle_timeout: Duration::from_secs(10),
        max_attempts: 2,
        max_retry_after: Duration::from_secs(1),
    };
    config
}

struct Run {
    outcome: VariantOutcome,
    events: Vec<EventKind>,
    requests: Vec<Captured>,
}

impl Run {
    fn switches(&self) -> Vec<(String, String, String)> {
        self.events
            .iter()
            .filter_map(|e| match e {
                EventKind::ModelSwitched { from, to, reason } => {
                    Some((from.clone(), to.clone(), reason.clone()))
                }
                _ => None,
            })
            .collect()
    }

    /// The bodies of the requests that went to `path` (e.g. `/v1/responses`), in order.
    fn bodies(&self, path_start: &str) -> Vec<Value> {
        self.requests
            .iter()
            .filter(|r| r.path.starts_with(path_start))
            .map(Captured::json)
            .collect()
    }
}

/// One variant of `provider`/`model` with an optional fallback, to its end.
async fn run(
    server: &MockServer,
    (provider, model): (Provider, &str),
    fallback: Option<(Provider, &str)>,
) -> Run {
    let dir = tempfile::tempdir().expect("temp dir");
    let siblings = Arc::new(SharedOptions::new(1));
    let runtime = ToolRuntime::new(
        ToolRegistry::with_file_tools(),
        &ToolCapabilities::default(),
        ToolEnv {
            siblings: siblings.clone(),
            ..ToolEnv::default()
        },
    );
    let mut session = config(server, &provider, model);
    session.system_prompt = SYSTEM.into();
    let mut first = UserContent::text("Make this page");
    first.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![0x89, b'P', b'N', b'G'],
    });
    session.user_content = first;
    session.tools = runtime.definitions();
    let fallback = fallback.map(|(provider, model)| VariantFallback {
        session: config(server, &provider, model),
        provider,
    });
    let spec = GenerationSpec {
        variants: vec![VariantSpec {
            provider,
            session,
            files: AgentFileState::new(dir.path()),
            fallback,
        }],
        runtime: Arc::new(runtime),
        siblings,
        limits: LoopLimits::default(),
        factory: Arc::new(VendorSessions),
    };
    let sink = Arc::new(CollectingSink::new());
    let handle = engine::start(spec, Arc::new(EventEmitter::new(sink.clone())));
    let mut outcome = tokio::time::timeout(Duration::from_secs(20), handle.wait())
        .await
        .expect("the generation ends");
    Run {
        outcome: outcome.variants.remove(0),
        events: sink.events().into_iter().map(|e| e.kind).collect(),
        requests: server.requests(),
    }
}

fn create_args() -> String {
    json!({"path": "index.html", "content": PAGE}).to_string()
}

fn edit_args() -> String {
    json!({"old_text": "Hello", "new_text": "Goodbye"}).to_string()
}

/// Claude thinks (a signed block), says a word and creates the page.
fn claude_create(id: &str) -> Reply {
    let args = create_args();
    let (a, b) = args.split_at(20);
    let mut s = MessagesStream::new(1000, 0, 0);
    s.thinking(&["Plan the page."], "sig-bound-to-this-model")
        .text(&["Writing it."])
        .tool_use(id, "create_file", &[a, b])
        .stop("tool_use", 300);
    Reply::sse_text(s.body())
}

fn claude_edit(id: &str) -> Reply {
    let mut s = MessagesStream::new(1500, 0, 0);
    s.tool_use(id, "edit_file", &[&edit_args()])
        .stop("tool_use", 50);
    Reply::sse_text(s.body())
}

fn claude_done() -> Reply {
    let mut s = MessagesStream::new(1600, 0, 0);
    s.text(&["Done."]).stop("end_turn", 5);
    Reply::sse_text(s.body())
}

fn claude_overloaded() -> Reply {
    Reply::json(
        529,
        &support::anthropic::error("overloaded_error", "Overloaded"),
    )
    .header("retry-after-ms", "5")
}

fn gpt_overloaded() -> Reply {
    Reply::json(
        503,
        &json!({"error": {"message": "The server is overloaded. Please try again later.",
            "type": "server_error", "code": null}}),
    )
    .header("retry-after-ms", "5")
}

fn gpt(stream: &mut ResponsesStream) -> Reply {
    Reply::sse_text(stream.body())
}

fn overloaded_twice(server: &MockServer, model: &str, reply: fn() -> Reply) {
    server.push_for_model(model, reply());
    server.push_for_model(model, reply());
}

fn assert_switched_once(run: &Run, from: &str, to: &str) {
    let switches = run.switches();
    assert_eq!(switches.len(), 1, "{switches:?}");
    assert_eq!((switches[0].0.as_str(), switches[0].1.as_str()), (from, to));
    assert!(
        switches[0].2.contains("overloaded"),
        "the reason is the overloaded error: {}",
        switches[0].2
    );
    let started = run
        .events
        .iter()
        .filter(|e| matches!(e, EventKind::Started { .. }))
        .count();
    assert_eq!(started, 1, "one variant, started once");
    let switched_at = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::ModelSwitched { .. }));
    let retried_at = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::Retrying { .. }));
    assert!(retried_at < switched_at, "the provider retried first");
}

#[tokio::test]
async fn same_vendor_fallback_carries_on_from_the_same_conversation() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("claude-opus-4-1", claude_create("toolu_01"));
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);
    server.push_for_model("claude-sonnet-4-5", claude_edit("toolu_02"));
    server.push_for_model("claude-sonnet-4-5", claude_done());

    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;

    let v = &run.outcome;
    assert_eq!(v.status, VariantStatus::Complete, "{:?}", run.events);
    let page = PAGE.replace("Hello", "Goodbye");
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(page.as_str()),
        "the first model's file, edited by the second"
    );
    assert_eq!((v.turns, v.tool_calls), (3, 2), "the turn count goes on");
    assert_switched_once(
        &run,
        "anthropic claude-opus-4-1",
        "anthropic claude-sonnet-4-5",
    );

    // The fallback's first request: the same prompt and tools, and the conversation rebuilt
    // with the earlier create_file call and its result — without the model-bound thinking.
    let bodies = run.bodies("/v1/messages");
    assert_eq!(bodies.len(), 5, "opus: 1 + 2 overloaded; sonnet: 2");
    let first = &bodies[3];
    assert_eq!(first["model"], json!("claude-sonnet-4-5"));
    assert_eq!(first["system"], json!(SYSTEM));
    assert_eq!(first["tools"], bodies[0]["tools"]);
    support::anthropic_session::check_conversation(first);
    let messages = first["messages"].as_array().expect("messages");
    assert_eq!(messages.len(), 3);
    assert_eq!(messages[0], bodies[0]["messages"][0], "the same opening");
    assert_eq!(
        messages[1]["content"],
        json!([{"type": "text", "text": "Writing it."},
            {"type": "tool_use", "id": "toolu_01", "name": "create_file",
                "input": {"path": "index.html", "content": PAGE}}])
    );
    assert_eq!(messages[2]["content"][0]["tool_use_id"], json!("toolu_01"));
    assert!(
        messages[2]["content"][0]["content"]
            .as_str()
            .is_some_and(|t| t.contains("index.html")),
        "{}",
        messages[2]
    );
    assert!(!first.to_string().contains("sig-bound-to-this-model"));
    assert!(
        first.get("thinking").is_none(),
        "taking over mid tool loop, the fallback cannot think: {first}"
    );
    support::anthropic_session::check_conversation(&bodies[4]);

    // Spending per model at its own price; the totals add up.
    let per_model: Vec<(&str, u32, u64)> = v
        .models_used
        .iter()
        .map(|m| (m.model.as_str(), m.turns, m.usage.output_tokens))
        .collect();
    assert_eq!(
        per_model,
        [("claude-opus-4-1", 1, 300), ("claude-sonnet-4-5", 2, 55)]
    );
    let costs: Vec<f64> = v.models_used.iter().filter_map(|m| m.cost_usd).collect();
    assert_eq!(costs.len(), 2);
    assert!((costs[0] - 300.0 * 10.0 / 1e6).abs() < 1e-12, "{costs:?}");
    assert!((costs[1] - 55.0 * 20.0 / 1e6).abs() < 1e-12, "{costs:?}");
    let total = v.cost_usd.expect("known");
    assert!((total - (costs[0] + costs[1])).abs() < 1e-12);
    assert_eq!(v.usage.output_tokens, 355);
    assert_eq!(v.usage.input_tokens, 1000 + 1500 + 1600);
    let last_cost = run.events.iter().rev().find_map(|e| match e {
        EventKind::Usage { cost_usd, .. } => Some(*cost_usd),
        _ => None,
    });
    assert_eq!(last_cost, Some(Some(total)), "usage events stay cumulative");
    assert_eq!(
        (v.provider.as_str(), v.model.as_str()),
        ("anthropic", "claude-opus-4-1")
    );
    let switch = v.model_switch.as_ref().expect("recorded");
    assert_eq!(switch.to, "anthropic claude-sonnet-4-5");
    assert_eq!(v.transcript.turns.len(), 5, "3 turns, 2 results");
}

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
    assert_eq!(v.status, VariantStatus::Complete, "{:?}", run.events);
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
    assert_eq!(v.status, VariantStatus::Complete, "{:?}", run.events);
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

#[tokio::test]
async fn a_fallback_that_is_overloaded_too_fails_the_variant_after_one_switch() {
    let server = MockServer::start(vec![]).await;
    server.push_for_model("claude-opus-4-1", claude_create("toolu_01"));
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);
    overloaded_twice(&server, "claude-sonnet-4-5", claude_overloaded);

    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;

    let v = &run.outcome;
    match &v.status {
        VariantStatus::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::Overloaded);
            assert!(message.contains("claude-sonnet-4-5"), "{message}");
            assert!(message.contains("switches only once"), "{message}");
        }
        other => panic!("expected an overloaded error, got {other:?}"),
    }
    assert_switched_once(
        &run,
        "anthropic claude-opus-4-1",
        "anthropic claude-sonnet-4-5",
    );
    assert_eq!(
        run.bodies("/v1/messages").len(),
        5,
        "no third model, no loop"
    );
    assert_eq!(
        v.files.get(&RelPath::default_file()),
        Some(PAGE),
        "the work done so far is kept"
    );
    assert!(matches!(
        run.events.last(),
        Some(EventKind::Finished { failed: 1, .. })
    ));
}

#[tokio::test]
async fn without_a_fallback_an_overloaded_model_fails_clearly() {
    let server = MockServer::start(vec![]).await;
    overloaded_twice(&server, "claude-opus-4-1", claude_overloaded);

    let run = run(&server, (Provider::Anthropic, "claude-opus-4-1"), None).await;

    match &run.outcome.status {
        VariantStatus::Error { code, message } => {
            assert_eq!(*code, VariantErrorCode::Overloaded);
            assert!(
                message
                    .starts_with("anthropic claude-opus-4-1: the vendor is overloaded (HTTP 529"),
                "{message}"
            );
            assert!(message.contains("no fallback model is set"), "{message}");
            assert!(!message.contains(KEY));
        }
        other => panic!("expected an overloaded error, got {other:?}"),
    }
    assert!(run.switches().is_empty());
    assert_eq!(run.outcome.models_used.len(), 1);
    assert_eq!(run.outcome.model_switch, None);
}

#[tokio::test]
async fn an_overload_in_the_middle_of_a_stream_closes_the_half_streamed_call_and_switches() {
    let server = MockServer::start(vec![]).await;
    // Output already reached the engine, so the provider does not retry: the error comes at once.
    let args = create_args();
    let mut cut = MessagesStream::new(1000, 0, 0);
    let at = cut.tool_start("toolu_01", "create_file");
    cut.tool_delta(at, &args[..30]);
    cut.push(support::anthropic::error("overloaded_error", "Overloaded"));
    server.push_for_model("claude-opus-4-1", Reply::sse_text(cut.body()));
    server.push_for_model("claude-sonnet-4-5", claude_create("toolu_02"));
    server.push_for_model("claude-sonnet-4-5", claude_done());

    let run = run(
        &server,
        (Provider::Anthropic, "claude-opus-4-1"),
        Some((Provider::Anthropic, "claude-sonnet-4-5")),
    )
    .await;

    let v = &run.outcome;
    assert_eq!(v.status, VariantStatus::Complete, "{:?}", run.events);
    assert_eq!(v.files.get(&RelPath::default_file()), Some(PAGE));
    let of_first: Vec<String> = run
        .events
        .iter()
        .filter_map(|e| match e {
            EventKind::ToolStart { call_id, .. } if call_id == "toolu_01" => Some("start".into()),
            EventKind::CodeDelta { call_id, .. } if call_id == "toolu_01" => Some("delta".into()),
            EventKind::ToolResult { call_id, ok, .. } if call_id == "toolu_01" => {
                Some(format!("result ok={ok}"))
            }
            EventKind::ModelSwitched { .. } => Some("switched".into()),
            _ => None,
        })
        .collect();
    assert_eq!(of_first.first().map(String::as_str), Some("start"));
    assert_eq!(
        of_first[of_first.len() - 2..],
        ["result ok=false", "switched"],
        "the draft is closed before the switch: {of_first:?}"
    );
    let bodies = run.bodies("/v1/messages");
    let first = &bodies[1];
    assert_eq!(first["model"], json!("claude-sonnet-4-5"));
    assert_eq!(
        first["messages"].as_array().map(Vec::len),
        Some(1),
        "nothing of the failed turn is carried over"
    );
    assert_eq!(v.models_used[0].turns, 0);
    assert_eq!(v.turns, 2);
}
