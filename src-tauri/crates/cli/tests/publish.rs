//! `s2c publish` and `s2c export --git` as processes, against the mock services of the core's
//! tests: a folder published and published again to the same site (remembered in a dotfile
//! that is never uploaded), an app project published from its current version, the token only
//! from the environment, the history exported as a repository and pushed to GitHub.

#[path = "../../core/tests/publish_support/mod.rs"]
mod publish_support;
#[path = "../../core/tests/support/mod.rs"]
mod support;

use publish_support::github::{git, GithubMock};
use publish_support::netlify::NetlifyMock;
use publish_support::{project_with_a_fork, site_files};
use std::path::Path;

const NAMESPACE: &str = "app.screenshottocode.desktop.test.cli-publish";

async fn s2c(args: Vec<String>, env: Vec<(&'static str, String)>) -> std::process::Output {
    tokio::task::spawn_blocking(move || {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"));
        command.args(&args).env("S2C_KEYCHAIN_NAMESPACE", NAMESPACE);
        for name in [
            "NETLIFY_AUTH_TOKEN",
            "GITHUB_TOKEN",
            "GH_TOKEN",
            "VERCEL_TOKEN",
            "CLOUDFLARE_API_TOKEN",
        ] {
            command.env_remove(name);
        }
        for (k, v) in env {
            command.env(k, v);
        }
        command.output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

fn write_site(dir: &Path, version: &str) {
    for (path, bytes) in site_files(version) {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(file, bytes).expect("write");
    }
}

fn netlify_env(mock: &NetlifyMock) -> Vec<(&'static str, String)> {
    vec![
        (
            "NETLIFY_AUTH_TOKEN",
            publish_support::netlify::TOKEN.to_owned(),
        ),
        ("NETLIFY_BASE_URL", mock.base_url()),
    ]
}

#[tokio::test]
async fn a_folder_is_published_then_updated_on_the_same_site() {
    let mock = NetlifyMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let site = dir.path().join("bakery");
    write_site(&site, "v1");
    std::fs::write(site.join(".env"), "SECRET=1").expect("dotfile");
    let args = vec![
        "publish".to_owned(),
        site.display().to_string(),
        "--to".into(),
        "netlify".into(),
    ];

    let first = s2c(args.clone(), netlify_env(&mock)).await;
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&first.stdout).trim(),
        "https://bakery.netlify.app"
    );
    assert!(stderr.contains("sent 3 of 3 changed files"), "{stderr}");
    assert!(
        site.join(".s2c-publish.json").is_file(),
        "remembered in the folder"
    );

    write_site(&site, "v2");
    let second = s2c(args, netlify_env(&mock)).await;
    assert!(
        second.status.success(),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    mock.with(|s| {
        assert_eq!(s.sites.len(), 1, "the same site");
        assert_eq!(s.uploads.len(), 4, "one changed file the second time");
        assert!(s
            .uploads
            .iter()
            .all(|u| !u.contains(".s2c-publish") && !u.contains(".env")));
    });
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&second.stdout),
        String::from_utf8_lossy(&second.stderr)
    );
    assert!(
        !all.contains(publish_support::netlify::TOKEN),
        "the token was printed"
    );
}

#[tokio::test]
async fn no_token_says_where_to_put_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    write_site(dir.path(), "v1");
    let out = s2c(
        vec![
            "publish".into(),
            dir.path().display().to_string(),
            "--to".into(),
            "netlify".into(),
        ],
        vec![("NETLIFY_BASE_URL", "http://127.0.0.1:9/api/v1".into())],
    )
    .await;
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "no Netlify token: set NETLIFY_AUTH_TOKEN or store one with `s2c keys set netlify`"
        ),
        "{stderr}"
    );
}

#[tokio::test]
async fn an_app_project_publishes_its_current_version_and_remembers_it_inside() {
    let mock = NetlifyMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    let mut args = vec![
        "publish".to_owned(),
        project.root().display().to_string(),
        "--to".into(),
        "netlify".into(),
        "--json".into(),
    ];
    args.extend(["--name".to_owned(), "Sunday Bakery".to_owned()]);

    let out = s2c(args, netlify_env(&mock)).await;

    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let publication: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(publication["url"], "https://sunday-bakery.netlify.app");
    let current = project
        .info()
        .expect("info")
        .current_version
        .expect("current");
    assert_eq!(publication["version_id"], current);
    let live = mock
        .site(publication["site_id"].as_str().expect("id"))
        .expect("site")
        .live;
    assert!(String::from_utf8_lossy(&live["index.html"]).contains("dark"));
    assert!(
        !live
            .keys()
            .any(|k| k.starts_with(".s2c") || k.starts_with("inputs")),
        "{live:?}"
    );
    assert!(
        !project.root().join(".s2c-publish.json").exists(),
        "kept in the project's database"
    );
    let records = s2c_core::publish::record::read_project(&project).expect("records");
    assert_eq!(records.len(), 1);
}

#[tokio::test]
async fn export_git_writes_the_history_and_push_sends_it_to_github() {
    let mock = GithubMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    let project = project_with_a_fork(dir.path());
    let repo = dir.path().join("repo");
    let args = vec![
        "export".to_owned(),
        project.root().display().to_string(),
        "--git".into(),
        "--out".into(),
        repo.display().to_string(),
        "--push".into(),
        "Sunday Bakery".into(),
    ];
    let env = vec![
        ("GITHUB_TOKEN", publish_support::github::TOKEN.to_owned()),
        ("GITHUB_BASE_URL", mock.base_url()),
    ];

    let out = s2c(args, env).await;

    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("4 commits, branches main, v3-try-a-green-palette"),
        "{stdout}"
    );
    assert!(
        stdout.contains("https://github.com/ada/sunday-bakery (4 new commits)"),
        "{stdout}"
    );
    let local = git(&repo, &["rev-parse", "main"], None, &[]).expect("local main");
    let remote = git(
        &mock.repo_dir("ada/sunday-bakery"),
        &["rev-parse", "main"],
        None,
        &[],
    )
    .expect("remote main");
    assert_eq!(local, remote, "the same commit here and on GitHub");
}

