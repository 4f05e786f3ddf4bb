//! A key used everywhere a key could leak — logged, echoed in a vendor error, quoted in agent
//! events and the conversation, next to settings, projects and exports — and then a byte scan of
//! every file the app wrote (database and its WAL, settings, logs, exports, unzipped) that proves
//! it is nowhere.

use s2c_core::project::export::{export_version, ExportFormat, ExportOptions, RemoteLimits};
use s2c_core::project::{NewVariant, NewVersion, Project, VariantOutcome};
use s2c_core::secrets::{KeyId, MemoryStore, Secrets, Sensitive};
use s2c_core::settings::{CustomProvider, SettingsStore};
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// Not key-shaped on purpose: only the registration of loaded keys can catch it.
const KEY: &str = "plain-looking-secret-7f3a9c2e1b";
/// Key-shaped: the pattern net must catch it even though it was never stored.
const SHAPED: &str = "sk-proj-unregistered0123456789abcdefXYZ";

fn all_files(root: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(root).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            all_files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_key_reaches_the_database_settings_logs_or_exports() {
    let tmp = tempfile::tempdir().unwrap();
    let logs = tmp.path().join("logs");
    let guard = s2c_core::logging::init(&logs, "s2c-test", false).unwrap();

    // Keys go to the keychain (in memory here) and are registered for scrubbing.
    let secrets = Secrets::new(Arc::new(MemoryStore::new()));
    let custom = KeyId::parse("my-llm").unwrap();
    secrets
        .set(&custom, Sensitive::new(KEY.into()))
        .await
        .unwrap();
    let key = secrets.get(&custom).await.unwrap().unwrap();
    tracing::info!("calling my-llm with {} and {}", key.expose(), SHAPED);
    tracing::warn!(?key, "debug-printing a key");

    // Settings name the custom provider; its key is never written with them, even when the
    // in-memory value carries it.
    let settings = SettingsStore::load(&tmp.path().join("config")).unwrap();
    let mut s = (*settings.get()).clone();
    s.custom_providers.push(CustomProvider {
        name: "my-llm".into(),
        base_url: "http://127.0.0.1:11434/v1".into(),
        api_key: Some(s2c_core::vocab::ApiKey::new(key.expose().as_str())),
        models: vec!["llama".into()],
        vision: true,
    });
    settings.update(s).unwrap();

    // A generation whose events, conversation and error quote the keys.
    let project = Project::create(&tmp.path().join("project"), "Leak test").unwrap();
    let (version, mut recs) = project
        .start_generation(NewVersion::default(), vec![NewVariant::default(); 2])
        .unwrap();
    let mut failed = recs.pop().unwrap();
    let mut ok = recs.pop().unwrap();
    ok.mark_generating().unwrap();
    for i in 0..50 {
        ok.record_event("retrying", &serde_json::json!({"n": i, "vendor_said": format!("bad key {KEY}"), "header": format!("Authorization: Bearer {SHAPED}")}))
            .unwrap();
    }
    ok.set_history(&serde_json::json!([{"role": "user", "content": format!("my key is {KEY}")}]))
        .unwrap();
    ok.set_files(&[(
        "index.html".into(),
        b"<h1>hello</h1><img src=\"data:image/png;base64,iVBORw0KGgo=\">".to_vec(),
    )])
    .unwrap();
    ok.finish(VariantOutcome::Complete).unwrap();
    failed.mark_generating().unwrap();
    failed
        .finish(VariantOutcome::Error(format!(
            "401 from vendor: invalid key {KEY} / {SHAPED}"
        )))
        .unwrap();
    project.finish_generation(version, true).unwrap();

    // Exports, both kinds.
    for (format, name) in [
        (ExportFormat::Zip, "out.zip"),
        (ExportFormat::Folder, "out"),
    ] {
        let options = ExportOptions {
            format,
            destination: tmp.path().join(name),
            fetcher: None,
            limits: RemoteLimits::default(),
        };
        export_version(&project, version, None, &options)
            .await
            .unwrap();
    }
    drop(project);
    drop(guard); // flush the log

    let mut files = Vec::new();
    all_files(tmp.path(), &mut files);
    assert!(
        files
            .iter()
            .any(|f| f.to_string_lossy().contains("project.db")),
        "the database was scanned"
    );
    assert!(
        files.iter().any(|f| f.starts_with(&logs)),
        "a log was written"
    );
    let mut scanned = 0;
    for file in &files {
        let mut contents = vec![std::fs::read(file).unwrap()];
        if file.extension().is_some_and(|e| e == "zip") {
            let mut archive = zip::ZipArchive::new(std::fs::File::open(file).unwrap()).unwrap();
            for i in 0..archive.len() {
                let mut bytes = Vec::new();
                archive
                    .by_index(i)
                    .unwrap()
                    .read_to_end(&mut bytes)
                    .unwrap();
                contents.push(bytes);
            }
        }
        for bytes in contents {
            scanned += 1;
            for secret in [KEY, SHAPED] {
                assert!(!contains(&bytes, secret), "{} holds a key", file.display());
            }
        }
    }
    let log_text: String = files
        .iter()
        .filter(|f| f.starts_with(&logs))
        .map(|f| std::fs::read_to_string(f).unwrap())
        .collect();
    assert!(
        log_text.contains("calling my-llm with [REDACTED]"),
        "the log line is there, scrubbed: {log_text}"
    );
    println!("scanned {scanned} files and archive entries: no key found");
}
