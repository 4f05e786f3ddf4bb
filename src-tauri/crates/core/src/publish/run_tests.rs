use super::*;

#[test]
fn site_names_are_safe_subdomains() {
    let long = "a".repeat(80);
    let cases = [
        ("My Landing Page!", "my-landing-page".to_owned()),
        ("  --Café  au lait-- ", "caf-au-lait".to_owned()),
        ("日本語", "my-page".to_owned()),
        ("", "my-page".to_owned()),
        (long.as_str(), "a".repeat(58)),
    ];
    for (raw, expected) in cases {
        assert_eq!(site_name(raw), expected, "{raw}");
    }
}
