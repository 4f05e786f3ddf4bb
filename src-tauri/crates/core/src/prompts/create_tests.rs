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
            create_prompt(&ctx(), &request(CreateInput::screenshots(shots))).map(|p| images(&p));
        assert_eq!(got, want, "case {name:?}");
    }
}

#[test]
fn one_screenshot_asks_for_an_exact_copy() {
    let prompt = create_prompt(&ctx(), &request(CreateInput::screenshots(vec![shot(1)])));
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
        &request(CreateInput::screenshots(vec![shot(1), shot(2), shot(3)])),
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

fn width_group(widths: &[(u32, u32)]) -> crate::responsive::WidthGroup {
    crate::responsive::WidthGroup::new(
        widths
            .iter()
            .map(|&(index, pixels)| crate::responsive::WidthShot {
                index,
                width: crate::responsive::infer_width(pixels, None),
            })
            .collect(),
    )
    .expect("a group")
}

#[test]
fn one_page_at_two_widths_is_asked_for_as_one_responsive_page() {
    let input = CreateInput::Screenshots {
        shots: vec![shot(1), shot(2)],
        groups: vec![width_group(&[(0, 1440), (1, 1170)])],
    };
    let prompt = create_prompt(&ctx(), &request(input)).unwrap_or_else(|e| panic!("{e}"));
    let message = &prompt.messages[0];
    let text = message.text();
    for needle in [
        "one responsive React + Tailwind page from these 2 screenshots",
        "Screenshot 1 of 2 (desktop, 1440 px wide):",
        "Screenshot 2 of 2 (mobile, 390 px wide (a 1170 px capture at 3×)):",
        "classes without a prefix are the mobile 390 layout (screenshot 2)",
        "`lg:` (1024 px and up) for the desktop 1440 layout (screenshot 1)",
        "menu button",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    assert!(
        !text.contains("First work out how they relate"),
        "the relation is known: {text}"
    );
    assert_eq!(images(&prompt), 2);
    assert!(
        matches!(message.parts.last(), Some(PromptPart::Text(t)) if t.contains("mobile-first")),
        "the rules follow the screenshots"
    );
}

#[test]
fn a_group_among_other_screenshots_is_named_by_number() {
    let input = CreateInput::Screenshots {
        shots: vec![shot(1), shot(2), shot(3)],
        groups: vec![width_group(&[(2, 390), (0, 1280)])],
    };
    let text = create_prompt(&ctx(), &request(input))
        .unwrap_or_else(|e| panic!("{e}"))
        .messages[0]
        .text();
    for needle in [
        "these 3 screenshots of the same product",
        "Screenshot 1 of 3 (desktop, 1280 px wide):",
        "Screenshot 2 of 3:",
        "Screenshot 3 of 3 (mobile, 390 px wide):",
        "Screenshots 1 and 3 are one page at different widths (desktop 1280, mobile 390)",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn groups_that_do_not_fit_the_screenshots_are_refused() {
    let input = CreateInput::Screenshots {
        shots: vec![shot(1)],
        groups: vec![width_group(&[(0, 1440), (1, 390)])],
    };
    let error = create_prompt(&ctx(), &request(input)).expect_err("screenshot 2 is missing");
    assert!(
        matches!(&error, PromptError::BadGroups(m) if m.contains("only 1")),
        "{error}"
    );
}
