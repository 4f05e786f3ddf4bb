use super::*;

fn shown(content: &str, complete: bool) -> &str {
    &content[unfenced(content, complete)]
}

#[test]
fn a_fence_around_the_whole_content_is_dropped_and_any_other_is_kept() {
    let page = "<!DOCTYPE html>\n<html><body>Hi</body></html>\n";
    let cases: Vec<(&str, String, &str)> = vec![
        ("html fence", format!("```html\n{page}```"), page),
        ("bare fence", format!("```\n{page}```"), page),
        (
            "trailing whitespace",
            format!("```html  \n{page}```\n\n"),
            page,
        ),
        ("leading whitespace", format!("\n ```HTML\n{page}```"), page),
        ("crlf tag line", format!("```html\r\n{page}```"), page),
        ("not wrapped", page.to_owned(), page),
        (
            "a fence in the middle",
            "<p>a</p>\n```html\n<b>x</b>\n```\n".to_owned(),
            "<p>a</p>\n```html\n<b>x</b>\n```\n",
        ),
        (
            "code after the opening backticks",
            "```html <div>x</div>\n```".to_owned(),
            "```html <div>x</div>\n```",
        ),
        ("opened, never closed", format!("```css\n{page}"), page),
        ("only a fence", "```html\n```".to_owned(), ""),
        ("backticks alone", "```".to_owned(), "```"),
        ("empty", String::new(), ""),
    ];
    for (name, content, want) in cases {
        assert_eq!(shown(&content, true), want, "case {name:?}");
    }
}

#[test]
fn a_streaming_draft_hides_what_may_still_be_a_fence() {
    let cases = [
        ("nothing yet", "", ""),
        ("whitespace", "\n ", ""),
        ("a backtick", "`", ""),
        ("the fence, tag unfinished", "```ht", ""),
        ("the tag line", "```html\n", ""),
        ("the tag line, then code", "```html\n<p>a", "<p>a"),
        ("an unclosed fence", "```html\n<p>a</p>\n", "<p>a</p>"),
        (
            "a closing fence coming",
            "```html\n<p>a</p>\n``",
            "<p>a</p>\n",
        ),
        ("backticks inside code", "```js\nlet s = `x`", "let s = `x"),
        ("not a fence", "<p>a", "<p>a"),
        ("one backtick then code", "`a", "`a"),
        (
            "no fence, trailing backticks",
            "<p>a</p>\n```",
            "<p>a</p>\n```",
        ),
        ("code after the backticks", "```html <p", "```html <p"),
    ];
    for (name, content, want) in cases {
        assert_eq!(shown(content, false), want, "case {name:?}");
    }
}

#[test]
fn the_streamed_range_only_grows_and_ends_where_the_final_one_does() {
    let content = "```html\n<p>`a`</p>\n  \n```\n";
    let mut end = 0;
    for cut in 0..=content.len() {
        let range = unfenced(&content[..cut], false);
        assert!(range.end >= end, "shrank at {cut}: {range:?}");
        end = range.end;
    }
    assert_eq!(shown(content, true), "<p>`a`</p>\n  \n");
}
