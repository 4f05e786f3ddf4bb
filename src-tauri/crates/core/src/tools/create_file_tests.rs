use crate::tools::runtime::tests::Fixture;
use serde_json::json;

const PAGE: &str = "<!DOCTYPE html>\n<html><body>Hi</body></html>\n";

#[tokio::test]
async fn a_fence_around_the_content_is_not_written() {
    let mut fx = Fixture::new();
    let out = fx
        .call(
            "create_file",
            json!({"content": format!("```html\n{PAGE}```\n")}),
        )
        .await;
    assert!(out.result.ok, "{}", out.result.result);
    assert_eq!(fx.file("index.html"), Some(PAGE));
    assert_eq!(
        out.changed_file.map(|c| c.content).as_deref(),
        Some(PAGE),
        "the UI gets the clean file too"
    );
}

#[tokio::test]
async fn a_fence_that_holds_nothing_is_empty_content() {
    let mut fx = Fixture::new();
    let out = fx
        .call("create_file", json!({"content": "```html\n```"}))
        .await;
    assert!(!out.result.ok);
    assert!(
        out.result.result.contains("`content` is empty"),
        "{}",
        out.result.result
    );
}
