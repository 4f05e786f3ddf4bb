//! From a vendor-neutral [`Prompt`] to what a provider session opens with: the system prompt,
//! the earlier messages as history, and the last user message.

use crate::prompts::{Prompt, PromptPart, Role as PromptRole};
use crate::providers::{ContentPart, NeutralMessage, SessionConfig, UserContent};
use crate::vocab::VideoAttachment;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConversationError {
    #[error("the prompt has no messages")]
    Empty,
    #[error("the prompt must end with a user message")]
    EndsWithAssistant,
    #[error("a video can only open the conversation (in its first user message)")]
    VideoOutOfPlace,
}

/// Fill `config` with `prompt`: the system prompt, every message but the last as history, and
/// the last (a user message) as the opening content, its video (if any) as the session's video.
/// Whether the model can watch video is the provider's call: `open_session` refuses it clearly.
pub fn apply_prompt(config: &mut SessionConfig, prompt: &Prompt) -> Result<(), ConversationError> {
    let (last, earlier) = prompt
        .messages
        .split_last()
        .ok_or(ConversationError::Empty)?;
    if last.role != PromptRole::User {
        return Err(ConversationError::EndsWithAssistant);
    }
    config.system_prompt = prompt.system.clone();
    config.history = earlier
        .iter()
        .map(|m| {
            let content = user_content(&m.parts, None)?;
            Ok(match m.role {
                PromptRole::User => NeutralMessage::user(content),
                PromptRole::Assistant => NeutralMessage::assistant_text(text_of(&content)),
            })
        })
        .collect::<Result<_, ConversationError>>()?;
    config.videos.clear();
    config.user_content = user_content(&last.parts, Some(&mut config.videos))?;
    Ok(())
}

/// The text of an assistant message (earlier versions of the page); images have no place there.
fn text_of(content: &UserContent) -> String {
    content
        .parts
        .iter()
        .filter_map(|p| match p {
            ContentPart::Text { text } => Some(text.as_str()),
            ContentPart::Image { .. } => None,
        })
        .collect()
}

fn user_content(
    parts: &[PromptPart],
    mut videos: Option<&mut Vec<VideoAttachment>>,
) -> Result<UserContent, ConversationError> {
    let mut content = UserContent::default();
    for part in parts {
        match part {
            PromptPart::Text(text) => {
                content.push_text(text.clone());
            }
            PromptPart::Image(image) => {
                content.push_image(image.clone());
            }
            PromptPart::Video(video) => match videos.as_deref_mut() {
                Some(videos) => videos.push(video.clone()),
                None => return Err(ConversationError::VideoOutOfPlace),
            },
        }
    }
    Ok(content)
}

#[cfg(test)]
#[path = "conversation_tests.rs"]
mod tests;
