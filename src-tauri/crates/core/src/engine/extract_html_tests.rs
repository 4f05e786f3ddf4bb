use super::*;

const DOC: &str = "<!DOCTYPE html>\n<html><body><p>Hi</p></body></html>";

#[test]
fn documents_are_found_in_every_shape() {
    let cases: Vec<(&str, String, Option<&str>)> = vec![
        (
            "html fence",
            format!("Here you go:\n```html\n{DOC}\n```\nEnjoy!"),
            Some(DOC),
        ),
        ("uppercase fence", format!("```HTML\n{DOC}\n```"), Some(DOC)),
        ("bare fence", format!("```\n{DOC}\n```"), Some(DOC)),
        (
            "bare document with prose",
            format!("Sure! {DOC} Hope it helps."),
            Some(DOC),
        ),
        (
            "no doctype",
            "x <html lang=\"en\"><p>a</p></html> y".into(),
            Some("<html lang=\"en\"><p>a</p></html>"),
        ),
        (
            "uppercase tags",
            "<HTML><BODY>x</BODY></HTML>".into(),
            Some("<HTML><BODY>x</BODY></HTML>"),
        ),
        (
            "cut off inside a fence",
            "```html\n<!DOCTYPE html>\n<html><body><p>Hi".into(),
            Some("<!DOCTYPE html>\n<html><body><p>Hi"),
        ),
        (
            "cut off bare",
            "Here: <html><body>unfinished".into(),
            Some("<html><body>unfinished"),
        ),
        (
            "the document fence wins over a snippet",
            format!("```css\np {{}}\n```\n```html\n{DOC}\n```"),
            Some(DOC),
        ),
        (
            "a body in a fence is a page",
            "```html\n<body><p>a</p></body>\n```".into(),
            Some("<body><p>a</p></body>"),
        ),
        (
            "a fragment fence is not a page",
            "Add this:\n```html\n<button class=\"cta\">Buy</button>\n```".into(),
            None,
        ),
        (
            "a bare fragment is not a page",
            "Use <div class=\"card\">x</div> in your <body>.".into(),
            None,
        ),
        (
            "a longer document fence wins",
            format!("```html\n<html></html>\n```\n```html\n{DOC}\n```"),
            Some(DOC),
        ),
        ("nothing", "I could not do it.".into(), None),
        ("a css fence only", "```css\np {}\n```".into(), None),
        ("empty fence", "```html\n```".into(), None),
    ];
    for (name, text, want) in cases {
        assert_eq!(extract_html(&text).as_deref(), want, "case {name:?}");
    }
}

#[test]
fn the_closing_html_tag_is_the_last_one() {
    let text = "<html><body><pre>&lt;/html&gt; </html> inside</pre></body></html> trailing";
    assert_eq!(
        extract_html(text).as_deref(),
        Some("<html><body><pre>&lt;/html&gt; </html> inside</pre></body></html>")
    );
}
