use super::*;

#[test]
fn a_tree_holds_at_most_max_files_and_says_so() {
    let mut tree = Tree::new();
    for i in 0..MAX_FILES {
        tree.insert(&format!("src/c/F{i}.tsx"), "x")
            .expect("within the limit");
    }
    tree.insert("src/c/F0.tsx", "replaced")
        .expect("replacing is not adding");
    let error = tree.insert("src/c/One more.tsx", "x").unwrap_err();
    assert_eq!(
        error,
        WebProjectError::TooManyFiles {
            count: MAX_FILES + 1,
            max: MAX_FILES
        }
    );
    assert!(error.to_string().contains("at most 200"), "{error}");
    assert_eq!(tree.len(), MAX_FILES, "nothing was added");
    let many = (0..=MAX_FILES).map(|i| (format!("f{i}.ts"), "x"));
    assert!(matches!(
        Tree::from_files(many),
        Err(WebProjectError::TooManyFiles { .. })
    ));
}

#[test]
fn a_bad_path_or_a_huge_file_leaves_the_tree_unchanged() {
    let mut tree = Tree::from_files([("src/App.tsx", "a")]).expect("tree");
    assert!(tree.insert("../x.tsx", "x").is_err());
    assert!(matches!(
        tree.insert("public/big.png", vec![0u8; MAX_FILE_BYTES + 1]),
        Err(WebProjectError::FileTooLarge { .. })
    ));
    assert_eq!(tree.paths().collect::<Vec<_>>(), vec!["src/App.tsx"]);
}

#[test]
fn a_file_and_a_folder_of_the_same_name_cannot_both_exist() {
    let mut tree = Tree::from_files([("src/App", "a")]).expect("tree");
    assert!(tree.insert("src/App/x.tsx", "x").is_err());
    let mut tree = Tree::from_files([("src/App/x.tsx", "a")]).expect("tree");
    assert!(tree.insert("src/App", "x").is_err());
    assert!(
        tree.insert("src/Apple", "x").is_ok(),
        "a longer name is not the folder"
    );
}

#[test]
fn the_entry_is_the_module_script_of_index_html() {
    let tree = Tree::from_files([(
        "index.html",
        "<html><head><script type=\"module\" src=\"/src/boot.tsx\"></script></head></html>",
    )])
    .expect("tree");
    assert_eq!(tree.entry(), "src/boot.tsx");
    assert_eq!(Tree::new().entry(), DEFAULT_ENTRY);
    let text = Tree::from_files([("a.png", vec![0xFFu8, 0xFE])]).expect("tree");
    assert!(matches!(
        text.text("a.png"),
        Err(WebProjectError::NotText { .. })
    ));
}
