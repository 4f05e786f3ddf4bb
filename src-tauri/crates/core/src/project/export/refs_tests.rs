use super::*;

const PAGE: &str = r#"<!doctype html><html><head>
<link rel="stylesheet" href="css/site.css"><link rel="icon" href="favicon.png">
<script src="https://cdn.tailwindcss.com"></script>
<style>.hero { background: url('assets/bg.jpg') } .x{background-image:url(data:image/png;base64,AAAA)}</style>
</head><body>
<!-- <img src="commented.png"> -->
<img src="assets/logo.png" srcset="assets/logo.png 1x, assets/logo@2x.png 2x">
<div style="background: url(&quot;assets/card.png&quot;)"></div>
<script>const s = '<img src="in-script.png">';</script>
</body></html>"#;

#[test]
fn collects_references_like_a_browser() {
    let refs: Vec<String> = collect_html(PAGE).into_iter().map(|(u, _)| u).collect();
    for expected in [
        "css/site.css",
        "favicon.png",
        "https://cdn.tailwindcss.com",
        "assets/bg.jpg",
        "data:image/png;base64,AAAA",
        "assets/logo.png",
        "assets/logo@2x.png",
        "assets/card.png",
    ] {
        assert!(
            refs.iter().any(|r| r == expected),
            "missing {expected} in {refs:?}"
        );
    }
    for absent in ["commented.png", "in-script.png"] {
        assert!(
            !refs.iter().any(|r| r == absent),
            "{absent} is not a reference: {refs:?}"
        );
    }
}

#[test]
fn rewrites_attributes_srcset_style_and_css() {
    let map: HashMap<String, String> = [
        ("assets/logo@2x.png", "x/logo2.png"),
        ("assets/bg.jpg", "x/bg.jpg"),
        ("assets/card.png", "x/card.png"),
        ("data:image/png;base64,AAAA", "x/inline.png"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_owned(), b.to_owned()))
    .collect();
    let out = rewrite_html(PAGE, &map).unwrap();
    assert!(
        out.contains(r#"srcset="assets/logo.png 1x, x/logo2.png 2x""#),
        "{out}"
    );
    assert!(out.contains("url('x/bg.jpg')"), "{out}");
    assert!(out.contains("url(x/inline.png)"), "{out}");
    assert!(out.contains("url(&quot;x/card.png&quot;)"), "{out}");
    assert!(
        out.contains(r#"<!-- <img src="commented.png"> -->"#),
        "comments untouched"
    );
}

#[test]
fn css_scanner_ignores_lookalikes() {
    assert_eq!(
        collect_css("a{b:myurl(x)} c{d:URL( \"y.png\" )}"),
        vec!["y.png".to_owned()]
    );
}

#[test]
fn entities_in_attributes_are_decoded_before_matching() {
    let refs = collect_html(r#"<img src="a.png?x=1&amp;y=&#50;">"#);
    assert_eq!(refs[0].0, "a.png?x=1&y=2");
    let map: HashMap<String, String> =
        [("a.png?x=1&y=2".to_owned(), "b.png?k=1&l=2".to_owned())].into();
    let out = rewrite_html(r#"<img src="a.png?x=1&amp;y=&#50;">"#, &map).unwrap();
    assert_eq!(out, r#"<img src="b.png?k=1&amp;l=2">"#);
}
