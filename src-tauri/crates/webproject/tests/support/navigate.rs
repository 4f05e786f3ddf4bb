//! Opens an address in a Chromium page and waits for its `load` by asking the page itself.
//!
//! chromiumoxide's `goto` waits on its own record of the frame's lifecycle events. Under the
//! whole suite on 2 cores that record sometimes never sees the new document's `load` although
//! the page has finished (seen in CI on 2026-12-06, never alone), and the test failed on a
//! navigation that had worked. The page's own `document.readyState` and address are what the
//! test means by "loaded", so that is what is polled.

use chromiumoxide::Page;
use std::time::{Duration, Instant};

const LOAD: Duration = Duration::from_secs(30);

/// Navigates `page` to `url` and returns once that document's `readyState` is `complete`;
/// panics, saying what the page is doing, past [`LOAD`].
pub async fn open(page: &Page, url: &str) {
    let target = serde_json::to_string(url).expect("a URL is a JSON string");
    // Deferred, so that the evaluation answers before its context goes away with the page.
    let go = format!("setTimeout(() => {{ location.href = {target}; }}, 0); true");
    page.evaluate(go)
        .await
        .expect("the page takes a navigation");
    let arrived = format!("location.href === {target} && document.readyState === 'complete'");
    let until = Instant::now() + LOAD;
    loop {
        let done = page
            .evaluate(arrived.as_str())
            .await
            .ok()
            .and_then(|r| r.value().cloned());
        if done == Some(serde_json::Value::Bool(true)) {
            return;
        }
        if Instant::now() > until {
            let state = page
                .evaluate(
                    "JSON.stringify({href: location.href, readyState: document.readyState, \
                     pending: performance.getEntriesByType('resource')\
                     .filter(e => e.responseEnd === 0).map(e => e.name)})",
                )
                .await
                .ok()
                .and_then(|r| r.value().cloned());
            panic!("{url} did not finish loading within {LOAD:?}; the page says {state:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
