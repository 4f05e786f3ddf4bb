//! Fidelity rounds in the agent loop, against the mock OpenAI Responses vendor (scripted turns,
//! every request captured) and a real headless Chromium: after the model finishes, the engine
//! checks the page against the screenshot and sends the report with its diff image; the rounds
//! stop at the limit, when the score stops improving, or when the page is good enough; a round
//! that made the page worse gives way to the best page; and the model's own `check_fidelity`
//! calls get the score and the image in their tool result, up to the same limit.

mod render_support;
mod support;

use s2c_core::engine::{self, EventEmitter, EventKind, GenerationSpec};
use s2c_core::fidelity::screenshot_of;
use s2c_core::render::{FileSnapshot, Renderer, RendererConfig, ScreenSize};
use s2c_core::tools::{CheckFidelity, ToolDetail};
use s2c_core::vocab::paths::normalize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::Arc;
use support::engine_harness::{create_turn, edit_turn, sse, text_turn, AwaitOutcome, Harness};
use support::openai::{usage, ResponsesStream};
use support::Reply;

const STYLE: &str = "<style>body{margin:0;font-family:'DejaVu Sans',sans-serif;color:#0f172a}\
.hero{padding:64px;background:#eef2ff}.hero h1{font-size:44px;margin:0 0 16px}\
.btn{display:inline-block;background:#4f46e5;color:#fff;padding:14px 24px;border-radius:8px}\
.cards{display:grid;grid-template-columns:repeat(3,1fr);gap:24px;padding:48px 64px}\
.card{border:2px solid #c7d2fe;border-radius:12px;padding:24px;height:160px}\
footer{padding:32px 64px;background:#0f172a;color:#cbd5e1}</style>";

const CARDS: &str = "<section class=\"cards\"><div class=\"card\"><h3>Connect</h3><p>Postgres, \
BigQuery and forty more sources.</p></div><div class=\"card\"><h3>Real-time</h3><p>Charts \
refresh as data changes.</p></div><div class=\"card\"><h3>Share</h3><p>Links with expiry and \
row-level access.</p></div></section>";

/// The page the screenshot shows, and versions of it a model might write.
fn page(hero: &str, cards: &str) -> String {
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\">{STYLE}</head><body>\
         <section class=\"hero\" style=\"background:{hero}\"><h1>Ship dashboards in minutes</h1>\
         <p>Live, shareable dashboards from your data.</p><span class=\"btn\">Get started</span>\
         </section>{cards}<footer>© 2026 Lumen · Privacy · Terms</footer></body></html>"
    )
}

const RIGHT_HERO: &str = "#eef2ff";
const WRONG_HERO: &str = "#fde68a";
const NO_CARDS: &str = "<!--cards-->";

fn target() -> String {
    page(RIGHT_HERO, CARDS)
}

async fn screenshot(renderer: &Renderer) -> Vec<u8> {
    let texts = BTreeMap::from([(normalize("index.html").expect("path"), target())]);
    let screen = ScreenSize {
        width: 1280,
        height: 800,
    };
    screenshot_of(
        renderer,
        Arc::new(FileSnapshot::new(texts, None)),
        "/index.html",
        screen,
    )
    .await
    .unwrap_or_else(|e| panic!("rendering the target failed: {e}"))
}

fn renderer() -> Option<Arc<Renderer>> {
    Some(Arc::new(Renderer::new(RendererConfig::new(
        render_support::chromium()?,
    ))))
}

/// One variant with the file tools and check_fidelity against `shot`.
fn spec(
    harness: &mut Harness,
    renderer: Arc<Renderer>,
    shot: Vec<u8>,
    rounds: u32,
) -> GenerationSpec {
    harness.fidelity_spec(CheckFidelity::new(renderer, shot, rounds + 1), rounds)
}

fn check_call(call_id: &str) -> Reply {
    let mut s = ResponsesStream::new();
    s.function_call(&format!("fc_{call_id}"), call_id, "check_fidelity", &["{}"])
        .completed(usage(1500, 1000, 30, 0));
    sse(&s)
}

async fn run(harness: &mut Harness, spec: GenerationSpec) -> engine::GenerationOutcome {
    let emitter = Arc::new(EventEmitter::new(harness.sink.clone()));
    tokio::time::timeout(
        std::time::Duration::from_secs(120),
        engine::start(spec, emitter).await_outcome(),
    )
    .await
    .expect("the generation ends")
}

