//! Rounds of "check the page against the screenshot, fix what differs": when a variant that
//! can check its fidelity (`check_fidelity` is offered) ends a turn without calling tools, the
//! engine checks the page itself and hands the report and its diff image to the model, which
//! fixes what a designer would notice and ends again — up to `LoopLimits::fidelity_rounds`
//! rounds. It stops earlier when the page scores well enough, when a round did not improve it,
//! or when the model changed nothing. A last check measures where the page ended; if the last
//! round made it clearly worse than an earlier check, that check's page is kept.
//!
//! On a site of several pages a check scores every page against its own screenshot(s) and
//! counts the lowest (`tools/fidelity_pages.rs`): its report, naming that page's route (and
//! width), is what the round fixes, and the rules here see that lowest score.
//!
//! The model may also call `check_fidelity` itself; those checks count towards the same
//! limit (`fidelity_rounds + 1` checks per variant) and the same trajectory.

use crate::tools::{AgentFileState, FidelityCheck};
use crate::vocab::RelPath;
use std::hash::{DefaultHasher, Hash, Hasher};

/// A round must add at least this to the score to earn another.
pub const MIN_GAIN: f64 = 0.5;
/// From this score on, nothing is worth another round.
pub const GOOD_ENOUGH: f64 = 98.0;
/// The last round's page gives way to an earlier one that scored this much more.
pub const KEEP_BEST_MARGIN: f64 = 1.0;

/// What the model is told along with an automatic check's report.
pub const FIX_REQUEST: &str = "That was an automatic check of your page against the \
screenshot. Fix the differences a designer would notice, starting with the costliest, using \
edit_file (or create_file if most of the page must change). If nothing listed is worth fixing, \
reply briefly without calling any tool.";

/// A variant's checks so far.
#[derive(Debug, Default)]
pub struct FidelityRounds {
    /// The most checks this variant may make; 0: no checks.
    max_checks: u32,
    /// Each check's score, in order.
    scores: Vec<f64>,
    /// The files the best check scored, with its score.
    best: Option<(f64, Vec<(RelPath, String)>)>,
    /// A fingerprint of the files at the last check.
    checked: Option<u64>,
}

/// What to do when the model ends a turn without calling tools.
#[derive(Debug, Clone, PartialEq)]
pub enum AtRest {
    /// Check the page now.
    Check,
    /// The variant is done.
    Done,
}

/// What to do after an automatic check.
#[derive(Debug, Clone, PartialEq)]
pub enum AfterCheck {
    /// Give the report to the model and let it fix.
    Fix,
    /// The variant is done; `message` says why (for the activity).
    Stop { message: String },
    /// Done, with an earlier check's page (its files) instead of the last one.
    KeepEarlier {
        message: String,
        files: Vec<(RelPath, String)>,
    },
}

impl FidelityRounds {
    /// `rounds` rounds of fixes (from the settings); checks are offered only when `available`.
    pub fn new(rounds: u32, available: bool) -> Self {
        Self {
            max_checks: if available && rounds > 0 {
                rounds.saturating_add(1)
            } else {
                0
            },
            ..Self::default()
        }
    }

    pub fn scores(&self) -> &[f64] {
        &self.scores
    }

    /// Records a check (the model's or the engine's) of `files`.
    pub fn record(&mut self, check: &FidelityCheck, files: &AgentFileState) {
        self.scores.push(check.total);
        self.checked = Some(fingerprint(files.files()));
        if self
            .best
            .as_ref()
            .is_none_or(|(best, _)| check.total > *best)
        {
            let copy = files
                .files()
                .map(|(p, c)| (p.clone(), c.to_owned()))
                .collect();
            self.best = Some((check.total, copy));
        }
    }

    /// The model ended a turn without tools: check now, or finish.
    pub fn at_rest(&self, files: &AgentFileState) -> AtRest {
        let used = u32::try_from(self.scores.len()).unwrap_or(u32::MAX);
        if used >= self.max_checks || files.is_empty() {
            return AtRest::Done;
        }
        if self.checked == Some(fingerprint(files.files())) {
            // Nothing changed since the last check: its report stands.
            return AtRest::Done;
        }
        if let [.., before, last] = self.scores.as_slice() {
            if *last < before + MIN_GAIN {
                return AtRest::Done;
            }
        }
        if self.scores.last().is_some_and(|&s| s >= GOOD_ENOUGH) {
            return AtRest::Done;
        }
        AtRest::Check
    }

    /// After an automatic check (already recorded): another round of fixes, or the end.
    pub fn after_check(&self) -> AfterCheck {
        let Some(&last) = self.scores.last() else {
            return AfterCheck::Stop {
                message: String::new(),
            };
        };
        let count = self.scores.len();
        let before = count.checked_sub(2).map(|i| self.scores[i]);
        // Scores reach the designer as whole numbers, as the app shows them everywhere.
        let (shown, before_shown) = (whole(last), before.map(whole));
        let stop = if last >= GOOD_ENOUGH {
            Some(format!(
                "Fidelity {shown}: nothing a designer would notice is left to fix."
            ))
        } else if let (Some(_), Some(before_shown)) =
            (before.filter(|&b| last < b + MIN_GAIN), before_shown)
        {
            Some(format!(
                "Fidelity stopped improving ({before_shown}, then {shown}): no more rounds."
            ))
        } else if u32::try_from(count).unwrap_or(u32::MAX) >= self.max_checks {
            Some(format!(
                "Fidelity {shown} after {} round(s) of fixes, the most Settings allow.",
                self.max_checks.saturating_sub(1)
            ))
        } else {
            None
        };
        let Some(message) = stop else {
            return AfterCheck::Fix;
        };
        match &self.best {
            Some((best, files)) if *best >= last + KEEP_BEST_MARGIN => AfterCheck::KeepEarlier {
                message: format!("{message} An earlier round scored {best:.1}: its page is kept."),
                files: files.clone(),
            },
            _ => AfterCheck::Stop { message },
        }
    }
}

fn fingerprint<'a>(files: impl Iterator<Item = (&'a RelPath, &'a str)>) -> u64 {
    let mut hasher = DefaultHasher::new();
    for (path, content) in files {
        path.as_str().hash(&mut hasher);
        content.hash(&mut hasher);
    }
    hasher.finish()
}

/// A score as the app shows it: a whole number, halves up (the UI's `Math.round`).
pub(crate) fn whole(score: f64) -> i64 {
    (score + 0.5).floor() as i64
}

#[cfg(test)]
#[path = "fidelity_rounds_tests.rs"]
mod tests;
