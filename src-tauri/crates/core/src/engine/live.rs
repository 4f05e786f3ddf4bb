//! What each event changes in the files a preview shows while a variant runs
//! ([`LiveGeneration`], the render floor's, knows nothing of events).

use super::events::{AgentEvent, EventKind};
use crate::render::live::{LiveChange, LiveGeneration};
use crate::tools::ToolDetail;

impl AgentEvent {
    /// What this event changes in its variant's live files, if anything.
    pub fn live_change(&self) -> Option<LiveChange<'_>> {
        Some(match &self.kind {
            EventKind::CodeDelta {
                call_id,
                path,
                text,
            } => LiveChange::Draft {
                call_id,
                path,
                text,
            },
            EventKind::SetCode { path, content } => LiveChange::Set { path, content },
            EventKind::ToolResult { call_id, .. } => LiveChange::CallEnded { call_id },
            EventKind::Retrying {
                discard_from: Some(_),
                ..
            } => LiveChange::TurnRestarted,
            _ => return None,
        })
    }

    /// The file a tool result took away from a project tree (delete_file, rename_file).
    pub fn removed_file(&self) -> Option<&str> {
        match &self.kind {
            EventKind::ToolResult {
                ok: true,
                detail: Some(ToolDetail::FileDeleted { path, .. }),
                ..
            } => Some(path),
            EventKind::ToolResult {
                ok: true,
                detail: Some(ToolDetail::FileRenamed { from, .. }),
                ..
            } => Some(from),
            _ => None,
        }
    }

    /// Keep `live` as this event leaves its variant.
    pub fn apply_to(&self, live: &LiveGeneration) {
        if let Some(change) = self.live_change() {
            live.apply(self.variant, change);
        }
        if let Some(path) = self.removed_file() {
            live.apply(self.variant, LiveChange::Removed { path });
        }
    }
}

#[cfg(test)]
#[path = "live_tests.rs"]
mod tests;
