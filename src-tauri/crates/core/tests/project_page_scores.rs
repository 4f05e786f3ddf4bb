//! A site's versions are scored page by page in the background, with a real headless Chromium:
//! each route against its own screenshot(s) as the generation recorded them (Home handed over
//! at a desktop and a mobile width, Pricing at one), every page's score stored with the
//! variant and the lowest as its score; a version made later (a hand edit) is scored the same
//! way. A site from before pages were recorded is scored at its root, never at a path no
//! route shows (which read as "Fidelity 0").

mod render_support;

use render_support::two_page_site::{self as site, DESKTOP, MOBILE};
use s2c_core::project::{
    InputId, NewVariant, NewVersion, PageInput, Project, ProjectService, VariantOutcome, VersionId,
    VersionInfo, VersionKind, VersionPage,
};
use s2c_core::prompts::Stack;
use s2c_core::render::{Renderer, RendererConfig};
use s2c_core::responsive::infer_width;
use s2c_core::versions::{AfterEffects, Change, VariantScored, VersionEvent};
use std::sync::{mpsc, Arc};
use std::time::Duration;

struct Setup {
    _dir: tempfile::TempDir,
    service: Arc<ProjectService>,
    project: Project,
    first: VersionInfo,
}

/// A page's screenshot: its input's index, and its CSS width when it is one of several.
type Shot = (usize, Option<u32>);

/// A site generated from `inputs` (name, screenshot) with `pages` recorded (by input index),
/// its pricing page as `pricing`.
fn setup(inputs: Vec<(&str, Vec<u8>)>, pages: &[(&str, &str, Vec<Shot>)], pricing: &str) -> Setup {
    let dir = tempfile::tempdir().expect("temp dir");
    let service = Arc::new(ProjectService::new(
        &dir.path().join("appdata"),
        &dir.path().join("Projects"),
    ));
    let project = service.create("Site", None).expect("project");
    let ids: Vec<InputId> = inputs
        .iter()
        .map(|(name, png)| project.add_input(name, "image/png", png).expect("input").id)
        .collect();
    let spec = NewVersion {
        kind: Some(VersionKind::Generation),
        stack: Some(Stack::ReactVite),
        inputs: ids.clone(),
        pages: pages
            .iter()
            .map(|(name, route, shots)| VersionPage {
                name: (*name).to_owned(),
                route: (*route).to_owned(),
                shots: shots
                    .iter()
                    .map(|&(i, css)| PageInput {
                        input_id: ids[i],
                        width: css.map(|w| infer_width(w, Some(1))),
                    })
                    .collect(),
            })
            .collect(),
        ..NewVersion::default()
    };
    let (version, recorders) = project
        .start_generation(spec, vec![NewVariant::default()])
        .expect("start");
    for mut recorder in recorders {
        recorder.mark_generating().expect("generating");
        recorder.set_files(&site::files(pricing)).expect("files");
        recorder.finish(VariantOutcome::Complete).expect("finish");
    }
    let first = project.finish_generation(version, true).expect("finished");
    Setup {
        _dir: dir,
        service,
        project,
        first,
    }
}

fn after_effects(service: &Arc<ProjectService>) -> (AfterEffects, mpsc::Receiver<VersionEvent>) {
    let (tx, rx) = mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    let announce = Arc::new(move |event| {
        let _ = tx.lock().expect("lock").send(event);
    });
    (AfterEffects::new(service.clone(), announce), rx)
}

/// The score of `version`, or a panic naming what never came.
fn score_of(events: &mpsc::Receiver<VersionEvent>, version: VersionId) -> VariantScored {
    loop {
        match events.recv_timeout(Duration::from_secs(120)) {
            Ok(VersionEvent::Scored(s)) if s.version_id == version => return s,
            Ok(_) => {}
            Err(_) => panic!("version {version} was not scored within 120 s"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_page_of_a_site_is_scored_against_its_own_screenshots_and_the_lowest_counts() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Arc::new(Renderer::new(RendererConfig::new(chromium)));
    let inputs = vec![
        ("home.png", site::screenshot(&renderer, "/", DESKTOP).await),
        (
            "home-mobile.png",
            site::screenshot(&renderer, "/", MOBILE).await,
        ),
        (
            "pricing.png",
            site::screenshot(&renderer, "/pricing", DESKTOP).await,
        ),
    ];
    let s = setup(
        inputs,
        &[
            (
                "Home",
                "/",
                vec![(0, Some(DESKTOP.width)), (1, Some(MOBILE.width))],
            ),
            ("Pricing", "/pricing", vec![(2, None)]),
        ],
        site::WRONG_PRICING,
    );
    let (door, events) = after_effects(&s.service);
    door.clone()
        .generation_stored(
            s.project.clone(),
            s.first.clone(),
            Some(s.first.id),
            Some(renderer.clone()),
            None,
            false,
        )
        .await;
    let first = tokio::task::block_in_place(|| score_of(&events, s.first.id));
    eprintln!("generated: {first:?}");
    let routes: Vec<&str> = first.pages.iter().map(|p| p.route.as_str()).collect();
    assert_eq!(routes, ["/", "/pricing"]);
    let (home, pricing) = (&first.pages[0], &first.pages[1]);
    assert_eq!(
        home.widths.iter().map(|w| w.width.css).collect::<Vec<_>>(),
        [1280, 390],
        "Home at each width, widest first"
    );
    assert!(home.total >= 90.0, "Home is right: {home:?}");
    assert!(pricing.total < home.total - 10.0, "{:?}", first.pages);
    assert_eq!(first.total, pricing.total, "the lowest page is the score");

    // As stored (the card reads this), with the lowest page's report.
    let variant = s.first.variants[0].id;
    let stored = s.project.scores(&[variant]).expect("scores");
    assert_eq!(stored[0].pages, first.pages);
    assert_eq!(stored[0].total, pricing.total);
    assert!(stored[0].widths.is_empty(), "Pricing has one screenshot");

    // A hand edit that fixes Pricing is scored page by page too.
    let edited = door
        .make(
            s.project.id(),
            Change::SaveFile {
                base: s.first.id,
                variant: None,
                path: "src/pages/Pricing.tsx".into(),
                content: site::PRICING.into(),
            },
            Some(renderer.clone()),
        )
        .await
        .expect("saved");
    let fixed = tokio::task::block_in_place(|| score_of(&events, edited.id));
    eprintln!("fixed: {fixed:?}");
    assert_eq!(fixed.pages.len(), 2, "{fixed:?}");
    assert!(
        fixed.pages.iter().all(|p| p.total >= 90.0) && fixed.total >= 90.0,
        "{fixed:?}"
    );
    renderer.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_site_without_recorded_pages_is_scored_at_its_root_not_at_zero() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Arc::new(Renderer::new(RendererConfig::new(chromium)));
    let home = site::screenshot(&renderer, "/", DESKTOP).await;
    // As a project saved before pages were recorded: its inputs, no pages.
    let s = setup(vec![("home.png", home)], &[], site::PRICING);
    let (door, events) = after_effects(&s.service);
    let edited = door
        .make(
            s.project.id(),
            Change::SaveFile {
                base: s.first.id,
                variant: None,
                path: "src/components/Header.tsx".into(),
                content: site::HEADER.replace("gap-6", "gap-7"),
            },
            Some(renderer.clone()),
        )
        .await
        .expect("saved");
    let scored = tokio::task::block_in_place(|| score_of(&events, edited.id));
    renderer.shutdown().await;
    assert!(
        scored.total >= 90.0,
        "the home route against the home screenshot: {scored:?}"
    );
    assert!(scored.pages.is_empty(), "one page: {scored:?}");
}
