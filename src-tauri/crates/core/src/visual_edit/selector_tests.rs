use super::*;

fn el(tag: &str, id: Option<&str>, classes: &[&str]) -> ElementKey {
    ElementKey {
        tag: tag.into(),
        id: id.map(str::to_owned),
        classes: classes.iter().map(|c| (*c).to_owned()).collect(),
    }
}

#[test]
fn matching_the_last_compound_at_rest() {
    let button = el("a", Some("go"), &["cta", "big"]);
    let cases: &[(&str, bool)] = &[
        (".cta", true),
        ("a.cta.big", true),
        ("#go", true),
        ("button.cta", false),
        (".cta.small", false),
        (".hero .cta", true),
        (".hero > a", true),
        (".cta:hover", false),
        (".cta::before", false),
        (".cta:before", false),
        ("a:first-child", true),
        ("a[href]", true),
        (":root", false),
        ("*", true),
    ];
    for (selector, want) in cases {
        let parsed = Complex::parse(selector).unwrap_or_else(|| panic!("{selector} parses"));
        assert_eq!(parsed.may_match(&button), *want, "{selector}");
    }
}

#[test]
fn plain_selectors_and_specificity() {
    let cases: &[(&str, bool, (usize, usize, usize))] = &[
        (".cta", true, (0, 1, 0)),
        ("a.cta", true, (0, 1, 1)),
        ("#go", true, (1, 0, 0)),
        (".hero .cta", false, (0, 2, 0)),
        ("a:hover", false, (0, 1, 1)),
        ("a[href]", false, (0, 1, 1)),
        ("ul > li::marker", false, (0, 0, 3)),
    ];
    for (selector, plain, specificity) in cases {
        let parsed = Complex::parse(selector).unwrap_or_else(|| panic!("{selector} parses"));
        assert_eq!(parsed.is_plain(), *plain, "{selector} plain");
        assert_eq!(parsed.specificity(), *specificity, "{selector} specificity");
    }
}

#[test]
fn what_is_not_understood_is_none() {
    for selector in ["", ".a\\:b", "svg|rect", "& .x", ".a $ .b"] {
        assert!(Complex::parse(selector).is_none(), "{selector:?}");
    }
}
