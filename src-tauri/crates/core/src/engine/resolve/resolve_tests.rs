use super::*;
use crate::engine::model_choice::{ModelChoice, ModelNeeds};
use crate::providers::openai_compat::CustomProvider;
use crate::providers::{BoxFuture, Provider};
use crate::settings::Settings;
use crate::vocab::ApiKey;
use std::sync::Mutex;

/// Keys by provider name, remembering who asked for what.
struct FakeKeys {
    keys: Vec<(&'static str, &'static str)>,
    asked: Mutex<Vec<String>>,
}

impl FakeKeys {
    fn new(keys: &[(&'static str, &'static str)]) -> Self {
        Self {
            keys: keys.to_vec(),
            asked: Mutex::default(),
        }
    }

    fn asked(&self) -> Vec<String> {
        self.asked.lock().map(|a| a.clone()).unwrap_or_default()
    }
}

impl KeySource for FakeKeys {
    fn key<'a>(
        &'a self,
        provider: &'a str,
        _base_url: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>> {
        if let Ok(mut asked) = self.asked.lock() {
            asked.push(provider.to_owned());
        }
        let key = self
            .keys
            .iter()
            .find(|(p, _)| *p == provider)
            .map(|(_, k)| ApiKey::new(*k));
        Box::pin(async move { Ok(key) })
    }
}

fn choice(provider: &str, model: &str) -> ModelChoice {
    ModelChoice {
        provider: provider.into(),
        model: model.into(),
    }
}

fn settings_with_ollama() -> Settings {
    let mut settings = Settings::default();
    settings.custom_providers.push(CustomProvider {
        name: "Ollama".into(),
        base_url: "http://localhost:11434/v1".into(),
        api_key: None,
        models: vec!["qwen3".into()],
        vision: false,
    });
    settings
}

#[test]
fn the_app_slots_come_from_the_request_else_the_settings() {
    let mut settings = Settings::default();
    settings.variants.count = 3;
    settings.variants.models = vec!["gpt-5.4".into(), "auto".into()];
    let slots = ModelSlots::from_settings(&settings, &[], false).unwrap();
    assert_eq!(slots.count, 3);
    assert_eq!(
        slots.picked,
        vec![Some(choice("openai", "gpt-5.4")), None, None]
    );
    assert!(slots.any_automatic());

    let update = ModelSlots::from_settings(&settings, &[], true).unwrap();
    assert_eq!(update.count, 2);

    let requested = ["claude-sonnet-4-5".to_owned(), " ".to_owned()];
    let slots = ModelSlots::from_settings(&settings, &requested, false).unwrap();
    assert_eq!(
        slots.picked,
        vec![Some(choice("anthropic", "claude-sonnet-4-5")), None]
    );

    let error = ModelSlots::from_settings(&settings, &["llama3".to_owned()], false).unwrap_err();
    assert!(error.contains("provider:model"), "{error}");
}

#[test]
fn the_cli_slots_come_from_the_flags() {
    let models = ["gpt-5.4".to_owned()];
    let slots = ModelSlots::from_flags(&models, None, false).unwrap();
    assert_eq!((slots.count, slots.any_automatic()), (1, false));
    assert_eq!(ModelSlots::from_flags(&[], None, false).unwrap().count, 4);
    assert_eq!(ModelSlots::from_flags(&[], None, true).unwrap().count, 2);
    let two = ModelSlots::from_flags(&models, Some(2), false).unwrap();
    assert!(two.any_automatic());
    let many = ["gpt-5.4".to_owned(), "gemini-2.5-pro".to_owned()];
    assert_eq!(
        ModelSlots::from_flags(&many, Some(1), false).unwrap_err(),
        "2 models were given for 1 variants"
    );
}

#[tokio::test]
async fn keys_are_asked_for_only_when_a_slot_is_automatic_and_only_once() {
    let source = FakeKeys::new(&[("gemini", "g-key")]);
    let mut keys = Keys::new(&source);
    let picked = ModelSlots::from_flags(&["gpt-5.4".to_owned()], None, false).unwrap();
    let chosen = picked
        .choose(ModelNeeds::default(), &mut keys)
        .await
        .unwrap();
    assert_eq!(chosen, vec![choice("openai", "gpt-5.4")]);
    assert!(source.asked().is_empty());

    let auto = ModelSlots::from_flags(&[], Some(2), false).unwrap();
    let chosen = auto.choose(ModelNeeds::default(), &mut keys).await.unwrap();
    assert!(chosen.iter().all(|c| c.provider == "gemini"), "{chosen:?}");
    auto.choose(ModelNeeds::default(), &mut keys).await.unwrap();
    assert_eq!(source.asked(), ["openai", "anthropic", "gemini"]);
}

#[tokio::test]
async fn no_key_and_no_pick_says_what_to_do() {
    let source = FakeKeys::new(&[]);
    let slots = ModelSlots::from_flags(&[], Some(1), false).unwrap();
    let error = slots
        .choose(ModelNeeds::default(), &mut Keys::new(&source))
        .await
        .unwrap_err();
    assert!(matches!(&error, ResolveError::MissingKey(m) if m.contains("No API key is set")));
    assert_eq!(error.code(), crate::ErrorCode::MissingKey);
}

