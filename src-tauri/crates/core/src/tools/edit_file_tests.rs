use crate::tools::runtime::tests::Fixture;
use serde_json::json;

const PAGE: &str = "<html>\n<body>\n<h1>Title</h1>\n<p>one</p>\n<p>one</p>\n</body>\n</html>\n";

async fn with_page() -> Fixture {
    let mut fx = Fixture::new();
    let out = fx.call("create_file", json!({"content": PAGE})).await;
    assert!(out.result.ok, "setup: {}", out.result.result);
    fx
}

#[tokio::test]
async fn a_single_edit_returns_a_diff_and_the_new_content() {
    let mut fx = with_page().await;
    let out = fx
        .call(
            "edit_file",
            json!({"old_text": "<h1>Title</h1>", "new_text": "<h1>New</h1>"}),
        )
        .await;
    assert!(out.result.ok, "{}", out.result.result);
    let text = &out.result.result;
    assert!(
        text.starts_with("Edited index.html: 1 replacement; the first changed line is 3."),
        "{text}"
    );
    assert!(text.contains("-<h1>Title</h1>\n+<h1>New</h1>"), "{text}");
    assert_eq!(out.result.summary, "Edited index.html (+1 −1)");
    let change = out.changed_file.unwrap_or_else(|| panic!("changed file"));
    assert_eq!(change.content, PAGE.replace("Title", "New"));
    assert!(matches!(
        out.detail,
        Some(crate::tools::ToolDetail::FileEdited {
            first_changed_line: 3,
            ..
        })
    ));
}

#[tokio::test]
async fn edit_file_argument_and_state_errors() {
    let cases = [
        (
            "missing file",
            json!({"path": "about.html", "old_text": "a", "new_text": "b"}),
            "about.html does not exist (existing files: index.html)",
        ),
        (
            "count zero",
            json!({"old_text": "<p>one</p>", "new_text": "x", "count": 0}),
            "`count` is 0",
        ),
        (
            "count minus two",
            json!({"old_text": "<p>one</p>", "new_text": "x", "count": -2}),
            "`count` is -2",
        ),
        (
            "count not a number",
            json!({"old_text": "a", "new_text": "b", "count": "all"}),
            "must be a whole number",
        ),
        (
            "both shapes",
            json!({"old_text": "a", "new_text": "b", "edits": [{"old_text": "a", "new_text": "b"}]}),
            "not both",
        ),
        ("empty batch", json!({"edits": []}), "`edits` is empty"),
        (
            "batch item without new_text",
            json!({"edits": [{"old_text": "a"}]}),
            "`edits[0].new_text` is required",
        ),
        (
            "no old_text",
            json!({"new_text": "b"}),
            "`old_text` is required",
        ),
        (
            "ambiguous",
            json!({"old_text": "<p>one</p>", "new_text": "<p>two</p>"}),
            "occurs 2 times (at lines 4, 5)",
        ),
        (
            "escaping path",
            json!({"path": "../index.html", "old_text": "a", "new_text": "b"}),
            "contains \"..\"",
        ),
    ];
    for (name, args, fragment) in cases {
        let mut fx = with_page().await;
        let out = fx.call("edit_file", args).await;
        assert!(!out.result.ok, "case {name:?}");
        assert!(
            out.result.result.contains(fragment),
            "case {name:?}: {}",
            out.result.result
        );
        assert_eq!(
            fx.file("index.html"),
            Some(PAGE),
            "case {name:?}: unchanged"
        );
    }
}

#[tokio::test]
async fn batches_are_all_or_nothing_and_nulls_mean_absent() {
    let mut fx = with_page().await;
    let failing = json!({"path": null, "old_text": null, "new_text": null, "count": null, "edits": [
        {"old_text": "<h1>Title</h1>", "new_text": "<h1>A</h1>", "count": null},
        {"old_text": "<h2>", "new_text": "x", "count": null},
    ]});
    let out = fx.call("edit_file", failing).await;
    assert!(!out.result.ok);
    assert!(
        out.result.result.contains("edit 2 of 2 failed"),
        "{}",
        out.result.result
    );
    assert_eq!(fx.file("index.html"), Some(PAGE), "rolled back");

    let passing = json!({"edits": [
        {"old_text": "<h1>Title</h1>", "new_text": "<h1>A</h1>"},
        {"old_text": "<p>one</p>", "new_text": "<p>two</p>", "count": -1},
    ]});
    let out = fx.call("edit_file", passing).await;
    assert!(out.result.ok, "{}", out.result.result);
    assert!(
        out.result.result.contains("3 replacements in 2 edits"),
        "{}",
        out.result.result
    );
    assert_eq!(
        fx.file("index.html"),
        Some(PAGE.replace("Title", "A").replace("one", "two").as_str())
    );
}

#[tokio::test]
async fn crlf_files_keep_their_line_endings() {
    let mut fx = Fixture::new();
    let crlf = PAGE.replace('\n', "\r\n");
    fx.call("create_file", json!({"content": crlf})).await;
    let out = fx.call("edit_file", json!({"old_text": "<body>\n<h1>Title</h1>", "new_text": "<body>\n<nav></nav>\n<h1>Title</h1>"})).await;
    assert!(out.result.ok, "{}", out.result.result);
    let expected = crlf.replace("<body>\r\n", "<body>\r\n<nav></nav>\r\n");
    assert_eq!(fx.file("index.html"), Some(expected.as_str()));
}
