use super::*;
use crate::settings::{CustomProvider, DesignSystem, Stack, Theme};

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn no_file_means_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let store = SettingsStore::load(dir.path()).unwrap();
    assert_eq!(*store.get(), Settings::default());
    assert!(store.view().warning.is_none());
    assert!(!store.path().exists(), "loading alone writes nothing");
}

#[test]
fn only_changes_reach_the_disk_and_survive_a_reload() {
    let dir = tempfile::tempdir().unwrap();
    let store = SettingsStore::load(dir.path()).unwrap();
    let mut s = (*store.get()).clone();
    s.theme = Theme::Dark;
    s.variants.count = 2;
    s.default_stack = Stack::ReactTailwind;
    s.design_systems.push(DesignSystem {
        name: "Brand".into(),
        text: "Primary #0f766e".into(),
    });
    store.update(s.clone()).unwrap();

    let on_disk = read_json(store.path());
    assert_eq!(
        on_disk,
        serde_json::json!({
            "default_stack": "react_tailwind",
            "variants": {"count": 2},
            "theme": "dark",
            "design_systems": [{"name": "Brand", "text": "Primary #0f766e"}]
        })
    );
    let reloaded = SettingsStore::load(dir.path()).unwrap();
    assert_eq!(*reloaded.get(), s);

    store.reset().unwrap();
    assert_eq!(read_json(store.path()), serde_json::json!({}));
}

#[test]
fn clearing_a_defaulted_option_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let store = SettingsStore::load(dir.path()).unwrap();
    let mut s = (*store.get()).clone();
    s.budget_per_variant_usd = None;
    store.update(s).unwrap();
    let reloaded = SettingsStore::load(dir.path()).unwrap();
    assert_eq!(reloaded.get().budget_per_variant_usd, None);
}

#[test]
fn a_corrupt_file_is_kept_aside_and_defaults_apply() {
    for (case, content) in [
        ("not json", "{ \"theme\": \"dark\", "),
        ("wrong type", "{ \"variants\": { \"count\": \"four\" } }"),
        ("invalid value", "{ \"variants\": { \"count\": 9 } }"),
        ("not an object", "[1, 2]"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, content).unwrap();

        let store = SettingsStore::load(dir.path()).unwrap();

        assert_eq!(*store.get(), Settings::default(), "{case}");
        let warning = store.view().warning.unwrap_or_default();
        assert!(warning.contains("settings.json.bad-"), "{case}: {warning}");
        assert!(!path.exists(), "{case}: the bad file was moved");
        let aside: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(aside.len(), 1, "{case}");
        assert_eq!(
            std::fs::read_to_string(&aside[0]).unwrap(),
            content,
            "{case}: kept intact"
        );
    }
}

#[test]
fn invalid_updates_are_refused_with_every_reason() {
    let dir = tempfile::tempdir().unwrap();
    let store = SettingsStore::load(dir.path()).unwrap();
    let mut s = Settings::default();
    s.variants.count = 0;
    s.budget_per_variant_usd = Some(-1.0);
    s.custom_providers.push(CustomProvider {
        name: "openai".into(),
        base_url: "ftp://x".into(),
        models: vec![],
        vision: false,
    });
    s.design_systems.push(DesignSystem {
        name: " ".into(),
        text: "".into(),
    });
    let message = store.update(s).unwrap_err().to_string();
    for expected in [
        "variants: choose between 1 and 4",
        "budget per variant",
        "taken by a built-in vendor",
        "use http:// or https://",
        "at least one model",
        "give it a name",
        "the text is empty",
    ] {
        assert!(
            message.contains(expected),
            "missing {expected:?} in {message}"
        );
    }
    assert!(!store.path().exists(), "nothing was written");
}

#[test]
fn subscribers_see_every_change() {
    let dir = tempfile::tempdir().unwrap();
    let store = SettingsStore::load(dir.path()).unwrap();
    let mut rx = store.subscribe();
    let mut s = (*store.get()).clone();
    s.image_generation = false;
    store.update(s).unwrap();
    assert!(rx.has_changed().unwrap());
    assert!(!rx.borrow_and_update().image_generation);
}
