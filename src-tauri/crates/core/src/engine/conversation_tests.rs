use super::*;
use crate::prompts::PromptMessage;
use crate::providers::ContentPart;
use crate::vocab::ImageAttachment;
use crate::vocab::VideoAttachment;

fn png() -> ImageAttachment {
    ImageAttachment {
        media_type: "image/png".into(),
        data: vec![1, 2, 3],
    }
}

#[test]
fn the_last_user_message_opens_and_the_rest_is_history() {
    let prompt = Prompt {
        system: "be good".into(),
        messages: vec![
            PromptMessage::user(vec![PromptPart::Text("make a page".into())]),
            PromptMessage::assistant_text("<html>v1</html>"),
            PromptMessage::user(vec![
                PromptPart::Text("make it blue".into()),
                PromptPart::Image(png()),
            ]),
        ],
    };
    let mut config = SessionConfig::new("m");

    apply_prompt(&mut config, &prompt).unwrap();

    assert_eq!(config.system_prompt, "be good");
    assert_eq!(config.history.len(), 2);
    assert_eq!(
        config.history[1],
        NeutralMessage::assistant_text("<html>v1</html>")
    );
    assert_eq!(
        config.user_content.parts,
        vec![
            ContentPart::Text {
                text: "make it blue".into()
            },
            ContentPart::Image { image: png() }
        ]
    );
}

#[test]
fn malformed_prompts_are_refused() {
    let mut config = SessionConfig::new("m");
    let empty = Prompt {
        system: String::new(),
        messages: vec![],
    };
    assert_eq!(
        apply_prompt(&mut config, &empty),
        Err(ConversationError::Empty)
    );

    let ends_with_assistant = Prompt {
        system: String::new(),
        messages: vec![PromptMessage::assistant_text("hi")],
    };
    assert_eq!(
        apply_prompt(&mut config, &ends_with_assistant),
        Err(ConversationError::EndsWithAssistant)
    );

    let video_later = Prompt {
        system: String::new(),
        messages: vec![
            PromptMessage::user(vec![PromptPart::Video(recording())]),
            PromptMessage::assistant_text("<html></html>"),
            PromptMessage::user(vec![PromptPart::Text("again".into())]),
        ],
    };
    assert_eq!(
        apply_prompt(&mut config, &video_later),
        Err(ConversationError::VideoOutOfPlace)
    );
}

fn recording() -> VideoAttachment {
    VideoAttachment {
        media_type: "video/mp4".into(),
        data: vec![0],
        fps: Some(5.0),
    }
}

#[test]
fn an_opening_video_becomes_the_sessions_video() {
    let prompt = Prompt {
        system: String::new(),
        messages: vec![PromptMessage::user(vec![
            PromptPart::Text("rebuild this".into()),
            PromptPart::Video(recording()),
        ])],
    };
    let mut config = SessionConfig::new("gemini-3-pro-preview");

    apply_prompt(&mut config, &prompt).unwrap();

    assert_eq!(config.videos, vec![recording()]);
    assert_eq!(config.user_content, UserContent::text("rebuild this"));
}
