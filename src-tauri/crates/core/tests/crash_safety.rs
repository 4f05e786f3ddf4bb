//! Crash safety, for real: a child process records generations into a project as fast as it can
//! and is killed with SIGKILL at varying points, again and again. After every kill the project
//! must open cleanly, pass SQLite's full integrity check, hold every version the child reported
//! as committed with exactly the content it wrote, have no variant left `generating`, and show a
//! working copy that is one whole committed page, never a torn one.
//!
//! The child is this same test binary, re-run with an environment variable naming the project.

use s2c_core::project::{NewVariant, NewVersion, Project, VariantOutcome, VariantStatus};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const CHILD_ENV: &str = "S2C_CRASH_WRITER_PROJECT";
const ROUNDS: u32 = 20;

/// The page the child writes for a version: big enough that writes take a while.
fn page(version: u32, variant: usize) -> Vec<u8> {
    let mut html = format!("<!doctype html><title>v{version}/{variant}</title>\n");
    let line = format!(
        "<p class=\"row\">version {version} variant {variant} {}</p>\n",
        "x".repeat(80)
    );
    while html.len() < 150_000 {
        html.push_str(&line);
    }
    html.push_str("</html>\n");
    html.into_bytes()
}

/// Runs only as the child: records generations until it is killed.
#[test]
fn crash_writer_child() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let project = Project::open(Path::new(&dir)).expect("the child opens the project");
    let stdout = std::io::stdout();
    loop {
        let (version, recorders) = project
            .start_generation(NewVersion::default(), vec![NewVariant::default(); 2])
            .expect("start");
        for (i, mut rec) in recorders.into_iter().enumerate() {
            rec.mark_generating().expect("generating");
            for n in 0..400 {
                let event =
                    serde_json::json!({"type": "code_delta", "n": n, "text": "<div>".repeat(20)});
                rec.record_event("code_delta", &event).expect("event");
            }
            rec.set_files(&[
                ("index.html".into(), page(version, i)),
                (
                    "assets/data.txt".into(),
                    format!("{version}-{i}").into_bytes(),
                ),
            ])
            .expect("files");
            rec.finish(VariantOutcome::Complete).expect("finish");
        }
        project
            .finish_generation(version, true)
            .expect("finish generation");
        let mut out = stdout.lock();
        writeln!(out, "committed {version}").expect("report");
        out.flush().expect("flush");
    }
}

#[test]
fn killing_a_writer_mid_generation_never_loses_a_committed_version() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("crash");
    drop(Project::create(&root, "Crash test").unwrap());
    let exe = std::env::current_exe().unwrap();
    let mut committed: Vec<u32> = Vec::new();
    let mut interrupted_total = 0;

    for round in 0..ROUNDS {
        let mut child = Command::new(&exe)
            .args([
                "crash_writer_child",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_ENV, &root)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(v) = line
                    .strip_prefix("committed ")
                    .and_then(|v| v.parse::<u32>().ok())
                {
                    let _ = tx.send(v);
                }
            }
        });
        // Let it commit one or more versions, then kill it at a varying moment of the next.
        let wanted = 1 + (round % 3) as usize;
        let mut seen = 0;
        while seen < wanted {
            let v = rx
                .recv_timeout(Duration::from_secs(60))
                .expect("the child commits");
            committed.push(v);
            seen += 1;
        }
        std::thread::sleep(Duration::from_millis(u64::from(round * 7 % 45)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        committed.extend(rx.try_iter());

        interrupted_total += check_intact(&root, &committed, round);
    }
    println!(
        "crash test: {ROUNDS} kills, {} versions committed and intact, {interrupted_total} variants found mid-generation and marked interrupted",
        committed.len()
    );
    assert!(
        interrupted_total > 0,
        "no kill landed mid-generation; the test proved nothing"
    );
}

/// Returns how many variants this reopen marked interrupted.
fn check_intact(root: &Path, committed: &[u32], round: u32) -> usize {
    let db = root.join(".s2c/project.db");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let verdict: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(verdict, "ok", "round {round}: integrity");
    }
    let before: usize = {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row(
            "SELECT COUNT(*) FROM variants WHERE status IN ('pending','generating')",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap() as usize
    };
    let project =
        Project::open(root).unwrap_or_else(|e| panic!("round {round}: reopen failed: {e}"));
    let tree = project.tree().unwrap();
    for v in &tree.versions {
        for variant in &v.variants {
            assert!(
                variant.status.is_finished(),
                "round {round}: v{} still {:?}",
                v.id,
                variant.status
            );
        }
    }
    for &id in committed {
        let version = project
            .version(id)
            .unwrap_or_else(|e| panic!("round {round}: v{id} lost: {e}"));
        for (i, variant) in version.variants.iter().enumerate() {
            assert_eq!(
                variant.status,
                VariantStatus::Complete,
                "round {round}: v{id}"
            );
            let bytes = project
                .read_file_bytes(id, Some(variant.id), "index.html")
                .unwrap();
            assert!(
                bytes == page(id, i),
                "round {round}: v{id} variant {i} changed"
            );
        }
    }
    let leftovers = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".s2c-tmp-"))
        .count();
    assert_eq!(
        leftovers, 0,
        "round {round}: temp files of cut writes are cleaned on open"
    );
    let working = std::fs::read(root.join("index.html")).unwrap();
    let whole = tree.versions.iter().any(|v| {
        v.variants
            .iter()
            .enumerate()
            .any(|(i, _)| working == page(v.id, i))
    });
    assert!(
        whole,
        "round {round}: the working index.html is not a whole committed page"
    );
    before
}
