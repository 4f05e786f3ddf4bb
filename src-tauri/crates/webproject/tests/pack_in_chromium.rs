//! The pack works for real: a two-page project's static build, served by a tiny local static
//! host (unknown paths answer index.html), rendered in the headless Chromium the app renders
//! with. Both routes show, react-router follows a link, the lucide icon, the Radix tooltip, clsx +
//! tailwind-merge and Tailwind's browser build all do their part, and the page logs no error
//! (two React instances would: "Invalid hook call"). With `S2C_REQUIRE_CHROMIUM=1` (CI) a missing
//! Chromium fails the test; elsewhere it is skipped with a note.

mod support;

use chromiumoxide::browser::Browser;
use chromiumoxide::cdp::browser_protocol::log::{self, EventEntryAdded, LogEntryLevel};
use chromiumoxide::cdp::js_protocol::runtime::{
    self, ConsoleApiCalledType, EventConsoleApiCalled, EventExceptionThrown,
};
use chromiumoxide::Page;
use futures::StreamExt;
use s2c_webproject::{build, Cache};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::static_host::StaticHost;
use support::{navigate, sample};

const WAIT: Duration = Duration::from_secs(20);

fn chromium() -> Option<std::path::PathBuf> {
    let path = std::env::var_os("S2C_CHROMIUM")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| "/usr/bin/chromium".into());
    if path.exists() {
        return Some(path);
    }
    if std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() == Ok("1") {
        panic!(
            "S2C_REQUIRE_CHROMIUM=1 but there is no Chromium at {}",
            path.display()
        );
    }
    eprintln!(
        "skipped: no Chromium at {} (install Debian's chromium, or set S2C_CHROMIUM)",
        path.display()
    );
    None
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_page_project_renders_from_its_static_build_with_no_errors() {
    let Some(executable) = chromium() else {
        return;
    };
    let dist = build(&sample::two_pages(), &Cache::new()).expect("the sample builds");
    let host = StaticHost::start(dist).await;

    let profile = tempfile::tempdir().expect("profile");
    let (mut browser, mut handler) =
        Browser::launch(support::browser::offline(&executable, profile.path()))
            .await
            .expect("Chromium starts");
    let events = tokio::spawn(async move { while handler.next().await.is_some() {} });

    let page = browser.new_page("about:blank").await.expect("a page");
    let errors = collect_errors(&page).await;
    navigate::open(&page, &format!("{}/", host.url())).await;

    wait_for(
        &page,
        &errors,
        "document.body.innerText.includes('Welcome home')",
        "the home route",
    )
    .await;
    let checks = eval(
        &page,
        r#"JSON.stringify({
            icon: !!document.querySelector('svg.lucide'),
            tooltip: document.getElementById('home-link')?.getAttribute('data-state'),
            headerClass: document.getElementById('site-header')?.className,
            h1Size: getComputedStyle(document.querySelector('h1')).fontSize,
            dot: document.querySelector('header img')?.complete && document.querySelector('header img').naturalWidth > 0,
        })"#,
    )
    .await;
    let checks: serde_json::Value =
        serde_json::from_str(checks.as_str().unwrap_or("{}")).expect("JSON");
    assert_eq!(checks["icon"], true, "the lucide icon renders: {checks}");
    assert_eq!(
        checks["tooltip"], "closed",
        "the Radix tooltip trigger is wired: {checks}"
    );
    assert_eq!(
        checks["headerClass"], "flex items-center gap-4 p-6",
        "tailwind-merge kept the later padding: {checks}"
    );
    assert_eq!(
        checks["h1Size"], "36px",
        "Tailwind compiled text-4xl in the page: {checks}"
    );
    assert_eq!(checks["dot"], true, "the imported asset loads: {checks}");

    eval(&page, "document.getElementById('pricing-link').click()").await;
    wait_for(
        &page,
        &errors,
        "document.body.innerText.includes('Pricing plans')",
        "the pricing route after a click",
    )
    .await;
    wait_for(
        &page,
        &errors,
        "document.body.innerText.includes('Team: $29')",
        "the JSON import",
    )
    .await;
    assert!(eval(&page, "location.hash").await.as_str() == Some("#/pricing"));

    // A reload on a deep path: the host answers index.html, the hash route shows.
    navigate::open(&page, &format!("{}/some/deep/path#/pricing", host.url())).await;
    wait_for(
        &page,
        &errors,
        "document.body.innerText.includes('Pricing plans')",
        "a deep link",
    )
    .await;

    let seen = errors.lock().map(|e| e.clone()).unwrap_or_default();
    assert!(seen.is_empty(), "the page logged errors: {seen:#?}");
    let misses: Vec<String> = host
        .misses()
        .into_iter()
        .filter(|m| m != "/favicon.ico")
        .collect();
    assert!(
        misses.is_empty(),
        "requests the build could not answer: {misses:?}"
    );

    browser.close().await.ok();
    browser.wait().await.ok();
    events.abort();
}

