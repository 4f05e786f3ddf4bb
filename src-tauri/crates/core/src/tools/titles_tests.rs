use super::*;
use serde_json::json;

#[test]
fn titles_name_the_target_when_known() {
    let cases = [
        (
            "create without args",
            "create_file",
            None,
            "Writing index.html",
        ),
        (
            "create with a path",
            "create_file",
            Some(json!({"path": "a.html"})),
            "Writing a.html",
        ),
        (
            "edit, null path",
            "edit_file",
            Some(json!({"path": null})),
            "Editing index.html",
        ),
        (
            "option",
            "retrieve_option",
            Some(json!({"option_number": 2})),
            "Reading option 2",
        ),
        (
            "one image",
            "generate_images",
            Some(json!({"prompts": ["x"]})),
            "Generating 1 image",
        ),
        (
            "images unknown yet",
            "remove_background",
            None,
            "Removing the background of images",
        ),
        (
            "assets",
            "extract_assets",
            Some(json!({"asset_descriptions": ["a", "b"]})),
            "Extracting 2 assets",
        ),
        (
            "screenshot",
            "screenshot_preview",
            None,
            "Checking the preview",
        ),
        (
            "read",
            "read_file",
            Some(json!({"path": "src/App.tsx"})),
            "Reading src/App.tsx",
        ),
        ("read, path unknown", "read_file", None, "Reading a file"),
        ("list", "list_files", None, "Listing the project's files"),
        (
            "delete, path unknown",
            "delete_file",
            None,
            "Deleting a file",
        ),
        (
            "rename",
            "rename_file",
            Some(json!({"from": "src/A.tsx", "to": "src/B.tsx"})),
            "Renaming src/A.tsx to src/B.tsx",
        ),
        ("rename, unknown", "rename_file", None, "Renaming a file"),
        ("unknown", "frobnicate", None, "Calling frobnicate"),
    ];
    for (name, tool, args, want) in cases {
        assert_eq!(tool_title(tool, args.as_ref()), want, "case {name:?}");
    }
}
