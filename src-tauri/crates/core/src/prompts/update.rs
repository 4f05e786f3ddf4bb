//! The messages of an update: change an existing variant, from its conversation history or from
//! a snapshot of its files.

use super::content::{fenced_file, Prompt, PromptMessage, PromptPart, Role};
use super::create::{asset_list, non_empty, AssetRef};
use super::selection::{self, SelectedElement};
use super::system::{system_prompt, PromptContext};
use super::PromptError;
use crate::visual_edit::HandSetStyle;
use crate::vocab::ImageAttachment;
use std::collections::BTreeSet;

/// One step of an earlier conversation.
#[derive(Debug, Clone, PartialEq)]
pub enum HistoryEntry {
    /// What the user asked (the original request or a later change), with its images.
    User {
        text: String,
        images: Vec<ImageAttachment>,
    },
    /// The file as it stood after the assistant's turn: how assistant turns are replayed, so
    /// the model sees results, not the tool calls of another vendor.
    Code { path: String, content: String },
}

/// Where the update starts from.
#[derive(Debug, Clone, PartialEq)]
pub enum UpdateSource {
    History(Vec<HistoryEntry>),
    /// The current files (path, content): after hand edits, imports, or when no history is kept.
    Files(Vec<(String, String)>),
    /// A project tree: every file listed with its size, and only the files in play sent
    /// (`in_play::files_in_play`); the model reads the others with `read_file`.
    Project {
        files: Vec<(String, String)>,
        in_play: BTreeSet<String>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct UpdateRequest {
    pub source: UpdateSource,
    pub change_request: String,
    pub selected_element: Option<SelectedElement>,
    pub reference_images: Vec<ImageAttachment>,
    pub assets: Vec<AssetRef>,
    /// Styles set by hand in the visual editor that still stand in the files, newest first.
    pub hand_set: Vec<HandSetStyle>,
}

pub fn update_prompt(ctx: &PromptContext<'_>, req: &UpdateRequest) -> Result<Prompt, PromptError> {
    let change = non_empty(&req.change_request).ok_or(PromptError::EmptyChangeRequest)?;
    let mut messages = match &req.source {
        UpdateSource::History(entries) => history_messages(entries)?,
        UpdateSource::Files(files) => {
            if files.is_empty() {
                return Err(PromptError::NoFiles);
            }
            let listing: Vec<String> = files.iter().map(|(p, c)| fenced_file(p, c)).collect();
            vec![PromptMessage::user(vec![PromptPart::Text(format!(
                "These are the project's current files:\n\n{}",
                listing.join("\n\n")
            ))])]
        }
        UpdateSource::Project { files, in_play } => {
            if files.is_empty() {
                return Err(PromptError::NoFiles);
            }
            vec![PromptMessage::user(vec![PromptPart::Text(project_files(
                files, in_play,
            ))])]
        }
    };
    let mut parts = vec![PromptPart::Text(format!(
        "Change the page as follows:\n{change}\n\nMake this change with `edit_file`, precisely, \
         and keep everything else exactly as it is. Use `create_file` only if most of the file \
         has to change."
    ))];
    if let Some(element) = &req.selected_element {
        let written = selection::written_at(element)
            .map(|at| format!("It is written in `{}` at line {}. ", at.path, at.line))
            .unwrap_or_default();
        parts.push(PromptPart::Text(format!(
            "The user selected this element in the preview (CSS selector `{}`):\n{}\n{written}Apply \
             the change to this element, touching other parts of the page only as far as the \
             change requires.",
            element.selector,
            fenced_file(
                "selected element",
                &selection::without_preview_attributes(&element.html)
            )
        )));
    }
    if !req.hand_set.is_empty() {
        parts.push(PromptPart::Text(hand_set_note(&req.hand_set)));
    }
    if !req.reference_images.is_empty() {
        parts.push(PromptPart::Text(
            "Reference images for this change:".to_owned(),
        ));
        parts.extend(req.reference_images.iter().cloned().map(PromptPart::Image));
    }
    if !req.assets.is_empty() {
        parts.push(PromptPart::Text(asset_list(&req.assets)));
    }
    push_user(&mut messages, parts);
    Ok(Prompt {
        system: system_prompt(ctx),
        messages,
    })
}

/// A project's listing with sizes, then the files in play in full.
fn project_files(files: &[(String, String)], in_play: &BTreeSet<String>) -> String {
    let listing: Vec<String> = files
        .iter()
        .map(|(p, c)| {
            let mark = if in_play.contains(p) { " (below)" } else { "" };
            format!("- {p} ({} bytes){mark}", c.len())
        })
        .collect();
    let shown: Vec<String> = files
        .iter()
        .filter(|(p, _)| in_play.contains(p))
        .map(|(p, c)| fenced_file(p, c))
        .collect();
    let mut text = format!(
        "This is the project as it stands, {} files:\n{}",
        files.len(),
        listing.join("\n")
    );
    if !shown.is_empty() {
        text.push_str(&format!(
            "\n\nThe files in play for this change:\n\n{}",
            shown.join("\n\n")
        ));
    }
    text.push_str(
        "\n\nRead any other file with `read_file` before you change it; do not rewrite files \
         you have not read.",
    );
    text
}

/// Where the user's own choices are written, so a change to one of them is made there: a new
/// rule elsewhere would lose to the value set by hand, and nothing would change on screen.
fn hand_set_note(styles: &[HandSetStyle]) -> String {
    let lines: Vec<String> = styles.iter().map(HandSetStyle::describe).collect();
    format!(
        "The user set these styles by hand in the visual editor:\n{}\nKeep them unless this \
         request changes them. To change one, change that value where it is written (that rule, \
         that style attribute or that class); do not add another rule or override to beat it.",
        lines.join("\n")
    )
}

/// The earlier conversation, alternating user and assistant; the last entry must be code.
fn history_messages(entries: &[HistoryEntry]) -> Result<Vec<PromptMessage>, PromptError> {
    if !matches!(entries.last(), Some(HistoryEntry::Code { .. })) {
        return Err(PromptError::HistoryWithoutCode);
    }
    let mut messages: Vec<PromptMessage> = Vec::new();
    for entry in entries {
        match entry {
            HistoryEntry::User { text, images } => {
                let mut parts = vec![PromptPart::Text(text.clone())];
                parts.extend(images.iter().cloned().map(PromptPart::Image));
                push_user(&mut messages, parts);
            }
            HistoryEntry::Code { path, content } => {
                let text = format!("I wrote the page. {}", fenced_file(path, content));
                match messages.last_mut() {
                    // Two code entries in a row: the later file state replaces the earlier.
                    Some(last) if last.role == Role::Assistant => {
                        last.parts = vec![PromptPart::Text(text)]
                    }
                    _ => messages.push(PromptMessage::assistant_text(text)),
                }
            }
        }
    }
    if messages.first().map(|m| m.role) != Some(Role::User) {
        // Vendors want the conversation to open with the user.
        messages.insert(
            0,
            PromptMessage::user(vec![PromptPart::Text("Build the page.".to_owned())]),
        );
    }
    Ok(messages)
}

/// Appends user parts, merging into a trailing user message (vendors reject two in a row).
fn push_user(messages: &mut Vec<PromptMessage>, parts: Vec<PromptPart>) {
    match messages.last_mut() {
        Some(last) if last.role == Role::User => last.parts.extend(parts),
        _ => messages.push(PromptMessage::user(parts)),
    }
}

#[cfg(test)]
#[path = "update_tests.rs"]
mod tests;