async fn eval(page: &Page, expression: &str) -> serde_json::Value {
    page.evaluate(expression)
        .await
        .unwrap_or_else(|e| panic!("{expression}: {e}"))
        .value()
        .cloned()
        .unwrap_or_default()
}

type Errors = Arc<Mutex<Vec<String>>>;

async fn wait_for(page: &Page, errors: &Errors, condition: &str, what: &str) {
    let until = Instant::now() + WAIT;
    loop {
        if page
            .evaluate(condition)
            .await
            .ok()
            .and_then(|r| r.value().cloned())
            == Some(serde_json::Value::Bool(true))
        {
            return;
        }
        if Instant::now() > until {
            let text = eval(page, "document.body ? document.body.innerText : ''").await;
            let errors = errors.lock().map(|e| e.clone()).unwrap_or_default();
            panic!("waited {WAIT:?} for {what}; the page shows: {text:?}; it logged: {errors:#?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn collect_errors(page: &Page) -> Errors {
    let errors = Arc::new(Mutex::new(Vec::new()));
    page.execute(runtime::EnableParams::default())
        .await
        .expect("runtime");
    page.execute(log::EnableParams::default())
        .await
        .expect("log");
    let mut entries = page
        .event_listener::<EventEntryAdded>()
        .await
        .expect("log events");
    let mut exceptions = page
        .event_listener::<EventExceptionThrown>()
        .await
        .expect("exceptions");
    let mut console = page
        .event_listener::<EventConsoleApiCalled>()
        .await
        .expect("console");
    let (e1, e2, e3) = (errors.clone(), errors.clone(), errors.clone());
    let push = |errors: &Arc<Mutex<Vec<String>>>, message: String| {
        if let Ok(mut errors) = errors.lock() {
            errors.push(message);
        }
    };
    tokio::spawn(async move {
        while let Some(event) = entries.next().await {
            // Chromium asks every site for /favicon.ico; a project need not have one.
            let url = event.entry.url.clone().unwrap_or_default();
            if event.entry.level == LogEntryLevel::Error && !url.ends_with("/favicon.ico") {
                push(&e1, format!("{} ({url})", event.entry.text));
            }
        }
    });
    tokio::spawn(async move {
        while let Some(event) = exceptions.next().await {
            push(
                &e2,
                format!(
                    "{:?}",
                    event
                        .exception_details
                        .exception
                        .as_ref()
                        .and_then(|e| e.description.clone())
                ),
            );
        }
    });
    tokio::spawn(async move {
        while let Some(event) = console.next().await {
            if matches!(
                event.r#type,
                ConsoleApiCalledType::Error | ConsoleApiCalledType::Warning
            ) {
                let parts: Vec<String> = event
                    .args
                    .iter()
                    .map(|a| format!("{:?}", a.value))
                    .collect();
                push(&e3, parts.join(" "));
            }
        }
    });
    errors
}
