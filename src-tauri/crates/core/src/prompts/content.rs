//! Vendor-neutral messages: what the prompts produce and each provider turns into its own
//! request format.

use crate::vocab::ImageAttachment;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    User,
    Assistant,
}

/// A screen recording (Gemini reads video; the other vendors do not).
pub use crate::vocab::VideoAttachment;

#[derive(Debug, Clone, PartialEq)]
pub enum PromptPart {
    Text(String),
    Image(ImageAttachment),
    Video(VideoAttachment),
}

#[derive(Debug, Clone, PartialEq)]
pub struct PromptMessage {
    pub role: Role,
    pub parts: Vec<PromptPart>,
}

impl PromptMessage {
    pub fn user(parts: Vec<PromptPart>) -> Self {
        Self {
            role: Role::User,
            parts,
        }
    }

    pub fn assistant_text(text: impl Into<String>) -> Self {
        Self {
            role: Role::Assistant,
            parts: vec![PromptPart::Text(text.into())],
        }
    }

    /// All text parts joined, for tests and logs.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .filter_map(|p| match p {
                PromptPart::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub fn has_video(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, PromptPart::Video(_)))
    }
}

/// What a generation starts from: the system prompt and the opening messages.
#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    pub system: String,
    pub messages: Vec<PromptMessage>,
}

impl Prompt {
    /// True when a model must read video to follow it (only Gemini models can).
    pub fn needs_video(&self) -> bool {
        self.messages.iter().any(PromptMessage::has_video)
    }
}

/// A file shown to the model, fenced with a language tag from its extension.
pub(crate) fn fenced_file(path: &str, content: &str) -> String {
    let lang = match path.rsplit('.').next() {
        Some("html" | "htm") => "html",
        Some("css") => "css",
        Some("js" | "mjs") => "javascript",
        Some("jsx") => "jsx",
        Some("vue") => "vue",
        _ => "",
    };
    // A fence longer than any backtick run inside keeps the file intact.
    let longest = content.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{path}:\n{fence}{lang}\n{content}\n{fence}")
}
