use super::*;

#[test]
fn a_file_tool_waits_for_its_path() {
    let mut edit = PendingStart::new("e1", "edit_file");
    assert_eq!(edit.feed("", None, false), None, "an empty opening delta");
    assert_eq!(edit.feed(r#"{"pa"#, None, false), None);
    assert_eq!(
        edit.feed(r#"th": "about.html", "old_text": "#, None, false)
            .as_deref(),
        Some("Editing about.html")
    );

    let mut create = PendingStart::new("c1", "create_file");
    assert_eq!(create.feed(r#"{"path": "ab"#, None, false), None);
    assert_eq!(
        create
            .feed(r#"out.html""#, Some("about.html"), false)
            .as_deref(),
        Some("Writing about.html"),
        "create_file's path comes from the preview's decoder"
    );
}

#[test]
fn the_wait_ends_with_the_code_or_after_a_few_hundred_bytes() {
    let mut create = PendingStart::new("c1", "create_file");
    assert_eq!(
        create.feed(r#"{"content": "<p>"#, None, true).as_deref(),
        Some("Writing index.html"),
        "code before the path: the card goes out first"
    );
    let mut edit = PendingStart::new("e1", "edit_file");
    let long = format!(r#"{{"old_text": "{}"#, "x".repeat(300));
    assert_eq!(
        edit.feed(&long, None, false).as_deref(),
        Some("Editing index.html")
    );
    let mut waiting = PendingStart::new("e2", "edit_file");
    let _ = waiting.feed(r#"{"path": "a.ht"#, None, false);
    assert_eq!(waiting.title_now(None), "Editing index.html");
    let _ = waiting.feed(r#"ml", "#, None, false);
    assert_eq!(waiting.title_now(None), "Editing a.html");
}

#[test]
fn a_whole_call_gives_its_arguments_to_the_title() {
    let mut generate = PendingStart::new("g1", "generate_images");
    assert_eq!(generate.feed("", None, false), None);
    assert_eq!(
        generate
            .feed(r#"{"prompts": ["a", "b", "c"]}"#, None, false)
            .as_deref(),
        Some("Generating 3 images")
    );
    let mut streamed = PendingStart::new("g2", "generate_images");
    assert_eq!(
        streamed.feed(r#"{"prom"#, None, false).as_deref(),
        Some("Generating images")
    );
}

#[test]
fn a_projects_read_and_delete_wait_for_their_path_too() {
    let mut read = PendingStart::new("r1", "read_file");
    assert_eq!(read.feed(r#"{"path": "src/comp"#, None, false), None);
    assert_eq!(
        read.feed(r#"onents/Header.tsx"}"#, None, false).as_deref(),
        Some("Reading src/components/Header.tsx")
    );
    let mut delete = PendingStart::new("d1", "delete_file");
    assert_eq!(
        delete
            .feed(r#"{"path": "src/Old.tsx"}"#, None, false)
            .as_deref(),
        Some("Deleting src/Old.tsx")
    );
}
