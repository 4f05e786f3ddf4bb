use super::*;
use crate::prompts::cdn::{cdn, CdnKey, CDN_ASSETS};

const BASE_TOOLS: &[ToolName] = &[
    ToolName::CreateFile,
    ToolName::EditFile,
    ToolName::RetrieveOption,
    ToolName::SaveAssets,
];

fn prompt(stack: Stack, tools: &[ToolName], design: Option<&str>) -> String {
    system_prompt(&PromptContext {
        stack,
        tools,
        design_system: design,
    })
}

#[test]
fn each_stack_names_exactly_its_libraries() {
    for stack in Stack::ALL {
        let text = prompt(stack, BASE_TOOLS, None);
        assert!(
            text.contains(stack.display_name()),
            "{stack:?}: names the stack"
        );
        for asset in CDN_ASSETS {
            let wanted = stack.libraries().contains(&asset.key);
            assert_eq!(
                text.contains(asset.url),
                wanted,
                "{stack:?}: {:?} url present = {wanted}",
                asset.key
            );
        }
        assert_eq!(
            text.contains("Tailwind here is version 4"),
            stack.uses_tailwind() && !stack.is_project(),
            "{stack:?}: the v4 note only for single-page Tailwind stacks (a project's rules say it their way)"
        );
    }
}

#[test]
fn stack_conventions_are_specific() {
    let cases = [
        (Stack::ReactTailwind, "text/babel"),
        (Stack::ReactTailwind, "ReactDOM.createRoot"),
        (Stack::VueTailwind, "Vue.createApp"),
        (Stack::Bootstrap, "data-bs-"),
        (Stack::IonicTailwind, "ion-content"),
        (Stack::HtmlCss, "no CSS framework"),
        (Stack::HtmlTailwind, "Tailwind utility classes"),
    ];
    for (stack, needle) in cases {
        assert!(
            prompt(stack, BASE_TOOLS, None).contains(needle),
            "{stack:?} mentions {needle}"
        );
    }
}

#[test]
fn the_image_generation_policy_switches_the_image_guidance() {
    let off = prompt(Stack::HtmlTailwind, BASE_TOOLS, None);
    assert!(
        off.contains("https://placehold.co/640x360"),
        "placeholders when off"
    );
    assert!(off.contains("Image generation is not available"), "says so");
    assert!(
        !off.contains("generate_images"),
        "never names a tool it lacks"
    );

    let mut tools = BASE_TOOLS.to_vec();
    tools.push(ToolName::GenerateImages);
    let on = prompt(Stack::HtmlTailwind, &tools, None);
    assert!(on.contains("`generate_images`"), "uses the tool when on");
    assert!(
        on.contains("`aspect_ratio`"),
        "with the shape the layout needs"
    );
    assert!(
        on.contains("could not make: use a placeholder"),
        "placeholders only for images that failed"
    );
}

#[test]
fn optional_tools_are_mentioned_only_when_offered() {
    let cases = [
        (ToolName::ScreenshotPreview, "`screenshot_preview`"),
        (ToolName::ExtractAssets, "`extract_assets`"),
        (ToolName::EditImage, "`edit_image`"),
        (ToolName::RemoveBackground, "`remove_background`"),
    ];
    for (tool, needle) in cases {
        let without = prompt(Stack::HtmlTailwind, BASE_TOOLS, None);
        assert!(!without.contains(needle), "{tool}: absent when not offered");
        let mut tools = BASE_TOOLS.to_vec();
        tools.push(tool);
        assert!(
            prompt(Stack::HtmlTailwind, &tools, None).contains(needle),
            "{tool}: present when offered"
        );
    }
}

#[test]
fn a_design_system_is_included_when_given() {
    let design = "Primary: #0a84ff. Radius: 12px.";
    assert!(prompt(Stack::Bootstrap, BASE_TOOLS, Some(design)).contains(design));
    assert!(!prompt(Stack::Bootstrap, BASE_TOOLS, Some("  ")).contains("## Design system"));
    assert!(!prompt(Stack::Bootstrap, BASE_TOOLS, None).contains("## Design system"));
}

#[test]
fn the_prompt_asks_for_the_tool_workflow_and_no_filler() {
    let text = prompt(Stack::HtmlTailwind, BASE_TOOLS, None);
    for needle in [
        "`create_file`",
        "`edit_file`",
        "lorem ipsum",
        "exact text",
        cdn(CdnKey::FontAwesome).url,
    ] {
        assert!(text.contains(needle), "mentions {needle}");
    }
}

#[test]
fn stacks_parse_and_serialize_by_their_snake_case_names() {
    for stack in Stack::ALL {
        assert_eq!(stack.as_str().parse::<Stack>().ok(), Some(stack));
        let json = serde_json::to_value(stack).unwrap_or_default();
        assert_eq!(json, stack.as_str(), "{stack:?}");
    }
    let err = "svelte"
        .parse::<Stack>()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("html_tailwind"), "{err}");
}

#[test]
fn a_project_is_told_to_look_at_each_route() {
    let mut tools = BASE_TOOLS.to_vec();
    tools.extend([ToolName::ScreenshotPreview, ToolName::CheckFidelity]);
    let project = prompt(Stack::ReactVite, &tools, None);
    assert!(
        project.contains("look at each with `screenshot_preview`, giving its `route`"),
        "{project}"
    );
    assert!(
        project.contains(
            "scores each page of the site against its own screenshot (the lowest counts; give \
             `route` to check one page)"
        ),
        "{project}"
    );
    let page = prompt(Stack::HtmlTailwind, &tools, None);
    assert!(!page.contains("`route`"), "{page}");
}
