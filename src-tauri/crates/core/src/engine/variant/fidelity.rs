//! The automatic fidelity round: once the model ends a turn without tools, the page is checked
//! against the screenshot and, when a round of fixes is worth it, the report goes back to the
//! model (the policy is `engine/fidelity_rounds.rs`; this follows it).

use super::{Stop, VariantLoop};
use crate::engine::events::{tool_end_events, EventKind};
use crate::engine::fidelity_rounds::{AfterCheck, AtRest, FIX_REQUEST};
use crate::providers::UserContent;
use crate::tools::check_fidelity::AUTOMATIC_CALL;
use crate::tools::ToolDetail;
use crate::vocab::{ToolCall, ToolName};

impl VariantLoop<'_> {
    /// The model ended a turn without tools: check the page against the screenshot and, when
    /// a round of fixes is worth it, hand the report to the model (`true`: go on).
    pub(super) async fn fidelity_round(&mut self) -> Result<bool, Stop> {
        // A round is a model turn or two: not past the budget or the turn cap.
        if self.fidelity.at_rest(&self.files) != AtRest::Check
            || self.check_budget().is_err()
            || self.turns >= self.shared.limits.max_turns
        {
            return Ok(false);
        }
        let call = ToolCall {
            id: format!("{AUTOMATIC_CALL}{}", self.fidelity.scores().len() + 1),
            name: ToolName::CheckFidelity.as_str().to_owned(),
            arguments: serde_json::json!({}),
            invalid_arguments: None,
        };
        self.emit(EventKind::ToolStart {
            call_id: call.id.clone(),
            name: call.name.clone(),
            title: crate::tools::tool_title(&call.name, Some(&call.arguments)),
        });
        self.tool_calls += 1;
        let outcome = self
            .shared
            .runtime
            .execute(&call, self.index, &mut self.files, self.cancel)
            .await
            .map_err(|_| Stop::Cancelled)?;
        for kind in tool_end_events(&outcome) {
            self.emit(kind);
        }
        let Some(ToolDetail::FidelityCheck(check)) = &outcome.detail else {
            self.emit(EventKind::Status {
                message: format!(
                    "The automatic fidelity check did not run: {}",
                    outcome.result.summary
                ),
            });
            return Ok(false);
        };
        self.fidelity.record(check, &self.files);
        match self.fidelity.after_check() {
            AfterCheck::Fix => {
                let mut content =
                    UserContent::text(format!("{}\n\n{FIX_REQUEST}", outcome.result.result));
                for image in outcome.result.images {
                    content.push_image(image);
                }
                self.models.session().append_user_message(content.clone());
                self.transcript.record_user(content);
                self.in_fidelity_round = true;
                Ok(true)
            }
            AfterCheck::Stop { message } => {
                self.emit(EventKind::Status { message });
                Ok(false)
            }
            AfterCheck::KeepEarlier { message, files } => {
                for (path, content) in files {
                    self.shared
                        .siblings
                        .set_file(self.index, path.as_str(), &content);
                    self.files.set(path, content);
                }
                self.emit(EventKind::Status { message });
                Ok(false)
            }
        }
    }
}
