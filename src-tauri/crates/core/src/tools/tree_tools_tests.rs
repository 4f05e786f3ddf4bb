//! The file tools on a project tree: each new tool, and each refusal with its message.

use crate::tools::runtime::tests::Fixture;
use crate::tools::{
    AgentFileState, ToolCapabilities, ToolDetail, ToolEnv, ToolRegistry, ToolRuntime,
};
use crate::vocab::paths::normalize;
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// A project variant's state: the starter project, every file tool offered.
pub(crate) fn project() -> Fixture {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let starter = s2c_webproject::shape::starter_tree("Test").unwrap_or_else(|e| panic!("{e}"));
    let files = AgentFileState::with_files(
        dir.path(),
        starter.iter().map(|(p, b)| {
            (
                normalize(p).unwrap_or_else(|e| panic!("{p}: {e}")),
                String::from_utf8_lossy(b).into_owned(),
            )
        }),
    )
    .into_project();
    let caps = ToolCapabilities {
        project: true,
        ..ToolCapabilities::default()
    };
    Fixture {
        dir,
        files,
        runtime: ToolRuntime::new(ToolRegistry::with_file_tools(), &caps, ToolEnv::default()),
        cancel: CancellationToken::new(),
    }
}

const HEADER: &str =
    "export default function Header() {\n  return <header className=\"p-4\">Acme</header>;\n}\n";
const APP: &str = "import Header from \"@/components/Header\";\nexport default function App() {\n  return <Header />;\n}\n";

async fn write(fx: &mut Fixture, path: &str, content: &str) -> crate::tools::ToolOutcome {
    fx.call("create_file", json!({"path": path, "content": content}))
        .await
}

#[tokio::test]
async fn a_project_offers_the_tree_tools_and_a_single_page_does_not() {
    let fx = project();
    let offered: Vec<&str> = fx.runtime.offered().iter().map(|t| t.as_str()).collect();
    assert_eq!(
        offered,
        [
            "create_file",
            "edit_file",
            "retrieve_option",
            "save_assets",
            "read_file",
            "list_files",
            "delete_file",
            "rename_file"
        ]
    );
    let mut single = Fixture::new();
    let out = single
        .call("read_file", json!({"path": "index.html"}))
        .await;
    assert!(
        !out.result.ok
            && out
                .result
                .result
                .contains("There is no tool named \"read_file\""),
        "{}",
        out.result.result
    );
}

#[tokio::test]
async fn a_write_that_runs_says_nothing_more_and_one_that_does_not_says_what_to_fix() {
    let mut fx = project();
    let out = write(&mut fx, "src/App.tsx", APP).await;
    assert!(out.result.ok, "{}", out.result.result);
    assert!(
        out.result
            .result
            .contains("src/App.tsx imports @/components/Header, which does not exist"),
        "{}",
        out.result.result
    );
    assert!(
        out.result.summary.ends_with(" · 1 problem"),
        "{}",
        out.result.summary
    );
    let Some(ToolDetail::FileWritten { problems, .. }) = &out.detail else {
        panic!("a written file: {:?}", out.detail)
    };
    assert_eq!(problems.len(), 1);

    let out = write(&mut fx, "src/components/Header.tsx", HEADER).await;
    assert!(out.result.ok);
    assert_eq!(
        out.result.result, "Created src/components/Header.tsx (85 B, 3 lines).",
        "a project that runs: nothing to fix"
    );
    assert_eq!(
        out.changed_file.map(|c| c.path).as_deref(),
        Some("src/components/Header.tsx")
    );
}

#[tokio::test]
async fn an_unknown_package_and_a_syntax_error_are_answered_in_the_result() {
    let mut fx = project();
    let out = write(
        &mut fx,
        "src/App.tsx",
        "import { motion } from \"framer-motion\";\nexport default () => <motion.div />;\n",
    )
    .await;
    assert!(
        out.result
            .result
            .contains("`framer-motion` is not available offline; available: "),
        "{}",
        out.result.result
    );
    assert!(
        out.result.result.contains("react-router-dom"),
        "the list names what is there"
    );

    let out = fx
        .call(
            "edit_file",
            json!({"path": "src/App.tsx", "old_text": "<motion.div />", "new_text": "<div>"}),
        )
        .await;
    assert!(out.result.ok, "the edit is made: {}", out.result.result);
    assert!(
        out.result.result.contains("- src/App.tsx:2:"),
        "file:line: {}",
        out.result.result
    );
}