/// One generation of one variant that works through `replies`, with `rounds` fidelity rounds
/// against the target's screenshot; `None` (skipped) without a Chromium.
async fn generate(
    replies: Vec<Reply>,
    rounds: u32,
) -> Option<(Harness, engine::GenerationOutcome)> {
    let renderer = renderer()?;
    let shot = screenshot(&renderer).await;
    let mut harness = Harness::new(replies).await;
    let spec = spec(&mut harness, renderer.clone(), shot, rounds);
    let outcome = run(&mut harness, spec).await;
    renderer.shutdown().await;
    Some((harness, outcome))
}

/// The user messages of a request's input: their text and their images' data URLs.
fn user_messages(request: &Value) -> Vec<(String, Vec<String>)> {
    request["input"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|item| item["role"] == "user")
        .map(|item| {
            let parts = item["content"].as_array().cloned().unwrap_or_default();
            let text = parts
                .iter()
                .filter_map(|p| p["text"].as_str())
                .collect::<Vec<_>>()
                .join("\n");
            let images = parts
                .iter()
                .filter_map(|p| p["image_url"].as_str().map(str::to_owned))
                .collect();
            (text, images)
        })
        .collect()
}

/// The automatic checks' results, from the events: (call id, score, automatic).
fn checks(harness: &Harness) -> Vec<(String, f64, bool)> {
    harness
        .events()
        .into_iter()
        .filter_map(|e| match e.kind {
            EventKind::ToolResult {
                call_id,
                detail: Some(ToolDetail::FidelityCheck(check)),
                ..
            } => Some((call_id, check.total, check.automatic)),
            _ => None,
        })
        .collect()
}

