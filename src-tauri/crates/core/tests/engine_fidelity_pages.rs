//! Fidelity per page on a site, end to end on the mock OpenAI Responses vendor and a real
//! headless Chromium: three screenshots make a two-page site (Home handed over at a desktop and
//! a mobile width, Pricing at one), the plan builder gives `check_fidelity` each page with its
//! own screenshot(s), and the model writes Home right and Pricing wrong. The automatic check
//! scores every page (Home at each width), the site's score is the lowest (Pricing), and the
//! round of fixes names `/pricing`; once fixed, the next check scores it close.

mod render_support;
mod support;

use render_support::two_page_site::{self as site, DESKTOP, MOBILE};
use s2c_core::engine::{
    self, CollectingSink, EventEmitter, GenerationPlan, LoopLimits, PlanSource, PlannedVariant,
    VendorSessions,
};
use s2c_core::prompts::{CreateInput, Page, Stack};
use s2c_core::providers::Provider;
use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::responsive::{infer_width, WidthGroup, WidthShot};
use s2c_core::tools::MediaTools;
use s2c_core::vocab::ImageAttachment;
use serde_json::{json, Value};
use std::sync::Arc;
use support::engine_harness::{sse, text_turn, Harness};
use support::openai::{usage, ResponsesStream};

fn png(data: Vec<u8>) -> ImageAttachment {
    ImageAttachment {
        media_type: "image/png".to_owned(),
        data,
    }
}

/// One turn of function calls.
fn calls(list: &[(&str, &str, Value)]) -> ResponsesStream {
    let mut s = ResponsesStream::new();
    for (call_id, name, args) in list {
        let args = args.to_string();
        s.function_call(&format!("fc_{call_id}"), call_id, name, &[&args]);
    }
    s.completed(usage(2000, 0, 600, 0));
    s
}

fn user_text(request: &Value) -> String {
    serde_json::to_string(&request["input"]).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rounds_score_every_page_and_fix_the_lowest_one_by_its_route() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Arc::new(Renderer::new(RendererConfig::new(chromium)));
    let home_desktop = site::screenshot(&renderer, "/", DESKTOP).await;
    let home_mobile = site::screenshot(&renderer, "/", MOBILE).await;
    let pricing = site::screenshot(&renderer, "/pricing", DESKTOP).await;

    let writes: Vec<(String, &str, Value)> = site::written(site::WRONG_PRICING)
        .into_iter()
        .enumerate()
        .map(|(i, (path, text))| {
            (
                format!("c{i}"),
                "create_file",
                json!({"path": path, "content": text}),
            )
        })
        .collect();
    let writes: Vec<(&str, &str, Value)> = writes
        .iter()
        .map(|(id, name, args)| (id.as_str(), *name, args.clone()))
        .collect();
    let mut h = Harness::new(vec![
        sse(&calls(&writes)),
        sse(&text_turn("Built both pages.")),
        sse(&calls(&[(
            "f1",
            "create_file",
            json!({"path": "src/pages/Pricing.tsx", "content": site::PRICING}),
        )])),
        sse(&text_turn("Rebuilt the pricing page.")),
    ])
    .await;
    let dir = tempfile::tempdir().expect("temp dir");
    // Home is screenshots 1 and 3 (one page at two widths), Pricing screenshot 2.
    let groups = vec![WidthGroup::new(vec![
        WidthShot {
            index: 0,
            width: infer_width(DESKTOP.width, Some(1)),
        },
        WidthShot {
            index: 2,
            width: infer_width(MOBILE.width, Some(1)),
        },
    ])
    .expect("a group")];
    let built = GenerationPlan {
        stack: Stack::ReactVite,
        source: PlanSource::Create {
            input: CreateInput::Screenshots {
                shots: vec![png(home_desktop), png(pricing), png(home_mobile)],
                groups,
            },
            instructions: None,
        },
        design_system: None,
        assets: vec![],
        start_files: vec![],
        pages: vec![
            Page {
                name: "Home".to_owned(),
                route: "/".to_owned(),
            },
            Page {
                name: "Pricing".to_owned(),
                route: "/pricing".to_owned(),
            },
        ],
        variants: vec![PlannedVariant {
            provider: Provider::OpenAi,
            session: h.session(None),
            dir: dir.path().to_path_buf(),
            fallback: None,
        }],
        media: MediaTools::new(Some(renderer.clone()), None, None),
        image_generation: false,
        limits: LoopLimits {
            fidelity_rounds: 1,
            ..LoopLimits::default()
        },
        factory: Arc::new(VendorSessions),
    }
    .build()
    .expect("a plan");
    let sink = Arc::new(CollectingSink::new());
    h.sink = sink.clone();
    let outcome = tokio::time::timeout(
        std::time::Duration::from_secs(240),
        engine::start(built.spec, Arc::new(EventEmitter::new(sink))).wait(),
    )
    .await
    .expect("the generation ends");
    renderer.shutdown().await;

    let checks = h.fidelity_checks();
    let scores = &outcome.variants[0].fidelity_scores;
    eprintln!("scores {scores:?}; checks {checks:#?}");
    assert_eq!(checks.len(), 2, "a check, a fix, a check: {scores:?}");

    let (first, summary) = &checks[0];
    let routes: Vec<&str> = first.pages.iter().map(|p| p.route.as_str()).collect();
    assert_eq!(routes, ["/", "/pricing"], "every page is scored");
    let (home, pricing) = (&first.pages[0], &first.pages[1]);
    assert_eq!(home.widths.len(), 2, "Home at each of its widths: {home:?}");
    assert_eq!(home.widths[1].width.css, 390);
    assert!(
        home.widths.iter().all(|w| w.total >= 90.0),
        "Home is right at both widths: {home:?}"
    );
    assert!(pricing.widths.is_empty(), "one screenshot: {pricing:?}");
    assert!(
        pricing.total < home.total - 10.0,
        "Pricing is clearly the weak page: {:?}",
        first.pages
    );
    assert_eq!(first.total, pricing.total, "the site's score is the lowest");
    assert_eq!(first.route.as_deref(), Some("/pricing"));
    assert!(summary.ends_with("lowest: Pricing"), "{summary}");

    // The round of fixes named the page to fix by its route.
    let requests = h.server.requests();
    let fix = user_text(&requests[2].json());
    assert!(
        fix.contains("The site's score is the lowest: Pricing at route `/pricing`"),
        "the round names the lowest page: {fix}"
    );
    assert!(fix.contains("Home (/) "), "and lists every page: {fix}");

    let (last, _) = &checks[1];
    assert!(
        last.total > first.total + 10.0,
        "the fix on /pricing counted: {scores:?}"
    );
    assert!(
        last.pages.iter().all(|p| p.total >= 90.0),
        "both pages close at the end: {:?}",
        last.pages
    );
    assert!(
        h.server.violations().is_empty(),
        "{:?}",
        h.server.violations()
    );
}
