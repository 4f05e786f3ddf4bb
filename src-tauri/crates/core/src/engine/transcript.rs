//! A variant's conversation in vendor-neutral form, recorded by the engine as the variant runs.
//! Sessions keep their vendor's native history, which no other model can read; this record is
//! what a fallback model's session is rebuilt from, and what a project can store and replay.

use crate::providers::{NeutralMessage, ProviderTurn, SessionConfig, UserContent};
use crate::vocab::ToolResult;
use crate::vocab::VideoAttachment;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    pub system_prompt: String,
    /// The conversation before the first user message (update prompts: earlier versions).
    pub history: Vec<NeutralMessage>,
    /// The first user message, and the recordings sent with it (Gemini only).
    pub user_content: UserContent,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub videos: Vec<VideoAttachment>,
    /// Everything after it, in order: each finished turn's text and tool calls, the results
    /// answering them, later user messages ("continue" after the output limit).
    pub turns: Vec<NeutralMessage>,
}

impl Transcript {
    /// The opening a session is configured with, before any turn.
    pub fn opening(config: &SessionConfig) -> Self {
        Self {
            system_prompt: config.system_prompt.clone(),
            history: config.history.clone(),
            user_content: config.user_content.clone(),
            videos: config.videos.clone(),
            turns: config.continuation.clone(),
        }
    }

    /// A finished turn. Reasoning is left out: it is bound to the model that wrote it.
    pub fn record_turn(&mut self, turn: &ProviderTurn) {
        self.turns.push(NeutralMessage::Assistant {
            text: turn.assistant_text.clone(),
            tool_calls: turn.tool_calls.clone(),
        });
    }

    pub fn record_results(&mut self, results: Vec<ToolResult>) {
        self.turns.push(NeutralMessage::ToolResults { results });
    }

    pub fn record_user(&mut self, content: UserContent) {
        self.turns.push(NeutralMessage::user(content));
    }

    /// Set `config` up to take this conversation over: the same system prompt, opening and
    /// turns, so its first turn picks up where the last one stopped.
    pub fn resume_into(&self, config: &mut SessionConfig) {
        config.system_prompt = self.system_prompt.clone();
        config.history = self.history.clone();
        config.user_content = self.user_content.clone();
        config.videos = self.videos.clone();
        config.continuation = self.turns.clone();
    }
}

#[cfg(test)]
#[path = "transcript_tests.rs"]
mod tests;