/// A token `s2c keys set` stored goes to the service's own API only: `NETLIFY_BASE_URL` naming
/// another server gets nothing (that server's token comes from the environment), while the
/// service's own address (the mock stands in for it) gets it.
#[tokio::test]
async fn a_keychain_token_never_goes_to_an_environment_base_url() {
    if std::env::var("S2C_SECRET_SERVICE").as_deref() != Ok("1") {
        println!("skipped: S2C_SECRET_SERVICE is not 1; run through scripts/with-keyring.sh");
        return;
    }
    let mock = NetlifyMock::start().await;
    let dir = tempfile::tempdir().expect("temp dir");
    write_site(dir.path(), "v1");
    let namespace = format!("{NAMESPACE}.{}", std::process::id());
    let set = tokio::task::spawn_blocking({
        let namespace = namespace.clone();
        move || {
            use std::io::Write;
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_s2c"))
                .args(["keys", "set", "netlify"])
                .env("S2C_KEYCHAIN_NAMESPACE", &namespace)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("s2c starts");
            if let Some(mut stdin) = child.stdin.take() {
                stdin
                    .write_all(format!("{}\n", publish_support::netlify::TOKEN).as_bytes())
                    .expect("stdin");
            }
            child.wait_with_output().expect("s2c runs")
        }
    })
    .await
    .expect("joined");
    assert!(
        set.status.success(),
        "{}",
        String::from_utf8_lossy(&set.stderr)
    );
    let publish = |extra: Vec<(&'static str, String)>| {
        let mut env = vec![("S2C_KEYCHAIN_NAMESPACE", namespace.clone())];
        env.extend(extra);
        s2c(
            vec![
                "publish".into(),
                dir.path().display().to_string(),
                "--to".into(),
                "netlify".into(),
                "--name".into(),
                "Bright Page".into(),
            ],
            env,
        )
    };

    let refused = publish(vec![("NETLIFY_BASE_URL", mock.base_url())]).await;

    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("NETLIFY_AUTH_TOKEN"), "{said}");
    assert!(mock.server.requests().is_empty(), "the token went nowhere");

    let own = publish(vec![
        ("NETLIFY_BASE_URL", mock.base_url()),
        ("S2C_TEST_OWN_BASE_URL", mock.base_url()),
    ])
    .await;

    assert!(
        own.status.success(),
        "{}",
        String::from_utf8_lossy(&own.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&own.stdout).trim(),
        "https://bright-page.netlify.app"
    );
}

/// The folder `s2c generate` writes a variant to is published as it is: its page and nothing
/// else, to a new site, then the same site again.
#[tokio::test]
async fn a_variant_folder_written_by_s2c_generate_is_published() {
    let vendor = support::MockServer::start(vec![]).await;
    let page = "<!doctype html><html><body><h1>Sunday Bakery</h1></body></html>";
    let args = serde_json::json!({ "path": "index.html", "content": page }).to_string();
    let mut create = support::openai::ResponsesStream::new();
    create
        .function_call("fc_1", "call_1", "create_file", &[&args])
        .completed(support::openai::usage(100, 0, 50, 0));
    let mut done = support::openai::ResponsesStream::new();
    done.message("msg", &["Done."])
        .completed(support::openai::usage(150, 0, 5, 0));
    vendor.push(support::Reply::sse_text(create.body()));
    vendor.push(support::Reply::sse_text(done.body()));
    let out = tempfile::tempdir().expect("temp dir");
    let generated = s2c(
        vec![
            "generate".into(),
            "--text".into(),
            "A landing page for a bakery".into(),
            "--model".into(),
            "gpt-5.4".into(),
            "--fidelity-rounds".into(),
            "0".into(),
            "--out".into(),
            out.path().display().to_string(),
            "--quiet".into(),
        ],
        vec![
            ("OPENAI_API_KEY", "sk-publish-test-0123456789abcdef".into()),
            ("OPENAI_BASE_URL", vendor.url("/v1")),
        ],
    )
    .await;
    assert!(
        generated.status.success(),
        "{}",
        String::from_utf8_lossy(&generated.stderr)
    );
    let variant = out.path().join("variant-1");
    let mock = NetlifyMock::start().await;
    let publish = || {
        s2c(
            vec![
                "publish".into(),
                variant.display().to_string(),
                "--to".into(),
                "netlify".into(),
                "--name".into(),
                "Sunday Bakery".into(),
                "--quiet".into(),
            ],
            netlify_env(&mock),
        )
    };

    let first = publish().await;
    let again = publish().await;

    for run in [&first, &again] {
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&run.stdout).trim(),
            "https://sunday-bakery.netlify.app"
        );
    }
    let sites = mock.with(|s| s.sites.clone());
    assert_eq!(sites.len(), 1, "the same site both times");
    let live = &sites.values().next().expect("site").live;
    assert_eq!(live.keys().collect::<Vec<_>>(), ["index.html"]);
    assert_eq!(live["index.html"], page.as_bytes());
}
