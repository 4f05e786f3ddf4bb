//! Prompts, in our own words: the agent's system prompt with each stack's rules, the opening
//! message for every kind of input, and update conversations. Vendor-neutral: the provider
//! layer turns [`Prompt`] into each vendor's request.

pub mod cdn;
pub mod content;
pub mod create;
pub mod design_tokens;
pub mod in_play;
pub mod page_shots;
pub mod project;
mod responsive;
pub mod selection;
pub mod stack;
mod stack_rules;
pub mod system;
pub mod update;

pub use crate::visual_edit::HandSetStyle;
pub use cdn::{cdn, resolve_cdn_url, CdnAsset, CdnKey, CdnKind, CDN_ASSETS};
pub use content::{Prompt, PromptMessage, PromptPart, Role, VideoAttachment};
pub use create::{create_prompt, AssetRef, CreateInput, CreateRequest, MAX_SCREENSHOTS};
pub use design_tokens::{design_tokens_section, DesignTokens};
pub use page_shots::{page_units, PageShot, PageShots};
pub use project::{pages_from_file_names, Page};
pub use selection::SelectedElement;
pub use stack::{Stack, StackInfo, UnknownStack};
pub use system::{system_prompt, PromptContext};
pub use update::{update_prompt, HistoryEntry, UpdateRequest, UpdateSource};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PromptError {
    #[error("add at least one screenshot")]
    NoScreenshots,
    #[error("{0} screenshots were given; at most {max} can be used at once", max = create::MAX_SCREENSHOTS)]
    TooManyScreenshots(usize),
    #[error("{0}")]
    BadGroups(String),
    #[error("the description is empty")]
    EmptyText,
    #[error("the imported code is empty")]
    EmptyCode,
    #[error("the change request is empty; say what to change")]
    EmptyChangeRequest,
    #[error("there are no files to update")]
    NoFiles,
    #[error("the history has no code to update (it must end with the page as it stands)")]
    HistoryWithoutCode,
}
