use super::*;

fn edit(old: &str, new: &str, count: Count) -> Edit {
    Edit {
        old_text: old.to_owned(),
        new_text: new.to_owned(),
        count,
    }
}

#[test]
fn single_edits_follow_the_matrix() {
    let page = "<h1>Hi</h1>\n<p>a</p>\n<p>a</p>\n<p>b</p>\n";
    // (case, file, edit, Ok(new text, replacements) | Err(fragment of the message))
    type Expected = Result<(&'static str, usize), &'static str>;
    let cases: Vec<(&str, &str, Edit, Expected)> = vec![
        (
            "unique match",
            page,
            edit("<h1>Hi</h1>", "<h1>Hello</h1>", Count::One),
            Ok(("<h1>Hello</h1>\n<p>a</p>\n<p>a</p>\n<p>b</p>\n", 1)),
        ),
        (
            "not found",
            page,
            edit("<h2>", "<h3>", Count::One),
            Err("was not found"),
        ),
        (
            "ambiguous without count says how many and where",
            page,
            edit("<p>a</p>", "<p>c</p>", Count::One),
            Err("occurs 2 times (at lines 2, 3)"),
        ),
        (
            "count 2 replaces both",
            page,
            edit("<p>a</p>", "<p>c</p>", Count::Exactly(2)),
            Ok(("<h1>Hi</h1>\n<p>c</p>\n<p>c</p>\n<p>b</p>\n", 2)),
        ),
        (
            "count 3 with 2 occurrences",
            page,
            edit("<p>a</p>", "<p>c</p>", Count::Exactly(3)),
            Err("count is 3 but old_text occurs 2 time(s)"),
        ),
        (
            "count 1 with 2 occurrences",
            page,
            edit("<p>a</p>", "<p>c</p>", Count::Exactly(1)),
            Err("count is 1 but old_text occurs 2"),
        ),
        (
            "count -1 replaces all",
            page,
            edit("<p>", "<p class=\"x\">", Count::All),
            Ok((
                "<h1>Hi</h1>\n<p class=\"x\">a</p>\n<p class=\"x\">a</p>\n<p class=\"x\">b</p>\n",
                3,
            )),
        ),
        (
            "count -1 with none",
            page,
            edit("<h2>", "x", Count::All),
            Err("was not found"),
        ),
        (
            "identical old and new",
            page,
            edit("<p>b</p>", "<p>b</p>", Count::One),
            Err("identical"),
        ),
        (
            "empty old text",
            page,
            edit("", "x", Count::One),
            Err("old_text is empty"),
        ),
        (
            "empty file",
            "",
            edit("<p>", "x", Count::One),
            Err("the file is empty"),
        ),
        (
            "delete with empty new text",
            page,
            edit("<p>b</p>\n", "", Count::One),
            Ok(("<h1>Hi</h1>\n<p>a</p>\n<p>a</p>\n", 1)),
        ),
        (
            "indentation differs: hint the line",
            "<div>\n    <span>x</span>\n</div>\n",
            edit("<div>\n  <span>x</span>", "y", Count::One),
            Err("appears (ignoring indentation) at line 1"),
        ),
        (
            "crlf file, lf old text: keeps crlf",
            "<a>\r\n<b>\r\n<c>\r\n",
            edit("<a>\n<b>", "<a>\n<x>\n<b>", Count::One),
            Ok(("<a>\r\n<x>\r\n<b>\r\n<c>\r\n", 1)),
        ),
        (
            "lf file, crlf old text",
            "<a>\n<b>\n",
            edit("<a>\r\n<b>", "<b>\r\n<a>", Count::One),
            Ok(("<b>\n<a>\n", 1)),
        ),
        (
            "crlf file, single-line new text with a break",
            "<a>\r\n<b>\r\n",
            edit("<b>", "<b>\n<c>", Count::One),
            Ok(("<a>\r\n<b>\r\n<c>\r\n", 1)),
        ),
        (
            "mixed file matches its lf part",
            "<a>\r\n<b>\r\n<c>\r\n<d>\n<e>\n",
            edit("<d>\n<e>", "<e>\n<d>", Count::One),
            Ok(("<a>\r\n<b>\r\n<c>\r\n<e>\n<d>\n", 1)),
        ),
        (
            "same text up to line endings is identical",
            "<a>\r\n<b>\r\n",
            edit("<a>\r\n<b>", "<a>\n<b>", Count::One),
            Err("identical"),
        ),
        (
            "unicode",
            "<p>café — ünïcode</p>",
            edit("café", "thé", Count::One),
            Ok(("<p>thé — ünïcode</p>", 1)),
        ),
    ];
    for (name, file, edit, expected) in cases {
        let got = apply_edits(file, std::slice::from_ref(&edit));
        match (got, expected) {
            (Ok((text, n)), Ok((want, want_n))) => {
                assert_eq!(text, want, "case {name:?}: text");
                assert_eq!(n, want_n, "case {name:?}: replacements");
            }
            (Err(err), Err(fragment)) => {
                let message = err.to_string();
                assert!(
                    message.contains(fragment),
                    "case {name:?}: {message:?} lacks {fragment:?}"
                );
            }
            (got, expected) => panic!("case {name:?}: got {got:?}, expected {expected:?}"),
        }
    }
}

#[test]
fn ambiguity_asks_for_more_context() {
    let err = apply_edits("x\nx\nx\n", &[edit("x", "y", Count::One)]).err();
    let message = err.map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("occurs 3 times"), "{message}");
    assert!(message.contains("add surrounding lines"), "{message}");
    assert!(message.contains("set count to 3"), "{message}");
}

#[test]
fn batches_apply_in_order_and_roll_back_on_failure() {
    let file = "<h1>A</h1>\n<p>B</p>\n";
    let ok = apply_edits(
        file,
        &[
            edit("<h1>A</h1>", "<h1>C</h1>", Count::One),
            // Sees the first edit's result.
            edit("<h1>C</h1>", "<h1>D</h1>", Count::One),
            edit("<p>B</p>", "<p>E</p>", Count::One),
        ],
    );
    assert_eq!(ok, Ok(("<h1>D</h1>\n<p>E</p>\n".to_owned(), 3)), "in order");

    let failed = apply_edits(
        file,
        &[
            edit("<h1>A</h1>", "<h1>C</h1>", Count::One),
            edit("<p>missing</p>", "x", Count::One),
        ],
    );
    let message = failed.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.starts_with("edit 2 of 2 failed"), "{message}");
    assert!(message.ends_with("No edit was applied"), "{message}");
}

#[test]
fn line_numbers_are_one_based() {
    assert_eq!(line_at("a\nb\nc", 0), 1);
    assert_eq!(line_at("a\nb\nc", 2), 2);
    assert_eq!(line_at("a\nb\nc", 100), 3);
}
