//! Switching a variant to its fallback model when its own stays overloaded: once, from the
//! engine's neutral transcript, with each model's usage and cost kept apart.
//!
//! The new session is always rebuilt from the transcript, for another model of the same vendor
//! too: thinking signatures, encrypted reasoning and thought signatures are bound to the model
//! that produced them, so replaying the native history to another model risks a refused request
//! exactly when the variant can least afford one. What the rebuild loses (earlier reasoning) the
//! new model could not have read anyway; its prompt cache starts empty either way.

use super::sessions::SessionFactory;
use super::transcript::Transcript;
use crate::providers::{Provider, ProviderSession, SessionConfig, TokenUsage};
use serde::{Deserialize, Serialize};

/// Where a variant goes when its model stays overloaded after the provider's retries.
#[derive(Debug, Clone)]
pub struct VariantFallback {
    pub provider: Provider,
    /// The fallback's own settings: model, key, base URL, transport, prices, output limit,
    /// reasoning effort. Its prompt, tools and conversation are filled in at the switch.
    pub session: SessionConfig,
}

/// One model a variant used and what it spent there (its own price, never re-priced).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelUsage {
    pub provider: String,
    pub model: String,
    /// Finished turns of this model.
    pub turns: u32,
    pub usage: TokenUsage,
    /// `None` when the model's price is unknown.
    pub cost_usd: Option<f64>,
}

/// A variant's switch to its fallback model; `from`/`to` read "provider model".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelSwitch {
    pub from: String,
    pub to: String,
    /// The overloaded error that caused it.
    pub reason: String,
}

pub fn total_usage(models: &[ModelUsage]) -> TokenUsage {
    models
        .iter()
        .fold(TokenUsage::default(), |sum, m| sum.plus(m.usage))
}

/// The summed cost, `None` when any model's is unknown.
pub fn total_cost(models: &[ModelUsage]) -> Option<f64> {
    models.iter().map(|m| m.cost_usd).sum()
}

fn label(session: &dyn ProviderSession) -> String {
    format!("{} {}", session.vendor(), session.model())
}

/// A vendor message as the start of a longer one.
fn clause(message: &str) -> &str {
    message.trim_end().trim_end_matches('.')
}

/// The session a variant talks to now, the fallback it may switch to (once), and what the
/// models before it spent.
pub(crate) struct VariantModels {
    session: Box<dyn ProviderSession>,
    fallback: Option<VariantFallback>,
    earlier: Vec<ModelUsage>,
    switch: Option<ModelSwitch>,
    /// The variant's turn count when the current session took over.
    turns_before: u32,
}

impl VariantModels {
    pub fn new(session: Box<dyn ProviderSession>, fallback: Option<VariantFallback>) -> Self {
        // A fallback to the very same model could only be overloaded the same way.
        let fallback = fallback.filter(|f| {
            f.provider.name() != session.vendor() || f.session.model != session.model()
        });
        Self {
            session,
            fallback,
            earlier: Vec::new(),
            switch: None,
            turns_before: 0,
        }
    }

    pub fn session(&mut self) -> &mut dyn ProviderSession {
        &mut *self.session
    }

    pub fn current(&self) -> &dyn ProviderSession {
        &*self.session
    }

    fn current_usage(&self, turns: u32) -> ModelUsage {
        ModelUsage {
            provider: self.session.vendor().to_owned(),
            model: self.session.model().to_owned(),
            turns: turns.saturating_sub(self.turns_before),
            usage: self.session.usage(),
            cost_usd: self.session.cost(),
        }
    }

    /// Usage of every model so far.
    pub fn usage(&self) -> TokenUsage {
        self.earlier
            .iter()
            .fold(self.session.usage(), |sum, m| sum.plus(m.usage))
    }

    /// Cost of every model so far, `None` when any price is unknown.
    pub fn cost(&self) -> Option<f64> {
        total_cost(&self.earlier).and_then(|earlier| Some(earlier + self.session.cost()?))
    }

    /// The current model stayed overloaded (`reason` is the provider's error). Go on with the
    /// fallback, opened on `transcript`; or the message the variant fails with.
    pub fn switch(
        &mut self,
        factory: &dyn SessionFactory,
        transcript: &Transcript,
        reason: &str,
        turns: u32,
    ) -> Result<ModelSwitch, String> {
        let Some(fallback) = self.fallback.take() else {
            return Err(match &self.switch {
                Some(done) => format!(
                    "{}. The option had already switched to this model after {} stayed overloaded, and it switches only once.",
                    clause(reason),
                    done.from
                ),
                None => format!(
                    "{}. The model stayed overloaded through every retry and no fallback model is set for it: set one to let an option carry on with another model when this happens.",
                    clause(reason)
                ),
            });
        };
        let mut config = fallback.session;
        transcript.resume_into(&mut config);
        let to = format!("{} {}", fallback.provider.name(), config.model);
        let session = factory.open(&fallback.provider, config).map_err(|error| {
            format!(
                "{}. Switching to the fallback model {to} failed: {error}",
                clause(reason)
            )
        })?;
        let used = self.current_usage(turns);
        let from = label(&*self.session);
        self.session.close();
        self.session = session;
        self.earlier.push(used);
        self.turns_before = turns;
        let switch = ModelSwitch {
            from,
            to,
            reason: reason.to_owned(),
        };
        self.switch = Some(switch.clone());
        Ok(switch)
    }

    /// Close the session; every model used, in order, and the switch if there was one.
    pub fn finish(mut self, turns: u32) -> (Vec<ModelUsage>, Option<ModelSwitch>) {
        self.session.close();
        let current = self.current_usage(turns);
        let mut used = self.earlier;
        used.push(current);
        (used, self.switch)
    }
}

#[cfg(test)]
#[path = "fallback_tests.rs"]
mod tests;
