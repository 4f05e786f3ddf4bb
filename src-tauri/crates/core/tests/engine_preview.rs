//! What the UI sees while a call streams, the same for every vendor: a create_file fills the
//! preview in several `code_delta`s even when the vendor sends the call whole (Gemini), and a
//! tool card's title names the file from the call's arguments.

mod support;

use s2c_core::engine::{EventKind, VariantEnd};
use s2c_core::providers::Provider;
use s2c_core::vocab::paths::normalize;
use serde_json::json;
use support::anthropic::MessagesStream;
use support::fallback::{claude_done, gpt, run};
use support::openai::{usage, ResponsesStream};
use support::{gemini, MockServer, Reply};

fn page(kb: usize) -> String {
    let row = "<section class=\"card\"><h2>Ünïcode “title”</h2><p>Body text 😀</p></section>\n";
    let mut page = String::from("<!DOCTYPE html>\n<html><body>\n");
    while page.len() < kb * 1024 {
        page.push_str(row);
    }
    page.push_str("</body></html>\n");
    page
}

fn gemini_turn(parts: serde_json::Value) -> Reply {
    let stop = gemini::usage(1000, 0, 300, 0);
    Reply::sse_text(gemini::body(&[gemini::chunk(parts, Some("STOP"), stop)]))
}

fn gemini_done() -> Reply {
    gemini_turn(json!([{"text": "Done."}]))
}

/// `text` in pieces of `size` characters, as streaming vendors send arguments.
fn pieces(text: &str, size: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    chars.chunks(size).map(|c| c.iter().collect()).collect()
}

fn code_of(events: &[EventKind], call: &str) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EventKind::CodeDelta { call_id, text, .. } if call_id == call => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn titles(events: &[EventKind]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EventKind::ToolStart { title, .. } => Some(title.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_gemini_create_file_fills_the_preview_in_several_code_deltas() {
    let content = page(24);
    let server = MockServer::start(vec![]).await;
    server.push(gemini_turn(
        json!([{"functionCall": {"id": "g1", "name": "create_file",
        "args": {"path": "about.html", "content": content}}}]),
    ));
    server.push(gemini_done());

    let run = run(&server, (Provider::Gemini, "gemini-2.5-pro"), None).await;

    assert_eq!(run.outcome.status, VariantEnd::Complete, "{:?}", run.events);
    let about = normalize("about.html").expect("path");
    assert_eq!(run.outcome.files.get(&about), Some(content.as_str()));
    let code = code_of(&run.events, "g1");
    assert!(
        code.len() >= 5,
        "streamed in steps, got {} delta(s)",
        code.len()
    );
    assert_eq!(code.concat(), content, "every byte once, in order");
    let start = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::ToolStart { .. }));
    let first_code = run
        .events
        .iter()
        .position(|e| matches!(e, EventKind::CodeDelta { .. }));
    assert!(start < first_code, "the card comes before its code");
    assert_eq!(titles(&run.events), ["Writing about.html"]);
}

fn expected_titles() -> [&'static str; 2] {
    ["Writing about.html", "Editing about.html"]
}

fn create_args() -> String {
    json!({"path": "about.html", "content": "<h1>Hello</h1>"}).to_string()
}

fn edit_args() -> String {
    json!({"path": "about.html", "old_text": "Hello", "new_text": "Bye"}).to_string()
}

fn assert_edited(run: &support::fallback::Run) {
    assert_eq!(run.outcome.status, VariantEnd::Complete, "{:?}", run.events);
    let about = normalize("about.html").expect("path");
    assert_eq!(run.outcome.files.get(&about), Some("<h1>Bye</h1>"));
    assert_eq!(titles(&run.events), expected_titles());
}

#[tokio::test]
async fn streamed_titles_name_the_file_from_the_arguments_for_every_vendor() {
    // OpenAI Responses: arguments in 8-character deltas.
    let server = MockServer::start(vec![]).await;
    for (id, name, args) in [
        ("c1", "create_file", create_args()),
        ("e1", "edit_file", edit_args()),
    ] {
        let deltas = pieces(&args, 8);
        let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
        let mut s = ResponsesStream::new();
        s.function_call(&format!("fc_{id}"), id, name, &deltas)
            .completed(usage(1000, 0, 50, 0));
        server.push_for_model("gpt-5.4", gpt(&mut s));
    }
    let mut done = ResponsesStream::new();
    done.message("msg", &["Done."])
        .completed(usage(1100, 0, 5, 0));
    server.push_for_model("gpt-5.4", gpt(&mut done));
    assert_edited(&run(&server, (Provider::OpenAi, "gpt-5.4"), None).await);

    // Anthropic Messages: input_json_delta pieces.
    let server = MockServer::start(vec![]).await;
    for (id, name, args) in [
        ("toolu_c", "create_file", create_args()),
        ("toolu_e", "edit_file", edit_args()),
    ] {
        let deltas = pieces(&args, 5);
        let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
        let mut s = MessagesStream::new(1000, 0, 0);
        s.tool_use(id, name, &deltas).stop("tool_use", 50);
        server.push_for_model("claude-sonnet-4-5", Reply::sse_text(s.body()));
    }
    server.push_for_model("claude-sonnet-4-5", claude_done());
    assert_edited(&run(&server, (Provider::Anthropic, "claude-sonnet-4-5"), None).await);

    // Gemini: each call whole.
    let server = MockServer::start(vec![]).await;
    server.push(gemini_turn(json!([{"functionCall": {"name": "create_file",
        "args": {"path": "about.html", "content": "<h1>Hello</h1>"}}}])));
    server.push(gemini_turn(json!([{"functionCall": {"name": "edit_file",
        "args": {"path": "about.html", "old_text": "Hello", "new_text": "Bye"}}}])));
    server.push(gemini_done());
    assert_edited(&run(&server, (Provider::Gemini, "gemini-2.5-pro"), None).await);
}
