use super::*;
use crate::prompts::stack::Stack;
use crate::vocab::ToolName;

const TOOLS: &[ToolName] = &[ToolName::CreateFile, ToolName::EditFile];

fn ctx() -> PromptContext<'static> {
    PromptContext {
        stack: Stack::HtmlTailwind,
        tools: TOOLS,
        design_system: None,
    }
}

fn image(n: u8) -> ImageAttachment {
    ImageAttachment {
        media_type: "image/png".into(),
        data: vec![n],
    }
}

fn request(source: UpdateSource) -> UpdateRequest {
    UpdateRequest {
        source,
        change_request: "Make the header sticky".into(),
        selected_element: None,
        reference_images: Vec::new(),
        assets: Vec::new(),
        hand_set: Vec::new(),
    }
}

fn roles(prompt: &Prompt) -> Vec<Role> {
    prompt.messages.iter().map(|m| m.role).collect()
}

#[test]
fn history_replays_assistant_turns_as_the_file() {
    let history = vec![
        HistoryEntry::User {
            text: "Build this".into(),
            images: vec![image(1)],
        },
        HistoryEntry::Code {
            path: "index.html".into(),
            content: "<p>v1</p>".into(),
        },
        HistoryEntry::User {
            text: "Make it blue".into(),
            images: vec![],
        },
        HistoryEntry::Code {
            path: "index.html".into(),
            content: "<p>v2-draft</p>".into(),
        },
        HistoryEntry::Code {
            path: "index.html".into(),
            content: "<p>v2</p>".into(),
        },
    ];
    let p = update_prompt(&ctx(), &request(UpdateSource::History(history)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        roles(&p),
        [
            Role::User,
            Role::Assistant,
            Role::User,
            Role::Assistant,
            Role::User
        ]
    );
    assert!(
        matches!(p.messages[0].parts[1], PromptPart::Image(_)),
        "original images kept"
    );
    assert!(p.messages[1].text().contains("```html\n<p>v1</p>\n```"));
    assert!(
        p.messages[3].text().contains("<p>v2</p>"),
        "the later file replaces the earlier"
    );
    assert!(!p.messages[3].text().contains("v2-draft"));
    let last = p.messages[4].text();
    assert!(
        last.contains("Make the header sticky") && last.contains("`edit_file`"),
        "{last}"
    );
}

#[test]
fn a_snapshot_lists_the_files_and_the_change_in_one_user_message() {
    let files = vec![
        ("index.html".to_owned(), "<h1>Hi</h1>".to_owned()),
        ("app.js".to_owned(), "go()".to_owned()),
    ];
    let mut req = request(UpdateSource::Files(files));
    req.selected_element = Some(SelectedElement {
        html: "<h1>Hi</h1>".into(),
        selector: "body > h1".into(),
        loc: None,
    });
    req.reference_images = vec![image(7)];
    req.assets = vec![crate::prompts::AssetRef {
        id: "logo".into(),
        description: None,
    }];
    let p = update_prompt(&ctx(), &req).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(roles(&p), [Role::User], "merged into one user message");
    let text = p.messages[0].text();
    for needle in [
        "index.html:\n```html\n<h1>Hi</h1>\n```",
        "app.js:\n```javascript\ngo()\n```",
        "Make the header sticky",
        "CSS selector `body > h1`",
        "Reference images for this change:",
        "- `logo`",
    ] {
        assert!(text.contains(needle), "mentions {needle:?}: {text}");
    }
    assert!(p.messages[0]
        .parts
        .iter()
        .any(|part| matches!(part, PromptPart::Image(i) if i.data == [7])));
}

#[test]
fn invalid_updates_are_refused() {
    let files = || UpdateSource::Files(vec![("index.html".into(), "x".into())]);
    let mut empty_change = request(files());
    empty_change.change_request = " ".into();
    let cases = [
        (
            "empty change",
            empty_change,
            PromptError::EmptyChangeRequest,
        ),
        (
            "no files",
            request(UpdateSource::Files(vec![])),
            PromptError::NoFiles,
        ),
        (
            "history ending with the user",
            request(UpdateSource::History(vec![HistoryEntry::User {
                text: "x".into(),
                images: vec![],
            }])),
            PromptError::HistoryWithoutCode,
        ),
        (
            "empty history",
            request(UpdateSource::History(vec![])),
            PromptError::HistoryWithoutCode,
        ),
    ];
    for (name, req, err) in cases {
        assert_eq!(
            update_prompt(&ctx(), &req).err(),
            Some(err),
            "case {name:?}"
        );
    }
}

#[test]
fn a_history_that_starts_with_code_opens_with_the_user() {
    let history = vec![HistoryEntry::Code {
        path: "index.html".into(),
        content: "<p>imported</p>".into(),
    }];
    let p = update_prompt(&ctx(), &request(UpdateSource::History(history)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(roles(&p), [Role::User, Role::Assistant, Role::User]);
}

#[test]
fn styles_set_by_hand_are_named_with_where_they_live() {
    use crate::visual_edit::{EditTarget, HandSetStyle, StylePlace};
    let target = EditTarget {
        loc: None,
        node: Some(12),
        tag: "a".into(),
        class: "cta  big".into(),
        text: "Sign up".into(),
    };
    let mut req = request(UpdateSource::Files(vec![(
        "index.html".into(),
        "<a class=\"cta big\">Sign up</a>".into(),
    )]));
    req.hand_set = vec![
        HandSetStyle::new(
            "index.html",
            &target,
            "background-color",
            "#16a34a",
            StylePlace::Rule {
                selector: ".cta".into(),
            },
        ),
        HandSetStyle::new(
            "index.html",
            &target,
            "margin-top",
            "24px",
            StylePlace::Inline,
        ),
    ];
    let p = update_prompt(&ctx(), &req).unwrap_or_else(|e| panic!("{e}"));
    let last = p.messages.last().expect("a user message");
    let text: String = last
        .parts
        .iter()
        .filter_map(|part| match part {
            PromptPart::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        text.contains("- index.html: <a class=\"cta big\"> “Sign up” — background-color: #16a34a, in the CSS rule `.cta`"),
        "the rule is named: {text}"
    );
    assert!(
        text.contains("margin-top: 24px, in its `style` attribute"),
        "{text}"
    );
    assert!(
        text.contains("change that value where it is written"),
        "{text}"
    );
    assert!(
        !update_prompt(
            &ctx(),
            &request(UpdateSource::Files(vec![(
                "index.html".into(),
                "<p>x</p>".into()
            )]))
        )
        .map(|p| format!("{:?}", p.messages))
        .unwrap_or_default()
        .contains("set these styles by hand"),
        "no note without hand-set styles"
    );
}
