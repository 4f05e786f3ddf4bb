//! From a vendor-neutral [`Prompt`] to what a provider session opens with: the system prompt,
//! the earlier messages as history, and the last user message.

use crate::prompts::{Prompt, PromptPart, Role as PromptRole};
use crate::providers::{ContentPart, PlainMessage, Role, SessionConfig, UserContent};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConversationError {
    #[error("the prompt has no messages")]
    Empty,
    #[error("the prompt must end with a user message")]
    EndsWithAssistant,
    #[error("this input is a screen recording, and only Gemini models can watch video: pick a Gemini model for this generation")]
    VideoUnsupported,
}

/// Fill `config` with `prompt`: the system prompt, every message but the last as history, and
/// the last (a user message) as the opening content.
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
            Ok(PlainMessage {
                role: match m.role {
                    PromptRole::User => Role::User,
                    PromptRole::Assistant => Role::Assistant,
                },
                content: user_content(&m.parts)?,
            })
        })
        .collect::<Result<_, ConversationError>>()?;
    config.user_content = user_content(&last.parts)?;
    Ok(())
}

fn user_content(parts: &[PromptPart]) -> Result<UserContent, ConversationError> {
    let parts = parts
        .iter()
        .map(|part| match part {
            PromptPart::Text(text) => Ok(ContentPart::Text { text: text.clone() }),
            PromptPart::Image(image) => Ok(ContentPart::Image {
                image: image.clone(),
            }),
            PromptPart::Video(_) => Err(ConversationError::VideoUnsupported),
        })
        .collect::<Result<_, _>>()?;
    Ok(UserContent { parts })
}

#[cfg(test)]
#[path = "conversation_tests.rs"]
mod tests;
