use super::*;

#[test]
fn links_in_every_form_name_the_file_and_node() {
    let ok = [
        (
            "https://www.figma.com/design/AbC123xyz/My-Design?node-id=1-2",
            "AbC123xyz",
            "1:2",
        ),
        (
            "https://figma.com/design/AbC123xyz/My-Design?node-id=12-345&t=x",
            "AbC123xyz",
            "12:345",
        ),
        (
            "https://www.figma.com/file/KEY9/Old-style?type=design&node-id=10%3A20",
            "KEY9",
            "10:20",
        ),
        (
            "https://www.figma.com/proto/Pr0to/Flow?node-id=3-4&scaling=min-zoom",
            "Pr0to",
            "3:4",
        ),
        (
            "https://www.figma.com/design/MainKey/branch/BranchKey/Name?node-id=5-6",
            "BranchKey",
            "5:6",
        ),
        (
            "  https://www.figma.com/design/K/N?node-id=7-8  ",
            "K",
            "7:8",
        ),
        ("https://www.figma.com/design/K?node-id=7-8", "K", "7:8"),
    ];
    for (link, key, node) in ok {
        let parsed = parse_link(link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(parsed.file_key, key, "{link}");
        assert_eq!(parsed.node_id, node, "{link}");
    }
}

#[test]
fn bad_links_say_what_is_wrong() {
    let bad = [
        ("figma.com/design/K/N?node-id=1-2", "paste the whole link"),
        ("http://www.figma.com/design/K/N?node-id=1-2", "https://"),
        ("https://evil.example/design/K/N?node-id=1-2", "figma.com"),
        (
            "https://www.figma.com.evil.example/design/K/N?node-id=1-2",
            "figma.com",
        ),
        (
            "https://www.figma.com/files/recent",
            "expected figma.com/design",
        ),
        ("https://www.figma.com/design/K/N", "no node-id"),
        ("https://www.figma.com/design/K/N?node-id=", "no node-id"),
        (
            "https://www.figma.com/design/K/N?node-id=abc",
            "not a Figma node id",
        ),
        (
            "https://www.figma.com/design/K/N?node-id=1-2-3",
            "not a Figma node id",
        ),
        (
            "https://www.figma.com/design/K%2F..%2Fx/N?node-id=1-2",
            "file key",
        ),
    ];
    for (link, why) in bad {
        let err = parse_link(link).expect_err(link).to_string();
        assert!(err.contains(why), "{link}: {err}");
    }
    assert!(looks_like_figma_link("https://www.figma.com/design/K"));
    assert!(!looks_like_figma_link("https://example.com"));
}
