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

/// `s2c ask` reads the key `s2c keys set` stored: the request carries it, nothing prints it.
#[tokio::test]
async fn ask_uses_the_key_from_the_keychain() {
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
    let ns = format!(
        "app.screenshottocode.desktop.test.ask.{}",
        std::process::id()
    );
    let set = s2c(&["keys", "set", "openai"], &ns, Some(&format!("{KEY}\n")));
    assert!(set.status.success(), "{}", text(&set));

    let base_url = server.url("/v1");
    let ns_for_ask = ns.clone();
    let asked = tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_s2c"))
            .args([
                "ask",
                "--provider",
                "openai",
                "--model",
                "gpt-5.4",
                "--json",
                "ping",
            ])
            .env("S2C_KEYCHAIN_NAMESPACE", ns_for_ask)
            .env("OPENAI_BASE_URL", base_url)
            .env_remove("OPENAI_API_KEY")
            .output()
            .expect("s2c runs")
    })
    .await
    .expect("joined");

    assert!(asked.status.success(), "{}", text(&asked));
    assert!(!text(&asked).contains(KEY), "the key was printed");
    let request = &server.requests()[0];
    assert_eq!(
        request.header("authorization"),
        Some(format!("Bearer {KEY}").as_str())
    );
    let cleared = s2c(&["keys", "clear", "openai"], &ns, None);
    assert!(cleared.status.success(), "{}", text(&cleared));
}
