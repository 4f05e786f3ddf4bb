use super::*;
use crate::prompts::content::Role;
use crate::prompts::stack::Stack;
use crate::vocab::ToolName;

const TOOLS: &[ToolName] = &[ToolName::CreateFile, ToolName::EditFile];

fn ctx() -> PromptContext<'static> {
    PromptContext {
        stack: Stack::ReactTailwind,
        tools: TOOLS,
        design_system: None,
    }
}

fn shot(n: u8) -> ImageAttachment {
    ImageAttachment {
        media_type: "image/png".into(),
        data: vec![n],
    }
}

fn request(input: CreateInput) -> CreateRequest {
    CreateRequest {
        input,
        instructions: None,
        assets: Vec::new(),
        pages: Vec::new(),
    }
}

fn images(prompt: &Prompt) -> usize {
    prompt
        .messages
        .iter()
        .flat_map(|m| &m.parts)
        .filter(|p| matches!(p, PromptPart::Image(_)))
        .count()
}

#[test]
fn screenshot_counts_are_checked() {
    let cases: Vec<(&str, usize, Result<usize, PromptError>)> = vec![
        ("none", 0, Err(PromptError::NoScreenshots)),
        ("one", 1, Ok(1)),
        ("five", 5, Ok(5)),
        ("six", 6, Err(PromptError::TooManyScreenshots(6))),
    ];
    for (name, n, want) in cases {
        let shots = (0..n as u8).map(shot).collect();
        let got =
            create_prompt(&ctx(), &request(CreateInput::Screenshots(shots))).map(|p| images(&p));
        assert_eq!(got, want, "case {name:?}");
    }
}

#[test]
fn one_screenshot_asks_for_an_exact_copy() {
    let prompt = create_prompt(&ctx(), &request(CreateInput::Screenshots(vec![shot(1)])));
    let prompt = prompt.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(prompt.messages.len(), 1);
    assert_eq!(prompt.messages[0].role, Role::User);
    assert!(prompt.messages[0]
        .text()
        .contains("React + Tailwind page that looks exactly like this screenshot"));
    assert!(
        prompt.system.contains("text/babel"),
        "the system prompt is the stack's"
    );
}

#[test]
fn several_screenshots_get_the_relation_rules_and_labels_in_order() {
    let prompt = create_prompt(
        &ctx(),
        &request(CreateInput::Screenshots(vec![shot(1), shot(2), shot(3)])),
    );
    let message = &prompt.unwrap_or_else(|e| panic!("{e}")).messages[0];
    let text = message.text();
    for needle in [
        "these 3 screenshots",
        "one long page",
        "states of one screen",
        "different pages",
        "different widths",
    ] {
        assert!(text.contains(needle), "mentions {needle}");
    }
    let labels: Vec<String> = message
        .parts
        .windows(2)
        .filter_map(|w| match w {
            [PromptPart::Text(label), PromptPart::Image(img)] => {
                Some(format!("{label}{}", img.data[0]))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        labels,
        [
            "Screenshot 1 of 3:1",
            "Screenshot 2 of 3:2",
            "Screenshot 3 of 3:3"
        ]
    );
}

#[test]
fn video_text_and_imported_code() {
    let video = VideoAttachment {
        media_type: "video/mp4".into(),
        data: vec![0; 4],
        fps: None,
    };
    let p = create_prompt(&ctx(), &request(CreateInput::Video(video)))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(p.needs_video(), "video goes to a video model");
    assert!(p.messages[0].text().contains("screen recording"));

    let p = create_prompt(
        &ctx(),
        &request(CreateInput::Text("A pricing page with 3 tiers".into())),
    );
    let p = p.unwrap_or_else(|e| panic!("{e}"));
    assert!(p.messages[0]
        .text()
        .ends_with("A pricing page with 3 tiers"));
    assert!(!p.needs_video());

    let code = "<html><body>```x```</body></html>";
    let input = CreateInput::ImportedCode {
        path: "index.html".into(),
        code: code.into(),
    };
    let p = create_prompt(&ctx(), &request(input)).unwrap_or_else(|e| panic!("{e}"));
    let text = p.messages[0].text();
    assert!(
        text.contains(&format!("````html\n{code}\n````")),
        "fenced safely: {text}"
    );
    assert!(text.contains("already in the project as `index.html`"));

    let empty = [
        (CreateInput::Text("  ".into()), PromptError::EmptyText),
        (
            CreateInput::ImportedCode {
                path: "index.html".into(),
                code: "\n".into(),
            },
            PromptError::EmptyCode,
        ),
    ];
    for (input, err) in empty {
        assert_eq!(create_prompt(&ctx(), &request(input)).err(), Some(err));
    }
}

#[test]
fn instructions_and_uploaded_assets_are_appended() {
    let mut req = request(CreateInput::Text("A landing page".into()));
    req.instructions = Some("Use a dark theme".into());
    req.assets = vec![
        AssetRef {
            id: "logo".into(),
            description: Some("the company logo".into()),
        },
        AssetRef {
            id: "team".into(),
            description: None,
        },
    ];
    let text = create_prompt(&ctx(), &req)
        .unwrap_or_else(|e| panic!("{e}"))
        .messages[0]
        .text();
    assert!(text.contains("Additional instructions from the user:\nUse a dark theme"));
    assert!(
        text.contains("- `logo`: the company logo\n- `team`"),
        "{text}"
    );
    assert!(text.contains("`save_assets`"));
}

#[test]
fn a_figma_frame_sends_its_render_then_its_design_tokens() {
    let tokens = crate::prompts::DesignTokens {
        frame_name: "Pricing".into(),
        width: 720.0,
        height: 400.0,
        colors: vec![crate::prompts::design_tokens::ColorToken {
            hex: "#1e40af".into(),
            uses: 4,
        }],
        texts: vec!["Simple pricing".into()],
        ..Default::default()
    };
    let prompt = create_prompt(
        &ctx(),
        &request(CreateInput::Figma {
            frame: shot(7),
            dpr: 2,
            tokens,
        }),
    )
    .unwrap();
    assert_eq!(images(&prompt), 1);
    let parts = &prompt.messages[0].parts;
    assert!(matches!(&parts[1], PromptPart::Image(i) if i.data == [7]));
    let PromptPart::Text(section) = &parts[2] else {
        panic!("the tokens follow the image: {parts:?}")
    };
    assert!(
        section.contains("rendered at 2× (1440 × 800 px at 2× = 720 × 400 CSS px)"),
        "{section}"
    );
    assert!(section.contains("- #1e40af (4 uses)"));
    assert!(section.contains("- Simple pricing"));
    assert_eq!(CreateInput::Text("x".into()).still_images().len(), 0);
}
