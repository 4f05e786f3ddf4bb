//! The limits a variant's spending and turns stop at: the budget (the turn that crosses it is
//! paid for; an unknown price is said once) and the turn cap.

use super::{Stop, VariantLoop};
use crate::engine::events::{EventKind, VariantErrorCode};

impl VariantLoop<'_> {
    pub(super) fn check_budget(&mut self) -> Result<(), Stop> {
        let Some(budget) = self.shared.limits.budget_usd else {
            return Ok(());
        };
        match self.models.cost() {
            Some(spent) if spent >= budget => Err(Stop::Failed(
                VariantErrorCode::BudgetExceeded,
                format!(
                    "This option stopped at its budget: it spent ${spent:.4} of ${budget:.2}. \
                     Raise the budget per option in Settings to let it go further."
                ),
            )),
            Some(_) => Ok(()),
            None => {
                if !self.warned_unknown_cost && self.turns > 0 {
                    self.warned_unknown_cost = true;
                    self.emit(EventKind::Status {
                        message: format!(
                            "The price of {} is unknown, so the ${budget:.2} budget cannot be enforced.",
                            self.models.current().model()
                        ),
                    });
                }
                Ok(())
            }
        }
    }

    pub(super) fn turn_cap_reached(&mut self) -> Result<(), Stop> {
        let max = self.shared.limits.max_turns;
        if self.files.is_empty() {
            return Err(Stop::Failed(
                VariantErrorCode::TurnLimit,
                format!("The model used all {max} turns without writing any code."),
            ));
        }
        self.emit(EventKind::Status {
            message: format!("Stopped after {max} turns, the most an option may take."),
        });
        Ok(())
    }
}
