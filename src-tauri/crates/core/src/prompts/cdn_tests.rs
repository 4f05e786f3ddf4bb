use super::*;

#[test]
fn the_table_has_one_pinned_entry_per_key() {
    let keys = [
        CdnKey::Tailwind,
        CdnKey::TailwindV3Play,
        CdnKey::React,
        CdnKey::ReactDom,
        CdnKey::Babel,
        CdnKey::Vue,
        CdnKey::BootstrapCss,
        CdnKey::BootstrapJs,
        CdnKey::IonicCore,
        CdnKey::IonicCss,
        CdnKey::Ionicons,
        CdnKey::FontAwesome,
    ];
    assert_eq!(CDN_ASSETS.len(), keys.len(), "no extra entries");
    for key in keys {
        let matching = CDN_ASSETS.iter().filter(|a| a.key == key).count();
        assert_eq!(matching, 1, "{key:?}: exactly one entry");
        let asset = cdn(key);
        assert_eq!(asset.key, key, "{key:?}: cdn() finds it");
        assert!(asset.url.starts_with("https://"), "{key:?}: https");
        assert!(
            asset.version.split('.').count() == 3,
            "{key:?}: exact version {}",
            asset.version
        );
        let pinned_in_url = asset.url.contains(&format!("@{}/", asset.version));
        let exempt = matches!(key, CdnKey::Tailwind | CdnKey::TailwindV3Play);
        assert!(
            pinned_in_url || exempt,
            "{key:?}: the URL names the vendored version"
        );
        if let Some(prefix) = asset.package_prefix {
            assert!(
                asset.url.starts_with(prefix),
                "{key:?}: prefix covers the url"
            );
        }
    }
    assert_eq!(
        cdn(CdnKey::Tailwind).url,
        "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"
    );
}

#[test]
fn urls_resolve_to_package_files() {
    type Expected = Option<(CdnKey, &'static str)>;
    let cases: Vec<(&str, &str, Expected)> = vec![
        ("tailwind", "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4", Some((CdnKey::Tailwind, "dist/index.global.js"))),
        ("v3 play cdn with a query", "https://cdn.tailwindcss.com?plugins=forms", Some((CdnKey::TailwindV3Play, "tailwindcss.js"))),
        ("react", "https://cdn.jsdelivr.net/npm/react@18.3.1/umd/react.production.min.js", Some((CdnKey::React, "umd/react.production.min.js"))),
        (
            "ionic lazy chunk",
            "https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/dist/ionic/p-abc123.entry.js",
            Some((CdnKey::IonicCore, "dist/ionic/p-abc123.entry.js")),
        ),
        (
            "font awesome webfont",
            "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.7.1/webfonts/fa-solid-900.woff2",
            Some((CdnKey::FontAwesome, "webfonts/fa-solid-900.woff2")),
        ),
        ("escape attempt", "https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/../../etc/passwd", None),
        ("another version", "https://cdn.jsdelivr.net/npm/react@17.0.2/umd/react.production.min.js", None),
        ("another host", "https://unpkg.com/react@18.3.1/umd/react.production.min.js", None),
        ("a bare prefix", "https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/", None),
    ];
    for (name, url, want) in cases {
        let got = resolve_cdn_url(url).map(|(a, file)| (a.key, file));
        assert_eq!(got, want.map(|(k, f)| (k, f.to_owned())), "case {name:?}");
    }
}

#[test]
fn tags_match_the_kind() {
    assert_eq!(
        cdn(CdnKey::BootstrapCss).tag(),
        "<link rel=\"stylesheet\" href=\"https://cdn.jsdelivr.net/npm/bootstrap@5.3.9/dist/css/bootstrap.min.css\">"
    );
    assert!(cdn(CdnKey::IonicCore)
        .tag()
        .starts_with("<script type=\"module\" src="));
    assert!(cdn(CdnKey::Vue)
        .tag()
        .ends_with("vue.global.prod.js\"></script>"));
}
