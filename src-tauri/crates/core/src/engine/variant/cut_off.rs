//! A reply the output limit cut: its cut-off tool call is answered "not run" and never
//! executed, and the reply is continued up to `max_continuations` times in a row.

use super::{Stop, VariantLoop};
use crate::engine::events::EventKind;
use crate::engine::limits::{cut_off_call_message, truncated_message};
use crate::vocab::{ToolCall, ToolResult};

impl VariantLoop<'_> {
    pub(super) fn report_cut_off(&mut self, call: &ToolCall) -> ToolResult {
        let result = ToolResult {
            call_id: call.id.clone(),
            name: call.name.clone(),
            ok: false,
            result: cut_off_call_message(&call.name),
            summary: format!("{}: cut off by the output limit, not run", call.name),
            images: Vec::new(),
        };
        self.emit(EventKind::ToolResult {
            call_id: result.call_id.clone(),
            name: result.name.clone(),
            ok: false,
            summary: result.summary.clone(),
            detail: None,
        });
        result
    }

    /// Counts one more continuation of a reply the output limit cut, or stops as truncated
    /// when they are spent.
    pub(super) fn continue_cut_reply(&mut self) -> Result<(), Stop> {
        let max = self.shared.limits.max_continuations;
        if self.continuations >= max {
            return Err(Stop::Truncated(truncated_message(max)));
        }
        self.continuations += 1;
        self.emit(EventKind::Status {
            message: "The reply hit the output limit; asking the model to continue…".into(),
        });
        Ok(())
    }
}
