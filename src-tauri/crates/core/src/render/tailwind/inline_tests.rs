use super::inline_compiled_css;

const CDN: &str = "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4";

#[test]
fn a_page_on_the_browser_build_gets_its_css_in_place_of_the_script() {
    let page = format!(
        "<!doctype html><html><head><script src=\"{CDN}\"></script>\
         <style type=\"text/tailwindcss\">@theme {{ --color-brand: #0a84ff; }}</style></head>\
         <body class=\"bg-slate-100\"><h1 class=\"text-3xl text-brand\">Hi</h1>\
         <script>document.body.classList.add('p-8')</script></body></html>"
    );
    let served = inline_compiled_css(&page).expect("compiled");
    assert!(!served.contains(CDN), "the script is gone");
    let css = served
        .split("<style data-s2c-tailwind>")
        .nth(1)
        .and_then(|rest| rest.split("</style>").next())
        .expect("a style element");
    for rule in [
        ".bg-slate-100 {",
        ".text-3xl {",
        ".text-brand {",
        ".p-8 {",
        "--color-brand: #0a84ff",
    ] {
        assert!(css.contains(rule), "{rule} missing");
    }
    // Everything else is as written.
    assert!(served.ends_with("<script>document.body.classList.add('p-8')</script></body></html>"));
}

#[test]
fn other_pages_and_pages_that_do_not_compile_are_served_as_written() {
    assert_eq!(
        inline_compiled_css("<p class=\"p-4\">no Tailwind</p>"),
        None
    );
    assert_eq!(
        inline_compiled_css(
            "<script src=\"https://cdn.tailwindcss.com\"></script><p class=\"p-4\">v3</p>"
        ),
        None
    );
    let broken = format!(
        "<script src=\"{CDN}\"></script><style type=\"text/tailwindcss\">.x {{ @apply nope; }}</style>"
    );
    assert_eq!(inline_compiled_css(&broken), None);
}
