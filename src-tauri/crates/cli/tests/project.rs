//! The React + Vite (project) stack from a terminal: `s2c generate --stack react_vite` with two
//! screenshots writes each variant's project tree (pages named from the file names),
//! `s2c build` makes the static site of it and `s2c render` takes a screenshot of a route
//! through the preview's pipeline — with no network at all when `unshare -n` can take the
//! network away (as root, as CI runs).

#[path = "../../core/tests/support/mod.rs"]
mod support;

use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::openai::{usage, ResponsesStream};
use support::{MockServer, Reply};

const KEY: &str = "sk-cli-project-key-0123456789abcdef";

const HEADER: &str = "import { Link } from \"react-router-dom\";\n\nexport default function Header() {\n  return (\n    <header className=\"flex gap-6 p-4\">\n      <Link to=\"/\">Home</Link>\n      <Link to=\"/pricing\">Pricing</Link>\n    </header>\n  );\n}\n";
const HOME: &str = "import Header from \"@/components/Header\";\n\nexport default function Home() {\n  return (<><Header /><h1 className=\"text-5xl\">Ship faster</h1></>);\n}\n";
const PRICING: &str = "import Header from \"@/components/Header\";\n\nexport default function Pricing() {\n  return (<><Header /><h1>Plans</h1></>);\n}\n";
const APP: &str = "import { BrowserRouter, Routes, Route } from \"react-router-dom\";\nimport Home from \"./pages/Home\";\nimport Pricing from \"./pages/Pricing\";\n\nexport default function App() {\n  return (\n    <BrowserRouter>\n      <Routes>\n        <Route path=\"/\" element={<Home />} />\n        <Route path=\"/pricing\" element={<Pricing />} />\n      </Routes>\n    </BrowserRouter>\n  );\n}\n";

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/fixtures/samples")
        .join(name)
}

fn project_turn() -> Reply {
    let mut s = ResponsesStream::new();
    for (i, (path, content)) in [
        ("src/components/Header.tsx", HEADER),
        ("src/pages/Home.tsx", HOME),
        ("src/pages/Pricing.tsx", PRICING),
        ("src/App.tsx", APP),
    ]
    .into_iter()
    .enumerate()
    {
        let args = json!({"path": path, "content": content}).to_string();
        let chars: Vec<char> = args.chars().collect();
        let deltas: Vec<String> = chars.chunks(9).map(|c| c.iter().collect()).collect();
        let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
        s.function_call(
            &format!("fc_{i}"),
            &format!("call_{i}"),
            "create_file",
            &deltas,
        );
    }
    s.completed(usage(1200, 0, 900, 0));
    Reply::sse_text(s.body())
}

fn done_turn() -> Reply {
    let mut s = ResponsesStream::new();
    s.message("msg", &["Built the home and pricing pages."])
        .completed(usage(1600, 0, 5, 0));
    Reply::sse_text(s.body())
}

/// `s2c` with `args`, off the test's runtime thread so the mock server keeps answering.
async fn s2c(args: Vec<String>, base_url: Option<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_s2c"));
        command
            .args(args)
            .env(
                "S2C_KEYCHAIN_NAMESPACE",
                "app.screenshottocode.desktop.test.project",
            )
            .env_remove("ANTHROPIC_API_KEY")
            .env_remove("GEMINI_API_KEY")
            .env_remove("GOOGLE_API_KEY");
        if let Some(url) = base_url {
            command
                .env("OPENAI_API_KEY", KEY)
                .env("OPENAI_BASE_URL", url);
        }
        command.output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

/// Generates the two-page project into `out/` and returns variant 1's folder.
async fn generate(out: &Path) -> PathBuf {
    let server = MockServer::start(vec![project_turn(), done_turn()]).await;
    let shots = tempfile::tempdir().expect("temp dir");
    let home = shots.path().join("home.png");
    let pricing = shots.path().join("pricing.png");
    std::fs::copy(sample("landing.png"), &home).expect("copy");
    std::fs::copy(sample("pricing.png"), &pricing).expect("copy");
    let args: Vec<String> = [
        "generate",
        "--stack",
        "react_vite",
        "--input",
        home.to_str().expect("utf-8"),
        "--input",
        pricing.to_str().expect("utf-8"),
        "--model",
        "gpt-5.4",
        "--fidelity-rounds",
        "0",
        "--no-preview-screenshots",
        "--out",
        out.to_str().expect("utf-8"),
    ]
    .into_iter()
    .map(String::from)
    .collect();
    let output = s2c(args, Some(server.url("/v1"))).await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains(KEY));

    let first = server.requests()[0].json();
    let opening = first["input"].to_string();
    assert!(
        opening.contains("\\\"Home\\\" at route `/`"),
        "pages named from the files: {opening}"
    );
    assert!(
        opening.contains("\\\"Pricing\\\" at route `/pricing`"),
        "{opening}"
    );
    out.join("variant-1")
}

