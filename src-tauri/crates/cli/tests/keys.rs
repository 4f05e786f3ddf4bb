//! `s2c keys` against a real Secret Service (run through scripts/with-keyring.sh), plus the
//! argument checks that need no keychain.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use std::io::Write;
use std::process::{Command, Output, Stdio};

const KEY: &str = "sk-cli-test-key-0123456789abcdef";

fn s2c(args: &[&str], namespace: &str, stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_s2c"))
        .args(args)
        .env("S2C_KEYCHAIN_NAMESPACE", namespace)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("s2c starts");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("s2c runs")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn a_key_on_the_command_line_is_refused_without_echoing_it() {
    let out = s2c(
        &["keys", "set", "openai", KEY],
        "app.screenshottocode.desktop.test.argv",
        None,
    );
    assert!(!out.status.success());
    let all = text(&out);
    assert!(all.contains("never put a key on the command line"), "{all}");
    assert!(
        !all.contains("0123456789abcdef"),
        "the key was echoed: {all}"
    );
}

#[test]
fn set_status_clear_through_the_real_keychain() {
    if std::env::var("S2C_SECRET_SERVICE").as_deref() != Ok("1") {
        println!("skipped: S2C_SECRET_SERVICE is not 1; run through scripts/with-keyring.sh");
        return;
    }
    let ns = format!(
        "app.screenshottocode.desktop.test.cli.{}",
        std::process::id()
    );

    let set = s2c(
        &["keys", "set", "anthropic"],
        &ns,
        Some(&format!("{KEY}\n")),
    );
    assert!(set.status.success(), "{}", text(&set));
    let status = s2c(&["keys", "status", "my-llm"], &ns, None);
    let shown = text(&status);
    assert!(shown.contains("anthropic: set"), "{shown}");
    assert!(shown.contains("openai: not set"), "{shown}");
    assert!(shown.contains("my-llm: not set"), "{shown}");
    assert!(
        !shown.contains(KEY) && !text(&set).contains(KEY),
        "a key was printed"
    );

    let clear = s2c(&["keys", "clear", "anthropic"], &ns, None);
    assert!(clear.status.success(), "{}", text(&clear));
    assert!(text(&s2c(&["keys", "status"], &ns, None)).contains("anthropic: not set"));
}

/// `s2c` with `args` and `env`, the keychain namespace `ns`, no key in the environment.
async fn s2c_with(args: &[&str], ns: &str, env: &[(&str, String)]) -> Output {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    let ns = ns.to_owned();
    tokio::task::spawn_blocking(move || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_s2c"));
        command.args(&args).env("S2C_KEYCHAIN_NAMESPACE", ns);
        for name in [
            "OPENAI_API_KEY",
            "ANTHROPIC_API_KEY",
            "GEMINI_API_KEY",
            "GOOGLE_API_KEY",
            "REPLICATE_API_KEY",
            "REPLICATE_API_TOKEN",
            "FIGMA_API_KEY",
            "FIGMA_TOKEN",
            "OPENAI_BASE_URL",
            "GEMINI_BASE_URL",
            "REPLICATE_BASE_URL",
            "FIGMA_BASE_URL",
            "S2C_TEST_OWN_BASE_URL",
        ] {
            command.env_remove(name);
        }
        command.envs(env).output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

/// `s2c ask` reads the key `s2c keys set` stored and sends it to the provider's own address
/// (the mock stands in for it here); a base URL from the environment never gets it.
#[tokio::test]
async fn a_keychain_key_goes_only_to_its_own_address_never_to_an_environment_base_url() {
    if std::env::var("S2C_SECRET_SERVICE").as_deref() != Ok("1") {
        println!("skipped: S2C_SECRET_SERVICE is not 1; run through scripts/with-keyring.sh");
        return;
    }
    let server = support::MockServer::start(vec![]).await;
    let mut stream = support::openai::ResponsesStream::new();
    stream
        .message("msg_1", &["pong"])
        .completed(support::openai::usage(5, 0, 1, 0));
    server.push(support::Reply::sse_text(stream.body()));
    let foreign = support::MockServer::start(vec![]).await;
    let ns = format!(
        "app.screenshottocode.desktop.test.ask.{}",
        std::process::id()
    );
    for provider in ["openai", "figma", "replicate"] {
        let set = s2c(&["keys", "set", provider], &ns, Some(&format!("{KEY}\n")));
        assert!(set.status.success(), "{}", text(&set));
    }
    let ask = [
        "ask",
        "--provider",
        "openai",
        "--model",
        "gpt-5.4",
        "--json",
        "ping",
    ];

    // OPENAI_BASE_URL, FIGMA_BASE_URL, REPLICATE_BASE_URL naming another server: refused.
    let refused = s2c_with(&ask, &ns, &[("OPENAI_BASE_URL", foreign.url("/v1"))]).await;
    assert!(!refused.status.success(), "{}", text(&refused));
    assert!(
        text(&refused).contains("OPENAI_API_KEY"),
        "{}",
        text(&refused)
    );
    let out = tempfile::tempdir().expect("dir");
    let out_dir = out.path().display().to_string();
    let figma = [
        "generate",
        "--figma",
        "https://www.figma.com/design/KEY/Name?node-id=1-2",
        "--out",
        &out_dir,
    ];
    let refused_figma = s2c_with(&figma, &ns, &[("FIGMA_BASE_URL", foreign.url(""))]).await;
    assert!(
        text(&refused_figma).contains("FIGMA_API_KEY"),
        "{}",
        text(&refused_figma)
    );
    let images = [
        "generate",
        "--text",
        "A pricing page",
        "--model",
        "gpt-5.4",
        "--generate-images",
        "--no-preview-screenshots",
        "--out",
        &out_dir,
    ];
    let refused_images = s2c_with(
        &images,
        &ns,
        &[
            ("OPENAI_API_KEY", "sk-env-key-0123456789".into()),
            ("OPENAI_BASE_URL", server.url("/v1")),
            ("REPLICATE_BASE_URL", foreign.url("")),
        ],
    )
    .await;
    assert!(
        !refused_images.status.success(),
        "{}",
        text(&refused_images)
    );
    assert!(
        text(&refused_images).contains("REPLICATE_API_KEY"),
        "{}",
        text(&refused_images)
    );
    for output in [&refused, &refused_figma, &refused_images] {
        assert!(!text(output).contains(KEY), "the key was printed");
    }
    assert!(foreign.requests().is_empty(), "a foreign server was asked");
    assert!(
        server.requests().is_empty(),
        "nothing starts with a refused key"
    );

    // At the provider's own address (the mock standing in for it), the key goes.
    let asked = s2c_with(
        &ask,
        &ns,
        &[
            ("S2C_TEST_OWN_BASE_URL", server.url("/v1")),
            ("OPENAI_BASE_URL", server.url("/v1")),
        ],
    )
    .await;
    assert!(asked.status.success(), "{}", text(&asked));
    assert!(!text(&asked).contains(KEY), "the key was printed");
    let request = &server.requests()[0];
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    for provider in ["openai", "figma", "replicate"] {
        let cleared = s2c(&["keys", "clear", provider], &ns, None);
        assert!(cleared.status.success(), "{}", text(&cleared));
    }
}
