use super::*;

#[test]
fn problems_list_errors_first_and_stop_after_a_dozen() {
    let problems = Problems {
        errors: (1..=14).map(|i| format!("error {i}")).collect(),
        warnings: vec!["import cycle: a → b → a".into()],
    };
    let text = problems.for_model();
    assert!(text.starts_with("\n\nThe project does not run as written yet. Fix these before you finish:\n- error 1\n"), "{text}");
    assert!(
        text.contains(
            "- error 12\n- … and 2 more\n\nWarnings (likely mistakes):\n- import cycle: a → b → a"
        ),
        "{text}"
    );

    assert_eq!(problems.lines().len(), MAX_PROBLEMS);
    assert_eq!(problems.summary_suffix(), " · 14 problems");
    assert_eq!(Problems::default().for_model(), "");
    assert_eq!(Problems::default().summary_suffix(), "");
}

#[test]
fn a_single_page_state_has_no_project_rules() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let files = AgentFileState::new(dir.path());
    assert_eq!(problems(&files, None), Problems::default());
    assert_eq!(
        tool_path("create_file", &files, None)
            .map(|p| p.to_string())
            .ok()
            .as_deref(),
        Some("index.html")
    );
    let package = paths::normalize("package.json").unwrap_or_else(|e| panic!("{e}"));
    assert!(writable("create_file", &files, &package).is_ok());
    let project = files.into_project();
    assert!(writable("create_file", &project, &package).is_err());
    assert!(tool_path("create_file", &project, Some("src/My File (1).tsx")).is_ok());
    assert!(tool_path("create_file", &project, Some("src/a\"b.tsx")).is_err());
}
