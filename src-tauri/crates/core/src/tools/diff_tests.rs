use super::*;

#[test]
fn a_small_edit_gives_a_unified_diff_with_context() {
    let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
    let diff = unified_diff("index.html", old, new, MAX_DIFF_BYTES);
    assert!(
        diff.text
            .starts_with("--- a/index.html\n+++ b/index.html\n"),
        "{}",
        diff.text
    );
    assert!(diff.text.contains("-5\n+five\n"), "{}", diff.text);
    assert!(
        diff.text.contains(" 2\n"),
        "three lines of context: {}",
        diff.text
    );
    assert!(!diff.text.contains(" 1\n"), "not more: {}", diff.text);
    assert_eq!(
        (diff.added, diff.removed, diff.first_changed_line),
        (1, 1, 5)
    );
    assert!(!diff.truncated);
}

#[test]
fn huge_diffs_are_cut_at_a_line_and_say_so() {
    let old: String = (0..5000).map(|i| format!("line {i}\n")).collect();
    let new: String = (0..5000).map(|i| format!("LINE {i}\n")).collect();
    let diff = unified_diff("a.html", &old, &new, 4096);
    assert!(diff.truncated);
    assert!(diff.text.len() < 4096 + 100, "bounded: {}", diff.text.len());
    assert!(diff.text.ends_with("more lines not shown\n"), "says so");
    assert_eq!(
        (diff.added, diff.removed),
        (5000, 5000),
        "counts are of the whole diff"
    );
}

#[test]
fn first_changed_line_cases() {
    let cases = [
        ("change on line 1", "a\nb\n", "x\nb\n", 1),
        ("append a line", "a\nb\n", "a\nb\nc\n", 3),
        ("mid-line change", "a\nbcd\n", "a\nbxd\n", 2),
        ("equal texts", "a\n", "a\n", 2),
    ];
    for (name, old, new, line) in cases {
        assert_eq!(
            unified_diff("f", old, new, 1000).first_changed_line,
            line,
            "case {name:?}"
        );
    }
}