#[tokio::test]
async fn settings_providers_give_base_urls_keys_and_fallbacks() {
    let mut settings = settings_with_ollama();
    settings.base_urls.anthropic = Some("https://proxy.example/v1".into());
    settings
        .fallback_models
        .insert("anthropic".into(), "ollama:qwen3".into());
    let source = FakeKeys::new(&[
        ("anthropic", "a-key"),
        ("Ollama", "o-key"),
        ("gemini", "g-key"),
    ]);
    let choices = vec![
        choice("anthropic", "claude-sonnet-4-5"),
        choice("google", "gemini-2.5-pro"),
        choice("OLLAMA", "qwen3"),
    ];
    let resolved = resolve_variants(
        choices,
        &SettingsProviders(&settings),
        &mut Keys::new(&source),
    )
    .await
    .unwrap();

    let claude = &resolved[0];
    assert_eq!(claude.provider, Provider::Anthropic);
    assert_eq!(
        claude.session.base_url.as_deref(),
        Some("https://proxy.example/v1")
    );
    assert_eq!(
        claude.session.api_key.as_ref().map(ApiKey::expose),
        Some("a-key")
    );
    let fallback = claude.fallback.as_ref().unwrap();
    assert_eq!(fallback.provider.name(), "Ollama");
    assert_eq!(fallback.session.model, "qwen3");
    assert_eq!(
        fallback.session.base_url.as_deref(),
        Some("http://localhost:11434/v1")
    );
    assert_eq!(
        fallback.session.api_key.as_ref().map(ApiKey::expose),
        Some("o-key")
    );

    let gemini = &resolved[1];
    assert_eq!(gemini.provider, Provider::Gemini);
    assert_eq!(gemini.session.base_url, None);
    assert_eq!(
        gemini.session.api_key.as_ref().map(ApiKey::expose),
        Some("g-key")
    );
    assert!(gemini.fallback.is_none());

    let ollama = &resolved[2];
    assert!(matches!(&ollama.provider, Provider::Custom(p) if p.name == "Ollama"));
    assert_eq!(ollama.session.model, "qwen3");
    // Its own model is the fallback: none.
    assert!(ollama.fallback.is_none());
    assert_eq!(source.asked(), ["anthropic", "Ollama", "gemini"]);
}

#[tokio::test]
async fn an_unknown_provider_is_named() {
    let settings = Settings::default();
    let source = FakeKeys::new(&[]);
    let error = resolve_variants(
        vec![choice("replicate", "flux")],
        &SettingsProviders(&settings),
        &mut Keys::new(&source),
    )
    .await
    .err()
    .map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some("there is no provider “replicate”: add it in Settings → Providers")
    );
}

#[tokio::test]
async fn media_tools_ask_for_gemini_only_to_extract_assets() {
    let source = FakeKeys::new(&[("gemini", "g-key"), ("replicate", "r-key")]);
    let base_urls = crate::settings::BaseUrls {
        replicate: Some("https://replicate.example".into()),
        ..Default::default()
    };
    let media = media_tools(None, &base_urls, false, &mut Keys::new(&source))
        .await
        .unwrap();
    assert!(media.gemini.api_key.is_none());
    assert!(media.replicate.api_key.is_some());
    assert_eq!(media.replicate.base_url, "https://replicate.example");
    assert_eq!(source.asked(), ["replicate"]);

    let media = media_tools(None, &base_urls, true, &mut Keys::new(&source))
        .await
        .unwrap();
    assert!(media.gemini.api_key.is_some());
}

#[tokio::test]
async fn a_vendors_own_api_without_a_key_is_refused_before_anything_starts() {
    let settings = Settings::default();
    let source = FakeKeys::new(&[]);
    let error = resolve_variants(
        vec![choice("openai", "gpt-5.4")],
        &SettingsProviders(&settings),
        &mut Keys::new(&source),
    )
    .await
    .err()
    .expect("no OpenAI key");
    assert_eq!(error.code(), crate::ErrorCode::MissingKey);
    assert_eq!(
        error.to_string(),
        "gpt-5.4 needs an OpenAI key: add one in Settings → API keys, or pick another model."
    );
    let gemini = resolve_variants(
        vec![choice("gemini", "gemini-2.5-pro")],
        &SettingsProviders(&settings),
        &mut Keys::new(&source),
    )
    .await
    .err()
    .expect("no Gemini key");
    assert!(
        gemini
            .to_string()
            .starts_with("gemini-2.5-pro needs a Google Gemini key"),
        "{gemini}"
    );
}

#[tokio::test]
async fn a_vendor_behind_another_base_url_or_a_custom_server_may_take_no_key() {
    let mut settings = settings_with_ollama();
    settings.base_urls.openai = Some("http://localhost:1234/v1".into());
    let source = FakeKeys::new(&[]);
    let resolved = resolve_variants(
        vec![choice("openai", "local-model"), choice("ollama", "qwen3")],
        &SettingsProviders(&settings),
        &mut Keys::new(&source),
    )
    .await
    .expect("a local server needs no key");
    assert!(resolved.iter().all(|r| r.session.api_key.is_none()));
}