#[tokio::test]
async fn paths_outside_the_project_and_the_apps_files_are_refused_and_nothing_changes() {
    let mut fx = project();
    let before = fx.files.clone();
    for (path, says) in [
        ("../outside.tsx", "leaves the project"),
        ("/etc/passwd", "absolute"),
        ("src/.env", "hidden"),
        ("_s2c/pack/react.js", "reserved"),
    ] {
        let out = write(&mut fx, path, "x").await;
        assert!(
            !out.result.ok && out.result.result.contains(says),
            "{path}: {}",
            out.result.result
        );
    }
    for (tool, args) in [
        (
            "create_file",
            json!({"path": "package.json", "content": "{}"}),
        ),
        (
            "edit_file",
            json!({"path": "vite.config.ts", "old_text": "react()", "new_text": "x()"}),
        ),
        ("delete_file", json!({"path": "tsconfig.json"})),
        (
            "rename_file",
            json!({"from": "package.json", "to": "src/p.json"}),
        ),
        (
            "rename_file",
            json!({"from": "src/App.tsx", "to": "package.json"}),
        ),
    ] {
        let out = fx.call(tool, args).await;
        assert!(!out.result.ok, "{tool}");
        assert!(
            out.result
                .result
                .contains("is written by the app, not by you"),
            "{tool}: {}",
            out.result.result
        );
    }
    assert_eq!(
        fx.files.files().collect::<Vec<_>>(),
        before.files().collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn a_project_stops_at_its_file_limit() {
    let mut fx = project();
    let room = s2c_webproject::tree::MAX_FILES - fx.files.len();
    for i in 0..room {
        fx.files.set(
            normalize(&format!("src/data/d{i}.ts")).unwrap_or_else(|e| panic!("{e}")),
            format!("export default {i};\n"),
        );
    }
    let out = write(&mut fx, "src/components/One.tsx", HEADER).await;
    assert!(!out.result.ok);
    assert!(
        out.result
            .result
            .contains("at most 200 are allowed: delete files you no longer need"),
        "{}",
        out.result.result
    );
    assert!(fx.file("src/components/One.tsx").is_none());
    let out = write(&mut fx, "src/data/d0.ts", "export default 0;\n").await;
    assert!(
        out.result.ok,
        "replacing a file is no new file: {}",
        out.result.result
    );
    let out = fx
        .call(
            "rename_file",
            json!({"from": "src/data/d1.ts", "to": "src/data/one.ts"}),
        )
        .await;
    assert!(
        out.result.ok,
        "a rename at the limit: {}",
        out.result.result
    );
}

#[tokio::test]
async fn read_file_and_list_files_show_the_tree() {
    let mut fx = project();
    write(&mut fx, "src/components/Header.tsx", HEADER).await;
    let out = fx
        .call("read_file", json!({"path": "./src/components/Header.tsx"}))
        .await;
    assert!(out.result.ok);
    assert!(
        out.result.result.starts_with(
            "src/components/Header.tsx (85 B, 3 lines):\n\nsrc/components/Header.tsx:\n```tsx\n"
        ),
        "{}",
        out.result.result
    );
    assert!(out.result.result.contains(HEADER));
    let out = fx.call("read_file", json!({"path": "src/Nope.tsx"})).await;
    assert!(
        !out.result.ok
            && out
                .result
                .result
                .contains("src/Nope.tsx does not exist (existing files: index.html, package.json"),
        "{}",
        out.result.result
    );

    let out = fx.call("list_files", json!({})).await;
    assert!(out.result.ok);
    assert!(
        out.result.result.starts_with("8 files:\nindex.html  "),
        "{}",
        out.result.result
    );
    assert!(
        out.result.result.contains("package.json  ")
            && out.result.result.contains("(the app's; read-only)")
    );
    assert!(
        out.result.result.ends_with("The project runs as written."),
        "{}",
        out.result.result
    );
    let out = fx
        .call("list_files", json!({"folder": "src/components/"}))
        .await;
    assert_eq!(
        out.result.result.lines().next(),
        Some("1 file under src/components/:")
    );
}

#[tokio::test]
async fn a_deleted_file_that_is_still_imported_is_named_and_a_rename_keeps_the_content() {
    let mut fx = project();
    write(&mut fx, "src/components/Header.tsx", HEADER).await;
    write(&mut fx, "src/App.tsx", APP).await;
    let out = fx
        .call("delete_file", json!({"path": "src/components/Header.tsx"}))
        .await;
    assert!(out.result.ok);
    assert!(out
        .result
        .result
        .starts_with("Deleted src/components/Header.tsx."));
    assert!(
        out.result
            .result
            .contains("src/App.tsx imports @/components/Header, which does not exist"),
        "{}",
        out.result.result
    );
    assert!(
        matches!(&out.detail, Some(ToolDetail::FileDeleted { path, problems }) if path == "src/components/Header.tsx" && problems.len() == 1)
    );
    let out = fx
        .call("delete_file", json!({"path": "src/components/Header.tsx"}))
        .await;
    assert!(!out.result.ok && out.result.result.contains("does not exist"));

    write(&mut fx, "src/components/Top.tsx", HEADER).await;
    let out = fx
        .call(
            "rename_file",
            json!({"from": "src/components/Top.tsx", "to": "src/components/Header.tsx"}),
        )
        .await;
    assert!(out.result.ok, "{}", out.result.result);
    assert_eq!(
        out.result.result, "Renamed src/components/Top.tsx to src/components/Header.tsx.",
        "the import resolves again"
    );
    assert_eq!(fx.file("src/components/Header.tsx"), Some(HEADER));
    assert!(fx.file("src/components/Top.tsx").is_none());
    let out = fx
        .call(
            "rename_file",
            json!({"from": "src/App.tsx", "to": "src/components/Header.tsx"}),
        )
        .await;
    assert!(
        !out.result.ok && out.result.result.contains("already exists"),
        "{}",
        out.result.result
    );
}

#[tokio::test]
async fn the_single_page_tools_are_unchanged() {
    let mut fx = Fixture::new();
    let out = fx
        .call(
            "create_file",
            json!({"path": "package.json", "content": "{}"}),
        )
        .await;
    assert!(
        out.result.ok,
        "a single-page variant may write any file: {}",
        out.result.result
    );
    assert_eq!(out.result.result, "Created package.json (2 B, 1 lines).");
}

#[tokio::test]
async fn an_image_already_in_the_variants_folder_counts_and_an_old_source_there_does_not() {
    let mut fx = project();
    // An update starts from a version with images; the user put a logo in public/.
    for (path, bytes) in [
        ("src/assets/hero.png", &b"\x89PNG"[..]),
        ("public/logo.svg", &b"<svg/>"[..]),
        (
            "src/components/Old.tsx",
            &b"export default function Old() { return null; }"[..],
        ),
    ] {
        let target = fx.dir.path().join(path);
        std::fs::create_dir_all(target.parent().unwrap_or_else(|| panic!("{path}")))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(target, bytes).unwrap_or_else(|e| panic!("{e}"));
    }
    let app = "import hero from \"@/assets/hero.png\";\nexport default function App() {\n  return <img src={hero} alt=\"\" />;\n}\n";
    let out = write(&mut fx, "src/App.tsx", app).await;
    assert!(
        out.result.ok && !out.result.result.contains("does not exist"),
        "the image in the folder resolves: {}",
        out.result.result
    );
    // A source on disk that the variant does not have is an older copy, not the variant's.
    let app = "import Old from \"@/components/Old\";\nexport default function App() {\n  return <Old />;\n}\n";
    let out = write(&mut fx, "src/App.tsx", app).await;
    assert!(
        out.result
            .result
            .contains("src/App.tsx imports @/components/Old, which does not exist"),
        "{}",
        out.result.result
    );
}
