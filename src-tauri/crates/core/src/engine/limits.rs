//! The bounds every variant runs within.

/// How far a variant may go before the engine stops it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopLimits {
    /// Model turns per variant (each tool round trip is a turn).
    pub max_turns: u32,
    /// Spending per variant in USD; checked before every turn and every tool call.
    pub budget_usd: Option<f64>,
    /// Turns cut by the output limit that are continued ("continue exactly where you stopped").
    pub max_continuations: u32,
}

impl Default for LoopLimits {
    fn default() -> Self {
        Self {
            max_turns: 20,
            budget_usd: None,
            max_continuations: 3,
        }
    }
}

/// What the model is told after a turn cut by the output token limit.
pub const CONTINUE_MESSAGE: &str = "Your last reply was cut off by the output token limit. \
Continue exactly where you stopped, without repeating anything you already wrote.";

/// What the model is told about a tool call whose arguments the output limit cut off.
pub fn cut_off_call_message(tool: &str) -> String {
    format!(
        "Your {tool} call was cut off by the output token limit before its arguments were \
         complete, so it was not run and nothing changed. Send less in one call: for a long \
         file, create_file with the first part, then edit_file calls that append the rest."
    )
}
