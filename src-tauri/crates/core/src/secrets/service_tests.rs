use super::*;
use crate::secrets::MemoryStore;

fn secrets() -> (Secrets, Arc<MemoryStore>) {
    let store = Arc::new(MemoryStore::new());
    (Secrets::new(store.clone()), store)
}

#[tokio::test]
async fn set_status_and_clear_in_memory() {
    let (secrets, _) = secrets();
    let openai = KeyId::parse("openai").unwrap();
    let custom = KeyId::parse("my-ollama").unwrap();

    secrets
        .set(
            &openai,
            Sensitive::new("  sk-test-0123456789abcdef\n".into()),
        )
        .await
        .unwrap();
    secrets
        .set(&custom, Sensitive::new("local-key-12345".into()))
        .await
        .unwrap();

    let status = secrets.status(&["my-ollama".into()]).await.unwrap();
    let set: Vec<_> = status
        .iter()
        .map(|s| (s.provider.as_str(), s.set))
        .collect();
    assert_eq!(
        set,
        [
            ("openai", true),
            ("anthropic", false),
            ("gemini", false),
            ("replicate", false),
            ("figma", false),
            ("netlify", false),
            ("vercel", false),
            ("github", false),
            ("cloudflare", false),
            ("my-ollama", true)
        ]
    );
    let key = secrets.get(&openai).await.unwrap().unwrap();
    assert_eq!(
        key.expose(),
        "sk-test-0123456789abcdef",
        "the key is trimmed"
    );

    secrets.clear(&openai).await.unwrap();
    assert!(!secrets.is_set(&openai).await.unwrap());
}

#[tokio::test]
async fn reads_are_cached_after_the_first() {
    let (secrets, store) = secrets();
    let id = KeyId::Vendor(Vendor::Gemini);
    for _ in 0..5 {
        assert!(secrets.get(&id).await.unwrap().is_none());
    }
    assert_eq!(store.reads(), 1, "a missing key is cached too");
}

#[tokio::test]
async fn bad_keys_and_names_are_refused() {
    let (secrets, _) = secrets();
    let id = KeyId::Vendor(Vendor::Anthropic);
    for (case, key) in [
        ("empty", "   "),
        ("inner space", "sk-ant abc"),
        ("control", "sk-\u{7}abc"),
    ] {
        let err = secrets.set(&id, Sensitive::new(key.into())).await;
        assert!(
            matches!(err, Err(SecretError::InvalidInput(_))),
            "{case}: {err:?}"
        );
    }
    for name in ["", "has space", "-dash", "a/b", &"x".repeat(41)] {
        assert!(KeyId::parse(name).is_err(), "{name:?} should be refused");
    }
}

#[tokio::test]
async fn a_loaded_key_is_scrubbed_from_logs() {
    let (secrets, _) = secrets();
    let id = KeyId::parse("replicate").unwrap();
    secrets
        .set(&id, Sensitive::new("plainsecretvalue99".into()))
        .await
        .unwrap();
    let line = "calling with plainsecretvalue99 now";
    assert!(!crate::redact::redact_secrets(line).contains("plainsecretvalue99"));
}

#[test]
// The explicit borrows are the probe: autoref specialization needs them.
#[allow(clippy::needless_borrow)]
fn sensitive_redacts_and_cannot_be_serialized() {
    let key = Sensitive::new(String::from("sk-live-should-not-print"));
    assert_eq!(format!("{key:?} {key}"), "[REDACTED] [REDACTED]");

    // Autoref probe: picks the Serialize impl when there is one, else the fallback.
    struct Probe<T>(std::marker::PhantomData<T>);
    trait IsSerialize {
        fn serializable(&self) -> bool {
            true
        }
    }
    impl<T: serde::Serialize> IsSerialize for Probe<T> {}
    trait NotSerialize {
        fn serializable(&self) -> bool {
            false
        }
    }
    impl<T> NotSerialize for &Probe<T> {}
    assert!((&Probe::<String>(std::marker::PhantomData)).serializable());
    assert!(!(&Probe::<Sensitive<String>>(std::marker::PhantomData)).serializable());
}

#[test]
fn namespaces_keep_dev_and_release_apart() {
    let ns = default_namespace_for_test();
    assert!(ns.starts_with("app.screenshottocode.desktop"));
    assert_eq!(ns.ends_with(".dev"), cfg!(debug_assertions));
    assert_eq!(KeyId::parse("openai").unwrap().account(), "openai");
    assert_eq!(KeyId::parse("lm").unwrap().account(), "custom.lm");
}

fn default_namespace_for_test() -> String {
    crate::secrets::default_namespace()
}
