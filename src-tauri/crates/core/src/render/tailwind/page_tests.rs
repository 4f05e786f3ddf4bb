use super::{read, with_css};

const CDN: &str = "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4";
const VENDORED: &str = "/__s2c/vendor/@tailwindcss/browser@4.3.5/dist/index.global.js";

#[test]
fn the_browser_build_is_found_by_its_cdn_url_or_vendored_path() {
    for src in [
        CDN,
        VENDORED,
        "//cdn.jsdelivr.net/npm/@tailwindcss/browser@4",
    ] {
        let page = read(&format!("<head><script src=\"{src}\"></script></head>"));
        assert!(page.loads_browser_build, "{src}");
    }
    for other in [
        "https://cdn.tailwindcss.com",
        "/__s2c/vendor/react@18.3.1/umd/react.production.min.js",
        "app.js",
    ] {
        let page = read(&format!("<script src=\"{other}\"></script>"));
        assert!(!page.loads_browser_build, "{other}");
    }
    // Markup inside a comment or a script's text is no tag.
    let page = read(&format!(
        "<!-- <script src=\"{CDN}\"></script> --><script>let s = '<script src=\"{CDN}\">';</script>"
    ));
    assert!(!page.loads_browser_build);
}

#[test]
fn the_input_css_is_what_the_browser_build_compiles() {
    let page = read(
        "<style type=\"text/tailwindcss\">@theme { --color-brand: #0a84ff; }</style>\
         <style>.plain { color: red }</style>\
         <style type=\"text/tailwindcss\">.card { @apply p-4; }</style>",
    );
    assert_eq!(
        page.input_css(),
        "@import \"tailwindcss\";@theme { --color-brand: #0a84ff; }\n.card { @apply p-4; }\n"
    );
    let own = read("<style type=\"text/tailwindcss\">@import \"tailwindcss/utilities\";</style>");
    assert_eq!(own.input_css(), "@import \"tailwindcss/utilities\";\n");
    assert_eq!(
        read("<p>no styles</p>").input_css(),
        "@import \"tailwindcss\";"
    );
}

#[test]
fn class_attributes_are_read_decoded() {
    let page = read("<div class=\"p-4 [&amp;&gt;*]:mt-2\"><span class='a'></span></div>");
    assert_eq!(page.class_values, ["p-4 [&>*]:mt-2", "a"]);
}

#[test]
fn the_css_takes_the_place_of_the_first_browser_build_and_the_others_go() {
    let html = format!(
        "<head><script src=\"{VENDORED}\"></script><script src=\"app.js\"></script></head>\
         <body><script src=\"{CDN}\"></script><p class=\"p-4\">x</p></body>"
    );
    let out = with_css(&html, ".p-4{padding:1rem}").expect("rewrites");
    assert_eq!(
        out,
        "<head><style data-s2c-tailwind>.p-4{padding:1rem}</style><script src=\"app.js\"></script></head>\
         <body><p class=\"p-4\">x</p></body>"
    );
}

#[test]
fn css_cannot_end_its_style_element() {
    let out = with_css(
        &format!("<script src=\"{CDN}\"></script>"),
        ".x::after{content:'</STYLE><script>alert(1)</script>'}",
    )
    .expect("rewrites");
    assert_eq!(out.matches("</style>").count(), 1, "{out}");
    assert!(out.contains("<\\/STYLE>"), "{out}");
}