fn statuses(harness: &Harness) -> Vec<String> {
    harness
        .events()
        .into_iter()
        .filter_map(|e| match e.kind {
            EventKind::Status { message } => Some(message),
            _ => None,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rounds_send_the_report_and_image_and_stop_when_the_page_is_right() {
    let Some((harness, outcome)) = generate(
        vec![
            sse(&create_turn(
                "c1",
                "index.html",
                &page(WRONG_HERO, NO_CARDS),
            )),
            sse(&text_turn("Done.")),
            sse(&edit_turn("e1", NO_CARDS, CARDS)),
            sse(&text_turn("Added the cards.")),
            sse(&edit_turn(
                "e2",
                &format!("background:{WRONG_HERO}"),
                &format!("background:{RIGHT_HERO}"),
            )),
            sse(&text_turn("Fixed the hero colour.")),
        ],
        2,
    )
    .await
    else {
        return;
    };

    let variant = &outcome.variants[0];
    let scores = &variant.fidelity_scores;
    eprintln!("scores {scores:?}, statuses {:?}", statuses(&harness));
    assert_eq!(scores.len(), 3, "{scores:?}");
    assert!(scores[0] < scores[1] && scores[1] < scores[2], "{scores:?}");
    assert!(scores[2] >= 98.0, "the page ended right: {scores:?}");
    let checks = checks(&harness);
    let ids: Vec<&str> = checks.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(
        ids,
        ["auto-fidelity-1", "auto-fidelity-2", "auto-fidelity-3"]
    );
    assert!(checks.iter().all(|c| c.2), "all automatic");
    assert!(
        statuses(&harness)
            .iter()
            .any(|s| s.contains("nothing a designer would notice")),
        "{:?}",
        statuses(&harness)
    );

    // Every request was answered and the model got each report with its image.
    let requests = harness.server.requests();
    assert_eq!(requests.len(), 6, "no seventh turn");
    assert_eq!(harness.server.remaining_replies(), 0);
    for (n, request) in [(2, &requests[2]), (4, &requests[4])] {
        let messages = user_messages(&request.json());
        let (text, images) = messages.last().expect("a user message");
        assert!(
            text.starts_with("Fidelity to the screenshot: "),
            "request {n}: {text}"
        );
        assert!(
            text.contains("That was an automatic check"),
            "request {n}: {text}"
        );
        assert_eq!(images.len(), 1, "request {n}: the diff image");
        assert!(
            images[0].starts_with("data:image/jpeg;base64,"),
            "request {n}"
        );
    }
    let first = &user_messages(&requests[2].json())
        .last()
        .cloned()
        .expect("message")
        .0;
    assert!(
        first.contains("missing:"),
        "the missing cards are named: {first}"
    );
    assert!(
        harness.server.violations().is_empty(),
        "{:?}",
        harness.server.violations()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rounds_stop_when_the_score_stops_improving() {
    let Some((harness, outcome)) = generate(
        vec![
            sse(&create_turn(
                "c1",
                "index.html",
                &page(WRONG_HERO, NO_CARDS),
            )),
            sse(&text_turn("Done.")),
            // A change nobody can see.
            sse(&edit_turn("e1", "<head>", "<head><title>Lumen</title>")),
            sse(&text_turn("Tweaked it.")),
        ],
        5,
    )
    .await
    else {
        return;
    };

    let scores = &outcome.variants[0].fidelity_scores;
    assert_eq!(scores.len(), 2, "{scores:?}");
    assert!((scores[1] - scores[0]).abs() < 0.5, "{scores:?}");
    assert!(
        statuses(&harness)
            .iter()
            .any(|s| s.contains("stopped improving")),
        "{:?}",
        statuses(&harness)
    );
    assert_eq!(
        harness.server.requests().len(),
        4,
        "no round after the second check"
    );
    assert_eq!(harness.server.remaining_replies(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_that_made_the_page_worse_gives_way_to_the_best_page() {
    let good = page(WRONG_HERO, CARDS);
    let Some((harness, outcome)) = generate(
        vec![
            sse(&create_turn("c1", "index.html", &good)),
            sse(&text_turn("Done.")),
            sse(&edit_turn("e1", CARDS, NO_CARDS)),
            sse(&text_turn("Simplified.")),
        ],
        3,
    )
    .await
    else {
        return;
    };

    let variant = &outcome.variants[0];
    let scores = &variant.fidelity_scores;
    assert_eq!(scores.len(), 2, "{scores:?}");
    assert!(scores[1] + 1.0 < scores[0], "{scores:?}");
    let index = normalize("index.html").expect("path");
    assert_eq!(
        variant.files.get(&index),
        Some(good.as_str()),
        "the better page is kept"
    );
    assert!(
        statuses(&harness)
            .iter()
            .any(|s| s.contains("its page is kept")),
        "{:?}",
        statuses(&harness)
    );
    // The UI got the kept page in full.
    let last_code = harness
        .events()
        .into_iter()
        .rev()
        .find_map(|e| match e.kind {
            EventKind::SetCode { content, .. } => Some(content),
            _ => None,
        });
    assert_eq!(last_code.as_deref(), Some(good.as_str()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_that_cannot_run_leaves_the_checked_page_complete() {
    let written = page(WRONG_HERO, CARDS);
    // The vendor answers the work, then fails the round of fixes (no reply scripted: HTTP 500).
    let Some((harness, outcome)) = generate(
        vec![
            sse(&create_turn("c1", "index.html", &written)),
            sse(&text_turn("Done.")),
        ],
        2,
    )
    .await
    else {
        return;
    };

    let variant = &outcome.variants[0];
    assert_eq!(
        variant.status,
        engine::VariantEnd::Complete,
        "{:?}",
        variant.status
    );
    assert_eq!(variant.fidelity_scores.len(), 1);
    let index = normalize("index.html").expect("path");
    assert_eq!(variant.files.get(&index), Some(written.as_str()));
    assert!(
        statuses(&harness)
            .iter()
            .any(|s| s.contains("the round of fixes could not run")),
        "{:?}",
        statuses(&harness)
    );
    assert!(
        harness.types(0).ends_with(&["variant_complete"]),
        "{:?}",
        harness.types(0)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_models_own_checks_return_the_score_and_image_up_to_the_limit() {
    let Some((harness, outcome)) = generate(
        vec![
            sse(&create_turn("c1", "index.html", &page(WRONG_HERO, CARDS))),
            check_call("k1"),
            check_call("k2"),
            check_call("k3"),
            sse(&text_turn("Done.")),
        ],
        1,
    )
    .await
    else {
        return;
    };

    let requests = harness.server.requests();
    assert_eq!(requests.len(), 5);
    let output = |request: &Value, call: &str| -> Value {
        request["input"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|item| item["type"] == "function_call_output" && item["call_id"] == call)
            .map(|item| item["output"].clone())
            .unwrap_or_else(|| panic!("no output for {call}"))
    };
    let first = output(&requests[2].json(), "k1");
    let parts = first.as_array().expect("text and image parts");
    let text = parts[0]["text"].as_str().unwrap_or_default();
    assert!(text.starts_with("Fidelity to the screenshot: "), "{text}");
    assert!(text.contains("(check 1 of 2)"), "{text}");
    assert_eq!(parts[1]["type"], json!("input_image"));
    assert!(parts[1]["image_url"]
        .as_str()
        .unwrap_or_default()
        .starts_with("data:image/jpeg;base64,"));
    let second = output(&requests[3].json(), "k2");
    assert!(
        second.to_string().contains("the check before scored"),
        "{second}"
    );
    let third = output(&requests[4].json(), "k3");
    assert!(
        third.to_string().contains("used all 2 of its checks"),
        "{third}"
    );
    // The model's checks count: it ended on an unchanged page, so no automatic round.
    assert_eq!(outcome.variants[0].fidelity_scores.len(), 2);
    assert!(checks(&harness).iter().all(|c| !c.2), "none automatic");
}
