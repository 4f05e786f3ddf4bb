//! The keychain against a real Secret Service (gnome-keyring on a private D-Bus). Runs when
//! `S2C_SECRET_SERVICE=1`, which `scripts/with-keyring.sh` sets; otherwise it says why it did
//! nothing and passes.

use s2c_core::secrets::{KeyId, KeyringStore, SecretStore, Secrets, Sensitive};
use std::sync::Arc;

fn enabled() -> bool {
    if std::env::var("S2C_SECRET_SERVICE").as_deref() == Ok("1") {
        return true;
    }
    println!(
        "skipped: S2C_SECRET_SERVICE is not 1; run through scripts/with-keyring.sh for a real Secret Service"
    );
    false
}

fn test_namespace(case: &str) -> String {
    format!(
        "app.screenshottocode.desktop.test.{case}.{}",
        std::process::id()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keys_round_trip_through_the_real_secret_service() {
    if !enabled() {
        return;
    }
    let namespace = test_namespace("roundtrip");
    let secrets = Secrets::new(Arc::new(KeyringStore::new(namespace.clone())));
    let openai = KeyId::parse("openai").unwrap();
    let custom = KeyId::parse("lmstudio").unwrap();

    secrets
        .set(
            &openai,
            Sensitive::new("sk-real-keychain-0123456789".into()),
        )
        .await
        .expect("set openai");
    secrets
        .set(&custom, Sensitive::new("custom-key-abcdef".into()))
        .await
        .expect("set custom");

    // A fresh service with an empty cache must read what the keychain holds.
    let fresh = Secrets::new(Arc::new(KeyringStore::new(namespace.clone())));
    let got = fresh.get(&openai).await.expect("get").expect("present");
    assert_eq!(got.expose(), "sk-real-keychain-0123456789");
    let status = fresh.status(&["lmstudio".into()]).await.expect("status");
    assert!(status.iter().any(|s| s.provider == "lmstudio" && s.set));
    assert!(status.iter().any(|s| s.provider == "anthropic" && !s.set));

    fresh.clear(&openai).await.expect("clear");
    fresh.clear(&custom).await.expect("clear custom");
    fresh.clear(&custom).await.expect("clearing twice is fine");
    let again = KeyringStore::new(namespace);
    assert!(again.get(&openai).expect("get after clear").is_none());
    assert!(again.get(&custom).expect("get after clear").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn namespaces_do_not_share_keys() {
    if !enabled() {
        return;
    }
    let release = KeyringStore::new(test_namespace("release"));
    let dev = KeyringStore::new(format!("{}.dev", test_namespace("release")));
    let id = KeyId::parse("gemini").unwrap();
    release
        .set(&id, &Sensitive::new("AIza-release-only-key".into()))
        .expect("set");
    assert!(
        dev.get(&id).expect("get").is_none(),
        "the dev namespace must not see the release key"
    );
    release.delete(&id).expect("cleanup");
}