#[tokio::test]
async fn generate_writes_the_project_tree_and_build_makes_its_static_site_offline() {
    let out = tempfile::tempdir().expect("temp dir");
    let project = generate(out.path()).await;
    for (path, wanted) in [
        ("src/components/Header.tsx", Some(HEADER)),
        ("src/pages/Home.tsx", Some(HOME)),
        ("src/pages/Pricing.tsx", Some(PRICING)),
        ("src/App.tsx", Some(APP)),
        ("src/main.tsx", None),
        ("src/index.css", None),
        ("index.html", None),
        ("package.json", None),
        ("vite.config.ts", None),
        ("tsconfig.json", None),
    ] {
        let text =
            std::fs::read_to_string(project.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        if let Some(wanted) = wanted {
            assert_eq!(text, wanted, "{path}");
        }
    }
    let package: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(project.join("package.json")).expect("package.json"),
    )
    .expect("JSON");
    assert!(
        package["dependencies"]["react-router-dom"].is_string(),
        "{package}"
    );

    let dist = out.path().join("dist");
    let args = vec![
        "build".to_owned(),
        "--project".to_owned(),
        project.display().to_string(),
        "--out".to_owned(),
        dist.display().to_string(),
    ];
    let output = offline(args).await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with("built ") && stdout.contains(" files ("),
        "{stdout}"
    );
    for path in [
        "index.html",
        "404.html",
        "assets/src/main.tsx.js",
        "assets/src/App.tsx.js",
        "assets/src/pages/Pricing.tsx.js",
        "assets/src/components/Header.tsx.js",
        "assets/src/index.css.js",
        "assets/vendor/react.js",
        "assets/vendor/react-router-dom.js",
        "assets/vendor/tailwindcss-browser.js",
    ] {
        assert!(dist.join(path).is_file(), "dist/{path}");
    }
    let index = std::fs::read_to_string(dist.join("index.html")).expect("index.html");
    assert!(
        index.contains("\"react-router-dom\":\"/assets/vendor/react-router-dom.js\""),
        "{index}"
    );
    assert_eq!(
        std::fs::read_to_string(dist.join("404.html")).expect("404"),
        index,
        "hosts that serve 404.html route too"
    );
    assert!(
        !dist.join("assets/vendor/recharts.js").exists(),
        "only what the project imports"
    );
}

#[tokio::test]
async fn build_refuses_a_project_that_does_not_run_and_says_why() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tree = s2c_webproject::shape::starter_tree("Broken").expect("starter");
    for (path, bytes) in tree.iter() {
        let target = dir.path().join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, &bytes[..]).expect("write");
    }
    std::fs::write(
        dir.path().join("src/App.tsx"),
        "import { motion } from \"framer-motion\";\nexport default () => <motion.div>;\n",
    )
    .expect("write");
    // What npm leaves is not part of the project.
    std::fs::create_dir_all(dir.path().join("node_modules/x")).expect("mkdir");
    std::fs::write(dir.path().join("node_modules/x/index.js"), "not ours").expect("write");
    let dist = dir.path().join("dist");
    let output = offline(vec![
        "build".into(),
        "--project".into(),
        dir.path().display().to_string(),
        "--out".into(),
        dist.display().to_string(),
    ])
    .await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(
        stderr.contains("does not build; fix these and run it again:"),
        "{stderr}"
    );
    assert!(
        stderr.contains("src/App.tsx:2:"),
        "the syntax error with its line: {stderr}"
    );
    assert!(!dist.exists(), "nothing written");
}

/// `s2c` with no network at all (`unshare -n`) where this machine allows it (root, as CI runs
/// the tests), else as it is.
async fn offline(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        let probe = Command::new("unshare").args(["-n", "true"]).output();
        let isolated = probe.is_ok_and(|o| o.status.success());
        let mut command = if isolated {
            let mut c = Command::new("unshare");
            c.arg("-n").arg(env!("CARGO_BIN_EXE_s2c"));
            c
        } else {
            eprintln!("unshare -n is not available here: the build runs with the network");
            Command::new(env!("CARGO_BIN_EXE_s2c"))
        };
        command.args(args).output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

/// `s2c` in a network namespace with only a loopback (Chromium's DevTools connection needs
/// one; nothing else is reachable) where this machine allows it, else as it is.
async fn offline_with_loopback(args: Vec<String>) -> Output {
    tokio::task::spawn_blocking(move || {
        let probe = Command::new("unshare")
            .args(["-n", "sh", "-c", "ip link set lo up"])
            .output();
        let isolated = probe.is_ok_and(|o| o.status.success());
        let mut command = if isolated {
            let mut c = Command::new("unshare");
            c.args(["-n", "sh", "-c", "ip link set lo up && exec \"$0\" \"$@\""])
                .arg(env!("CARGO_BIN_EXE_s2c"));
            c
        } else {
            eprintln!("unshare -n is not available here: the render runs with the network");
            Command::new(env!("CARGO_BIN_EXE_s2c"))
        };
        command.args(args).output().expect("s2c runs")
    })
    .await
    .expect("joined")
}

fn chromium_here() -> bool {
    match s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref()) {
        Ok(_) => true,
        Err(e) if std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() == Ok("1") => {
            panic!("S2C_REQUIRE_CHROMIUM=1 but {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED (set S2C_REQUIRE_CHROMIUM=1 to fail instead): {e}");
            false
        }
    }
}

