use super::*;
use s2c_core::providers::openai_compat::CustomProvider;
use s2c_core::vocab::vendor::Vendor;

fn key() -> Option<ApiKey> {
    Some(ApiKey::new("sk-destination-test-0123456789"))
}

fn settings() -> Settings {
    let mut settings = Settings::default();
    settings.base_urls.anthropic = Some("https://proxy.example/anthropic/v1".into());
    settings.custom_providers.push(CustomProvider {
        name: "local".into(),
        base_url: "http://localhost:11434/v1".into(),
        api_key: None,
        models: vec![],
        vision: false,
    });
    settings
}

fn id(name: &str) -> KeyId {
    KeyId::parse(name).unwrap()
}

#[test]
fn a_key_goes_to_the_url_the_settings_hold_for_it() {
    let s = settings();
    let openai = Vendor::Openai.default_base_url();
    assert!(key_for_url(&s, &id("openai"), openai, key())
        .unwrap()
        .is_some());
    let slash = format!("{openai}/");
    assert!(key_for_url(&s, &id("openai"), &slash, key())
        .unwrap()
        .is_some());
    let proxy = "https://PROXY.example:443/anthropic/v1";
    assert!(key_for_url(&s, &id("anthropic"), proxy, key())
        .unwrap()
        .is_some());
    let local = "http://localhost:11434/v1";
    assert!(key_for_url(&s, &id("local"), local, key())
        .unwrap()
        .is_some());
}

#[test]
fn a_key_is_refused_to_any_other_url() {
    let s = settings();
    for (name, url) in [
        ("openai", "https://evil.example/v1"),
        ("openai", "http://api.openai.com/v1"),
        // The override replaces the default: the vendor's own URL is no longer the key's.
        ("anthropic", Vendor::Anthropic.default_base_url()),
        ("local", "http://localhost:11435/v1"),
        // A provider the settings don't name has no URL its key may go to.
        ("unsaved", "http://localhost:11434/v1"),
        ("openai", "not a url"),
    ] {
        let error = key_for_url(&s, &id(name), url, key()).expect_err(url);
        assert_eq!(error.code, ErrorCode::Forbidden, "{name} {url}");
        assert!(
            error.message.contains("saved base URL"),
            "{}",
            error.message
        );
    }
}

#[test]
fn without_a_stored_key_any_url_is_asked_keyless() {
    let s = settings();
    let answer = key_for_url(&s, &id("unsaved"), "http://localhost:9/v1", None).unwrap();
    assert!(answer.is_none());
}
