use super::*;
use crate::settings::validate;

fn settings(entries: &[(&str, &str)]) -> Settings {
    Settings {
        fallback_models: entries
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        ..Settings::default()
    }
}

#[test]
fn a_models_entry_wins_over_its_vendors() {
    let s = settings(&[
        ("claude-opus-4-1", "claude-sonnet-4-5"),
        ("anthropic", "openai:gpt-5.4"),
        ("openai:gpt-5.4", "gemini-2.5-pro"),
        ("gemini", "gemini-2.5-pro"),
    ]);
    let cases = [
        ("anthropic", "claude-opus-4-1", Some("claude-sonnet-4-5")),
        ("anthropic", "claude-haiku-4-5", Some("openai:gpt-5.4")),
        ("openai", "gpt-5.4", Some("gemini-2.5-pro")),
        ("openai", "gpt-5.4-mini", None),
        ("gemini", "gemini-2.5-pro", None),
        ("gemini", "gemini-2.5-flash", Some("gemini-2.5-pro")),
    ];
    for (provider, model, expected) in cases {
        assert_eq!(
            s.fallback_for(provider, model),
            expected,
            "{provider} {model}"
        );
    }
    assert_eq!(Settings::default().fallback_for("openai", "gpt-5.4"), None);
}

#[test]
fn bad_entries_are_refused_with_a_reason_each() {
    let long = "m".repeat(201);
    let s = settings(&[
        ("claude opus", "claude-sonnet-4-5"),
        ("gpt-5.4", ""),
        ("gemini-2.5-pro", "gemini-2.5-pro"),
        ("openai", long.as_str()),
    ]);
    let message = validate(&s).unwrap_err().to_string();
    for expected in [
        "“claude opus” is not a model id or vendor name",
        "fallback model for “gpt-5.4”",
        "cannot be its own fallback",
        "fallback model for “openai”",
    ] {
        assert!(
            message.contains(expected),
            "missing {expected:?} in {message}"
        );
    }
    assert!(validate(&settings(&[("anthropic", "openai:gpt-5.4")])).is_ok());
}

#[test]
fn the_map_is_stored_sparsely_and_an_entry_removed_stays_removed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = crate::settings::SettingsStore::load(dir.path()).expect("loads");
    let both = settings(&[
        ("claude-opus-4-1", "claude-sonnet-4-5"),
        ("anthropic", "openai:gpt-5.4"),
    ]);
    store.update(both).expect("stored");
    let on_disk: serde_json::Value =
        serde_json::from_slice(&std::fs::read(store.path()).expect("file")).expect("json");
    assert_eq!(
        on_disk,
        serde_json::json!({"fallback_models": {"anthropic": "openai:gpt-5.4",
            "claude-opus-4-1": "claude-sonnet-4-5"}})
    );

    store
        .update(settings(&[("anthropic", "openai:gpt-5.4")]))
        .expect("stored");
    let reloaded = crate::settings::SettingsStore::load(dir.path()).expect("loads");

    assert_eq!(
        reloaded.get().fallback_for("anthropic", "claude-opus-4-1"),
        Some("openai:gpt-5.4")
    );
}
