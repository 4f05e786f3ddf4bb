//! Bookkeeping every session shares: which tool calls still wait for results, usage and cost
//! summed over finished turns and failed attempts, and whether the session was closed.

use super::error::{Origin, ProviderError, ProviderErrorCode};
use super::pricing::CostMeter;
use super::types::{ProviderTurn, TokenUsage};
use crate::vocab::ToolResult;

#[derive(Debug, Default)]
pub struct TurnBook {
    pending_calls: Vec<String>,
    usage: TokenUsage,
    cost: CostMeter,
    closed: bool,
}

impl TurnBook {
    /// Whether a new turn may be streamed now.
    pub fn check_ready(&self, origin: &Origin) -> Result<(), ProviderError> {
        if self.closed {
            return Err(ProviderError::setup(
                origin,
                ProviderErrorCode::InvalidRequest,
                "the session is closed",
            ));
        }
        if !self.pending_calls.is_empty() {
            return Err(ProviderError::setup(
                origin,
                ProviderErrorCode::InvalidRequest,
                format!(
                    "the tool calls {} of the previous turn have no results yet",
                    self.pending_calls.join(", ")
                ),
            ));
        }
        Ok(())
    }

    /// A turn finished: its calls now wait for results; its usage and cost count.
    pub fn record(&mut self, turn: &ProviderTurn) {
        self.pending_calls = turn.tool_calls.iter().map(|c| c.id.clone()).collect();
        self.usage = self.usage.plus(turn.usage);
        self.cost.add(turn.cost_usd);
    }

    /// Usage of attempts that failed (the turn was sent again or given up): billed, but no turn.
    pub fn record_failed(&mut self, usage: TokenUsage, cost_usd: Option<f64>) {
        self.usage = self.usage.plus(usage);
        self.cost.add(cost_usd);
    }

    /// Check that `results` answer calls of `turn`, the last turn, each once; mark them answered.
    pub fn answer(
        &mut self,
        origin: &Origin,
        turn: &ProviderTurn,
        results: &[ToolResult],
    ) -> Result<(), ProviderError> {
        let misuse = |message: String| {
            ProviderError::setup(origin, ProviderErrorCode::InvalidRequest, message)
        };
        let mut still_pending = self.pending_calls.clone();
        for result in results {
            if !turn.tool_calls.iter().any(|c| c.id == result.call_id) {
                return Err(misuse(format!(
                    "tool result for `{}` answers no call of this turn",
                    result.call_id
                )));
            }
            let Some(at) = still_pending.iter().position(|id| *id == result.call_id) else {
                return Err(misuse(format!(
                    "tool call `{}` is not waiting for a result (answered twice, or not the last turn)",
                    result.call_id
                )));
            };
            still_pending.remove(at);
        }
        self.pending_calls = still_pending;
        Ok(())
    }

    pub fn usage(&self) -> TokenUsage {
        self.usage
    }

    pub fn cost(&self) -> Option<f64> {
        self.cost.total()
    }

    pub fn close(&mut self) {
        self.closed = true;
    }
}
