//! A visual edit and a later prompt do not fight (issue 31, point 2): on a plain-CSS page the
//! designer's colour goes into the button's own rule, the update prompt says so, a model that
//! changes the rule (as models do on such pages) changes what the page shows, and headless
//! Chromium renders the model's colour. Written as an inline `style`, the designer's colour
//! would win over the rule for good and the model's change would show nothing.

mod render_support;
mod support;

use s2c_core::engine::{self, EventEmitter, LoopLimits, VariantEnd};
use s2c_core::prompts::{
    update_prompt, PromptContext, PromptPart, Stack, UpdateRequest, UpdateSource,
};
use s2c_core::providers::UserContent;
use s2c_core::render::{FileSnapshot, Renderer, RendererConfig, ShotRequest, Viewport};
use s2c_core::visual_edit::{
    annotate, apply_noted, EditTarget, StyleMode, StyleProperty, VisualChange, VisualEdit,
};
use s2c_core::vocab::paths::normalize;
use s2c_core::vocab::{RelPath, ToolName};
use std::collections::BTreeMap;
use std::sync::Arc;
use support::engine_harness::{edit_turn, sse, text_turn, AwaitOutcome, Harness};

const PAGE: &str = "<!DOCTYPE html>\n<html>\n<head>\n<style>\n  :root { --brand: #2563eb; }\n  body { margin: 0; }\n  .cta {\n    display: block;\n    width: 200px;\n    height: 80px;\n    background-color: var(--brand);\n    color: white;\n  }\n</style>\n</head>\n<body>\n  <a class=\"cta\" href=\"#\">Sign up</a>\n</body>\n</html>\n";

const GREEN: &str = "#16a34a";
const RED: &str = "rgb(220, 38, 38)";

/// The node id the preview gives the `<a>`: the same numbering `annotate` writes.
fn node_of_link(page: &str) -> u32 {
    let annotated = annotate(page).expect("the page parses");
    let at = annotated.find("<a ").expect("the link");
    let attr = "data-s2c-node=\"";
    let start = at + annotated[at..].find(attr).expect("an id") + attr.len();
    let end = start + annotated[start..].find('"').expect("closing quote");
    annotated[start..end].parse().expect("a number")
}

/// What a model asked to "make the button red" does on a plain-CSS page: it edits the
/// background declaration of the button's rule, as that rule stands in the file it was sent.
fn model_edits_the_rule(page: &str) -> (String, String) {
    let rule_start = page.find(".cta {").expect("the .cta rule");
    let rule_end = rule_start + page[rule_start..].find('}').expect("its end") + 1;
    let rule = &page[rule_start..rule_end];
    let decl_start = rule
        .find("background-color:")
        .expect("a background declaration");
    let decl_end = decl_start + rule[decl_start..].find(';').expect("its end");
    let old = rule[decl_start..decl_end].to_owned();
    (old, "background-color: #dc2626".to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_visual_edit_then_a_model_edit_of_the_rule_shows_the_models_change() {
    // The designer makes the button green in the properties panel.
    let target = EditTarget {
        loc: None,
        node: Some(node_of_link(PAGE)),
        tag: "a".into(),
        class: "cta".into(),
        text: "Sign up".into(),
    };
    let edited = apply_noted(
        PAGE,
        "index.html",
        StyleMode::Stylesheet,
        false,
        &[VisualEdit {
            target,
            change: VisualChange::Style {
                property: StyleProperty::BackgroundColor,
                value: GREEN.into(),
            },
        }],
    )
    .expect("the edit applies");
    assert!(
        edited
            .text
            .contains(&format!("    background-color: {GREEN};\n")),
        "written in the rule, in its layout:\n{}",
        edited.text
    );
    assert!(!edited.text.contains("style="), "no inline style");

    // The next prompt says where the designer's colour lives.
    let files = vec![("index.html".to_owned(), edited.text.clone())];
    let prompt = update_prompt(
        &PromptContext {
            stack: Stack::HtmlCss,
            tools: &[ToolName::CreateFile, ToolName::EditFile],
            design_system: None,
        },
        &UpdateRequest {
            source: UpdateSource::Files(files.clone()),
            change_request: "Make the button red".into(),
            selected_element: None,
            reference_images: vec![],
            assets: vec![],
            hand_set: s2c_core::visual_edit::standing(
                &[serde_json::to_string(&edited.hand_set).expect("json")],
                &files,
            ),
        },
    )
    .expect("a prompt");
    let said: String = prompt
        .messages
        .iter()
        .flat_map(|m| &m.parts)
        .filter_map(|p| match p {
            PromptPart::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        said.contains(&format!(
            "background-color: {GREEN}, in the CSS rule `.cta`"
        )),
        "the prompt names the rule:\n{said}"
    );

    // The model (a mock vendor) edits the rule.
    let (old, new) = model_edits_the_rule(&edited.text);
    let mut h = Harness::new(vec![
        sse(&edit_turn("call_1", &old, &new)),
        sse(&text_turn("The button is red now.")),
    ])
    .await;
    h.start_files = vec![(RelPath::default_file(), edited.text.clone())];
    let mut spec = h.spec(1, LoopLimits::default(), None);
    spec.variants[0].session.user_content = UserContent::text(said.clone());
    let emitter = Arc::new(EventEmitter::new(h.sink.clone()));
    let outcome = engine::start(spec, emitter).await_outcome().await;
    let variant = &outcome.variants[0];
    assert_eq!(variant.status, VariantEnd::Complete);
    let page = variant
        .files
        .get(&RelPath::default_file())
        .expect("the page")
        .to_owned();
    assert!(
        h.server.requests()[0]
            .json()
            .to_string()
            .contains("in the CSS rule `.cta`"),
        "the vendor got the note"
    );

    // The page shows the model's red.
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Renderer::new(RendererConfig::new(chromium));
    let mut request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
    request.probe =
        Some("getComputedStyle(document.querySelector('.cta')).backgroundColor".to_owned());
    let texts: BTreeMap<RelPath, String> =
        BTreeMap::from([(normalize("index.html").expect("path"), page.clone())]);
    let shots = renderer
        .shoot(Arc::new(FileSnapshot::new(texts, None)), &request)
        .await
        .expect("renders");
    renderer.shutdown().await;
    assert_eq!(
        shots[0].probe.as_ref().and_then(|v| v.as_str()),
        Some(RED),
        "the model's change shows:\n{page}"
    );
}