const RED_PRICING: &str = "export default function Pricing() {\n  return (<main className=\"p-10\"><h1 className=\"text-4xl\">Plans</h1><div className=\"mt-6 h-64 w-[600px] bg-[#ff0000]\" /></main>);\n}\n";

/// A two-route project written to `dir` (BrowserRouter; the pricing page has a red block).
fn write_project(dir: &Path) {
    let mut tree = s2c_webproject::shape::starter_tree("Render").expect("starter");
    for (path, text) in [
        ("src/components/Header.tsx", HEADER),
        ("src/pages/Home.tsx", HOME),
        ("src/pages/Pricing.tsx", RED_PRICING),
        ("src/App.tsx", APP),
    ] {
        tree.insert(path, text).expect("file");
    }
    for (path, bytes) in tree.iter() {
        let target = dir.join(path);
        std::fs::create_dir_all(target.parent().expect("parent")).expect("mkdir");
        std::fs::write(target, &bytes[..]).expect("write");
    }
}

fn red_pixels(png: &Path) -> (u32, usize) {
    let image = image::open(png).expect("a PNG").to_rgb8();
    let red = image
        .pixels()
        .filter(|p| p[0] > 200 && p[1] < 50 && p[2] < 50)
        .count();
    (image.width(), red)
}

#[tokio::test]
async fn render_takes_a_screenshot_of_a_route_or_a_page_offline() {
    if !chromium_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let project = dir.path().join("site");
    write_project(&project);
    let shot = |name: &str| dir.path().join(name);
    let run = |args: &[&str]| {
        args.iter()
            .map(|a| (*a).to_owned())
            .collect::<Vec<String>>()
    };

    let project_arg = project.display().to_string();
    let pricing = shot("pricing.png").display().to_string();
    let output = offline_with_loopback(run(&[
        "render",
        "--project",
        &project_arg,
        "--route",
        "/pricing",
        "--width",
        "1000",
        "--out",
        &pricing,
    ]))
    .await;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}{stderr}");
    assert!(stdout.starts_with("rendered /pricing of "), "{stdout}");
    assert!(!stderr.contains("the page logged"), "{stderr}");
    let (width, red) = red_pixels(&shot("pricing.png"));
    assert_eq!(width, 1000, "the window's width");
    assert!(red > 600 * 250, "the pricing route's red block: {red} px");

    let home = shot("home.png").display().to_string();
    let output =
        offline_with_loopback(run(&["render", "--project", &project_arg, "--out", &home])).await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(red_pixels(&shot("home.png")).1, 0, "/ is the home page");

    let page = shot("page.html");
    std::fs::write(
        &page,
        "<!doctype html><html><body style=\"margin:0\"><div style=\"width:300px;height:300px;background:#ff0000\"></div></body></html>",
    )
    .expect("write");
    let single = shot("single.png").display().to_string();
    let output = offline_with_loopback(run(&[
        "render",
        "--html",
        &page.display().to_string(),
        "--out",
        &single,
    ]))
    .await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let (width, red) = red_pixels(&shot("single.png"));
    assert_eq!((width, red), (1280, 300 * 300), "the single page as it is");

    // A folder that is not a project is refused with what to do.
    let output = offline_with_loopback(run(&[
        "render",
        "--project",
        &dir.path().join("nothing").display().to_string(),
        "--out",
        &shot("x.png").display().to_string(),
    ]))
    .await;
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("s2c render: "), "{stderr}");
    std::fs::create_dir_all(dir.path().join("plain")).expect("mkdir");
    std::fs::write(dir.path().join("plain/index.html"), "<p>hi</p>").expect("write");
    let output = offline_with_loopback(run(&[
        "render",
        "--project",
        &dir.path().join("plain").display().to_string(),
        "--out",
        &shot("x.png").display().to_string(),
    ]))
    .await;
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success()
            && stderr.contains("is not a React + Vite project")
            && stderr.contains("--html FILE"),
        "{stderr}"
    );
    assert!(!shot("x.png").exists(), "nothing written");
}
