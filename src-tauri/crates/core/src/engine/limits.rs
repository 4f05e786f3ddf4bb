//! The bounds every variant runs within.

/// How far a variant may go before the engine stops it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoopLimits {
    /// Model turns per variant (each tool round trip is a turn).
    pub max_turns: u32,
    /// Spending per variant in USD; checked before every turn and every tool call.
    pub budget_usd: Option<f64>,
    /// How often one reply cut by the output limit is continued ("continue exactly where you
    /// stopped", or a cut-off tool call reported as not run). Consecutive cut turns count
    /// against it; a turn that ends normally starts the count again. A cut past it ends the
    /// variant as truncated.
    pub max_continuations: u32,
    /// Rounds of "check the page against the screenshot, fix what differs" after the model
    /// is done (`engine/fidelity_rounds.rs`); 0 turns fidelity checks off.
    pub fidelity_rounds: u32,
}

impl Default for LoopLimits {
    fn default() -> Self {
        Self {
            max_turns: 20,
            budget_usd: None,
            max_continuations: 3,
            fidelity_rounds: crate::settings::DEFAULT_FIDELITY_ROUNDS,
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

/// Why a variant ended as truncated: its reply was cut again with every continuation spent.
pub fn truncated_message(continuations: u32) -> String {
    format!(
        "The reply was cut off by the output token limit again after {continuations} \
         continuations, so the code may be incomplete. Ask for a smaller change, or use a \
         model with a larger output limit."
    )
}
