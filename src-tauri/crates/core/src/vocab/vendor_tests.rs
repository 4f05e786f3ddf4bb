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
        if !v.publishes() {
            assert_eq!(
                v.key_env_names().first().copied(),
                Some(format!("{}_API_KEY", v.as_str().to_uppercase()).as_str())
            );
        }
    }
    let names: Vec<&str> = Vendor::ALL.map(Vendor::as_str).to_vec();
    assert_eq!(
        names,
        [
            "openai",
            "anthropic",
            "gemini",
            "replicate",
            "figma",
            "netlify",
            "vercel",
            "github",
            "cloudflare"
        ]
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
fn only_the_model_vendors_serve_models() {
    let serving: Vec<Vendor> = Vendor::ALL
        .into_iter()
        .filter(|v| v.serves_models())
        .collect();
    assert_eq!(serving, Vendor::MODEL_VENDORS);
}

#[test]
fn publishing_services_go_to_https_hosts_by_default() {
    for v in Vendor::PUBLISHING {
        assert!(v.publishes() && !v.serves_models(), "{v}");
        assert!(
            v.default_base_url().starts_with("https://"),
            "{v}: {}",
            v.default_base_url()
        );
    }
    let publishing: Vec<Vendor> = Vendor::ALL.into_iter().filter(|v| v.publishes()).collect();
    assert_eq!(publishing, Vendor::PUBLISHING);
}
