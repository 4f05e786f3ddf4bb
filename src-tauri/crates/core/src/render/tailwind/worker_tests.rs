use super::{compile, is_running, TailwindError};
use std::time::{Duration, Instant};

const DEFAULT: &str = "@import \"tailwindcss\";";

fn classes(list: &[&str]) -> Vec<String> {
    list.iter().map(|c| (*c).to_owned()).collect()
}

#[test]
fn tailwinds_own_compiler_builds_the_classes_and_skips_other_words() {
    let css = compile(
        DEFAULT,
        classes(&["p-4", "md:text-3xl", "bg-indigo-600", "Ship", "<h2>"]),
    )
    .expect("compiles");
    assert!(css.starts_with("/*! tailwindcss v4.3.5"), "{}", &css[..80]);
    for rule in [
        ".p-4 {",
        ".md\\:text-3xl {",
        ".bg-indigo-600 {",
        "@layer base {",
    ] {
        assert!(css.contains(rule), "{rule} missing");
    }
    assert!(!css.contains("Ship"));
}

#[test]
fn the_pages_theme_and_apply_are_compiled() {
    let input = format!(
        "{DEFAULT}@theme {{ --color-brand: #0a84ff; }}\n.card {{ @apply p-4 bg-brand; }}\n"
    );
    let css = compile(&input, classes(&["text-brand"])).expect("compiles");
    assert!(css.contains("--color-brand: #0a84ff"), "{css}");
    assert!(css.contains(".text-brand {"), "{css}");
    assert!(css.contains(".card {"), "{css}");
}

#[test]
fn what_the_browser_build_refuses_is_refused_with_its_words() {
    for (input, words) in [
        ("@import \"./shared.css\";", "does not support @import"),
        (
            "@import \"tailwindcss\";@plugin \"@tailwindcss/typography\";",
            "does not support plugins",
        ),
        (
            "@import \"tailwindcss\";.x { @apply no-such-class; }",
            "no-such-class",
        ),
    ] {
        match compile(input, Vec::new()) {
            Err(TailwindError::Compile(message)) => {
                assert!(message.contains(words), "{input}: {message}");
                assert!(message.chars().count() <= 301);
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    // The engine that refused still compiles the next page.
    assert!(compile(DEFAULT, classes(&["flex"])).is_ok_and(|css| css.contains(".flex {")));
}

#[test]
fn the_worker_stops_when_idle_and_starts_again_for_the_next_page() {
    compile(DEFAULT, classes(&["flex"])).expect("compiles");
    assert!(is_running());
    let until = Instant::now() + Duration::from_secs(10);
    // Each probe restarts the idle wait (300 ms in tests): look less often than that.
    while is_running() {
        assert!(
            Instant::now() < until,
            "the worker did not stop within 10 s of idling"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    let css = compile(DEFAULT, classes(&["grid"])).expect("compiles after a restart");
    assert!(css.contains(".grid {"));
}
