//! What `s2c` says about itself: `--version` names the one version and the commit, and `--help`
//! lists exactly the commands the README documents (the packages' man page is made from it).

use std::process::Command;

fn s2c(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_s2c"))
        .args(args)
        .output()
        .expect("s2c runs");
    assert!(output.status.success(), "s2c {args:?} failed: {output:?}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn version_names_the_version_and_the_commit() {
    let text = s2c(&["--version"]);
    let want = format!("s2c {} (commit ", env!("CARGO_PKG_VERSION"));
    assert!(
        text.starts_with(&want),
        "{text:?} should start with {want:?}"
    );
    let commit = text.trim().trim_start_matches(&want).trim_end_matches(')');
    assert!(
        commit == "unknown" || (commit.len() >= 7 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "not a commit: {commit:?}"
    );
}

#[test]
fn help_lists_the_commands_the_readme_documents() {
    let help = s2c(&["--help"]);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 5, "no commands found in:\n{help}");
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../README.md"))
            .expect("README.md");
    for name in &commands {
        assert!(
            readme.contains(&format!("s2c {name}")),
            "README.md never shows `s2c {name}`"
        );
    }
    // …and every command the README shows (in a code block or in backticks) exists.
    let shown = readme
        .lines()
        .filter_map(|l| l.strip_prefix("s2c "))
        .chain(readme.split("`s2c ").skip(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(|word| word.trim_end_matches('`'))
        .filter(|word| !word.starts_with('-'));
    for word in shown {
        assert!(
            commands.contains(&word),
            "README.md shows `s2c {word}`, which --help does not list"
        );
    }
}
