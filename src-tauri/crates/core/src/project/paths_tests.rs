use super::*;

#[test]
fn normalizes_or_refuses_every_case() {
    let cases = [
        ("index.html", Some("index.html")),
        ("./assets//logo.png", Some("assets/logo.png")),
        ("assets\\img\\a.png", Some("assets/img/a.png")),
        ("../etc/passwd", None),
        ("assets/../../x", None),
        ("/etc/passwd", None),
        ("C:\\Windows\\x", None),
        ("c:x", None),
        (".s2c/project.db", None),
        ("", None),
        ("./", None),
        ("a\u{0}b", None),
    ];
    for (raw, expected) in cases {
        assert_eq!(normalize(raw).ok().as_deref(), expected, "case {raw:?}");
    }
}

#[test]
fn working_paths_exclude_app_data_inputs_and_hidden_files() {
    assert!(is_working_path("index.html"));
    assert!(is_working_path("assets/a.png"));
    assert!(!is_working_path("inputs/shot.png"));
    assert!(!is_working_path(".git/config"));
    assert!(!is_working_path("assets/.DS_Store"));
    assert!(!is_working_path(".s2c-tmp-1-2-index.html"));
}
