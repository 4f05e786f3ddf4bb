use super::*;
use crate::prompts::cdn::{cdn, CDN_ASSETS};

#[test]
fn every_tag_the_prompts_teach_is_rewritten_to_a_local_path() {
    for asset in CDN_ASSETS {
        let html = format!("<head>{}</head>", asset.tag());
        let out = rewrite_cdn_urls(&html);
        assert!(
            !out.text.contains("https://"),
            "{}: {}",
            asset.url,
            out.text
        );
        assert!(
            out.text.contains("\"/__s2c/vendor/"),
            "{}: {}",
            asset.url,
            out.text
        );
    }
}

#[test]
fn vue_needs_eval_and_the_others_do_not() {
    let vue = cdn(CdnKey::Vue).tag();
    assert!(rewrite_cdn_urls(&vue).needs_eval);
    let react = format!(
        "{}{}{}",
        cdn(CdnKey::React).tag(),
        cdn(CdnKey::ReactDom).tag(),
        cdn(CdnKey::Babel).tag()
    );
    assert!(!rewrite_cdn_urls(&react).needs_eval);
}

#[test]
fn placeholders_keep_their_size_and_query() {
    let cases = [
        (
            r#"<img src="https://placehold.co/600x400">"#,
            r#"<img src="/__s2c/placeholder/600x400">"#,
        ),
        (
            r#"<img src="https://placehold.co/600x400/png?text=Hero&amp;font=roboto">"#,
            r#"<img src="/__s2c/placeholder/600x400/png?text=Hero&amp;font=roboto">"#,
        ),
        (
            "background: url(https://placehold.co/1200x600/EEE/31343C);",
            "background: url(/__s2c/placeholder/1200x600/EEE/31343C);",
        ),
        (
            r#"srcset="//placehold.co/100 1x, https://placehold.co/200 2x""#,
            r#"srcset="/__s2c/placeholder/100 1x, /__s2c/placeholder/200 2x""#,
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(rewrite_cdn_urls(input).text, expected, "{input}");
    }
}

#[test]
fn unknown_urls_and_other_hosts_are_left_alone() {
    let cases = [
        r#"<script src="https://cdn.jsdelivr.net/npm/alpinejs@3/dist/cdn.min.js"></script>"#,
        r#"<link href="https://fonts.googleapis.com/css2?family=Inter" rel="stylesheet">"#,
        r#"<a href="https://example.com/cdn.jsdelivr.net">x</a>"#,
        "no urls at all",
    ];
    for input in cases {
        let out = rewrite_cdn_urls(input);
        assert_eq!(out.text, input);
        assert!(matches!(out.text, Cow::Borrowed(_)) || input.contains("jsdelivr"));
    }
}

#[test]
fn urls_in_js_strings_and_css_imports_are_rewritten() {
    let js = "import('https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/dist/ionic/ionic.esm.js')";
    assert_eq!(
        rewrite_cdn_urls(js).text,
        "import('/__s2c/vendor/@ionic/core@8.8.9/dist/ionic/ionic.esm.js')"
    );
    let css =
        "@import \"https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.7.1/css/all.min.css\";";
    assert_eq!(
        rewrite_cdn_urls(css).text,
        "@import \"/__s2c/vendor/@fortawesome/fontawesome-free@6.7.1/css/all.min.css\";"
    );
}
