use super::*;

#[test]
fn plain_relative_paths_are_kept_and_a_leading_dot_slash_dropped() {
    for (raw, want) in [
        ("src/App.tsx", "src/App.tsx"),
        ("./src/pages/Pricing.tsx", "src/pages/Pricing.tsx"),
        ("public/logo.svg", "public/logo.svg"),
        (
            "src/components/ui/button.tsx",
            "src/components/ui/button.tsx",
        ),
        ("src/pages/[id].tsx", "src/pages/[id].tsx"),
        ("src/pages/Café Menu.tsx", "src/pages/Café Menu.tsx"),
    ] {
        assert_eq!(normalize(raw).as_deref(), Ok(want), "{raw}");
    }
}

#[test]
fn paths_that_could_leave_hide_or_confuse_are_refused_with_the_reason() {
    let long = format!("src/{}.tsx", "a".repeat(MAX_PATH_LEN));
    let deep = format!("{}x.tsx", "d/".repeat(MAX_DEPTH + 1));
    let table: &[(&str, &str)] = &[
        ("", "empty"),
        ("/etc/passwd", "absolute"),
        ("C:/x.tsx", "absolute"),
        ("../outside.tsx", "leaves the project"),
        ("src/../../x.tsx", "leaves the project"),
        ("src\\..\\x.tsx", "backslash"),
        ("src//App.tsx", "empty folder name"),
        ("src/", "empty folder name"),
        (".env", "hidden"),
        ("src/.git/config", "hidden"),
        ("src/./App.tsx", "hidden"),
        ("src/a\0.tsx", "contains"),
        ("src/a\n.tsx", "contains"),
        ("src/a\".tsx", "contains"),
        ("src/a'.tsx", "contains"),
        ("src/a<b>.tsx", "contains"),
        ("src/a?x.tsx", "contains"),
        ("src/a#x.tsx", "contains"),
        ("src/a%20.tsx", "contains"),
        ("_s2c/pack/react.js", "reserved"),
        (&long, "longer than"),
        (&deep, "deep"),
    ];
    for (raw, reason) in table {
        let error = normalize(raw).expect_err(raw).to_string();
        assert!(error.contains(reason), "{raw:?}: {error}");
        assert!(
            error.contains("is not a valid project path"),
            "{raw:?}: {error}"
        );
    }
}

#[test]
fn joining_a_relative_specifier_stays_inside_or_answers_none() {
    assert_eq!(
        join("src/pages", "../components/Header").as_deref(),
        Some("src/components/Header")
    );
    assert_eq!(join("src", "./a/./b").as_deref(), Some("src/a/b"));
    assert_eq!(join("src", "../../x"), None);
    assert_eq!(join("", "../x"), None);
}

#[test]
fn urls_encode_what_a_url_path_cannot_hold_and_decode_back() {
    for p in [
        "src/App.tsx",
        "src/pages/Café Menu.tsx",
        "src/[id]/(group)/a+b~c@d.tsx",
    ] {
        let url = to_url(p);
        assert!(!url.contains(' ') && url.is_ascii(), "{url}");
        assert_eq!(from_url(&url).as_deref(), Some(format!("/{p}").as_str()));
    }
    assert_eq!(to_url("src/My Page.tsx"), "/src/My%20Page.tsx");
    assert_eq!(from_url("/%FF"), None, "not UTF-8");
    assert_eq!(extension("src/A.TSX"), "tsx");
    assert_eq!(extension("src/.x"), "");
    assert_eq!(parent("index.html"), "");
}

#[test]
fn routes_become_url_paths_and_what_is_not_a_route_is_refused() {
    assert_eq!(route_url("/").as_deref(), Some("/"));
    assert_eq!(route_url("/pricing").as_deref(), Some("/pricing"));
    assert_eq!(route_url("/#/pricing").as_deref(), Some("/#/pricing"));
    assert_eq!(route_url("/blog/a b").as_deref(), Some("/blog/a%20b"));
    assert_eq!(route_url("/café").as_deref(), Some("/caf%C3%A9"));
    for bad in ["pricing", "//evil.test/x", "/../x", "/a\\b", "/a\nb", ""] {
        assert_eq!(route_url(bad), None, "{bad:?}");
    }
}
