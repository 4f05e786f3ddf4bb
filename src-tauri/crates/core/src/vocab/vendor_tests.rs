use super::*;

#[test]
fn names_round_trip_and_match_serde() {
    for v in Vendor::ALL {
        assert_eq!(Vendor::from_name(v.as_str()), Some(v));
        assert_eq!(v.as_str().parse::<Vendor>(), Ok(v));
        assert_eq!(
            serde_json::to_value(v).ok(),
            Some(serde_json::Value::String(v.as_str().to_owned()))
        );
        assert_eq!(
            v.base_url_env(),
            format!("{}_BASE_URL", v.as_str().to_uppercase())
        );
        assert_eq!(
            v.key_env_names().first().copied(),
            Some(format!("{}_API_KEY", v.as_str().to_uppercase()).as_str())
        );
    }
    let names: Vec<&str> = Vendor::ALL.map(Vendor::as_str).to_vec();
    assert_eq!(
        names,
        ["openai", "anthropic", "gemini", "replicate", "figma"]
    );
}

#[test]
fn aliases_parse_but_are_not_names() {
    assert_eq!("google".parse::<Vendor>(), Ok(Vendor::Gemini));
    assert_eq!(Vendor::from_name("google"), None);
    assert!("Gemini".parse::<Vendor>().is_err());
    assert!("ollama".parse::<Vendor>().is_err());
}

#[test]
fn only_replicate_and_figma_serve_no_models() {
    let serving: Vec<Vendor> = Vendor::ALL
        .into_iter()
        .filter(|v| v.serves_models())
        .collect();
    assert_eq!(serving, Vendor::MODEL_VENDORS);
}
