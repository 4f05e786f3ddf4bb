//! A generation: N variants of the same request, each a tokio task with its own session, file
//! state and cancellation token, reporting through one event emitter.

use super::events::{EventKind, UsageSummary};
use super::fallback::VariantFallback;
use super::limits::LoopLimits;
use super::outcome::{failed_to_open, FinishedVariant, VariantEnd};
use super::sessions::SessionFactory;
use super::sink::EventEmitter;
use super::transcript::Transcript;
use super::variant::{run_variant, VariantShared, VariantStart};
use crate::providers::{Provider, SessionConfig};
use crate::tools::{AgentFileState, SharedOptions, ToolRuntime};
use std::sync::Arc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// One variant to run: who answers, the complete session configuration (prompt, tools, model
/// settings), the files it starts from, and the model to switch to if its own stays overloaded.
pub struct VariantSpec {
    pub provider: Provider,
    pub session: SessionConfig,
    pub files: AgentFileState,
    /// `None`: an overloaded model fails the variant. Ignored when it names the same model.
    pub fallback: Option<VariantFallback>,
}

/// Everything a generation needs. Build `runtime` with `siblings` in its `ToolEnv` so that
/// `retrieve_option` sees the other variants' code.
pub struct GenerationSpec {
    pub variants: Vec<VariantSpec>,
    pub runtime: Arc<ToolRuntime>,
    pub siblings: Arc<SharedOptions>,
    pub limits: LoopLimits,
    pub factory: Arc<dyn SessionFactory>,
}

/// A running generation: cancel one variant or all, and wait for the outcome.
pub struct GenerationHandle {
    cancel_all: CancellationToken,
    variant_tokens: Vec<CancellationToken>,
    task: JoinHandle<GenerationOutcome>,
}

/// Cancels a running generation, or one of its variants; cheap to clone.
#[derive(Debug, Clone)]
pub struct GenerationCanceller {
    all: CancellationToken,
    variants: Vec<CancellationToken>,
}

impl GenerationCanceller {
    /// Stops one variant (by index from 0); `false` when there is no such variant.
    pub fn cancel_variant(&self, index: u32) -> bool {
        match self.variants.get(index as usize) {
            Some(token) => {
                token.cancel();
                true
            }
            None => false,
        }
    }

    pub fn cancel_all(&self) {
        self.all.cancel();
    }
}

#[derive(Debug, Clone)]
pub struct GenerationOutcome {
    pub variants: Vec<FinishedVariant>,
}

impl GenerationOutcome {
    pub fn usage(&self) -> UsageSummary {
        let mut total = UsageSummary::default();
        for v in &self.variants {
            total.add(&v.usage.into());
        }
        total
    }

    /// The total cost, `None` when any variant's cost is unknown.
    pub fn cost_usd(&self) -> Option<f64> {
        self.variants.iter().map(|v| v.cost_usd).sum()
    }
}

impl GenerationHandle {
    /// Stops one variant (by index from 0); the others go on.
    pub fn cancel_variant(&self, index: u32) {
        if let Some(token) = self.variant_tokens.get(index as usize) {
            token.cancel();
        }
    }

    pub fn cancel_all(&self) {
        self.cancel_all.cancel();
    }

    /// Cancels this generation from elsewhere (a UI command) while another task waits on it.
    pub fn canceller(&self) -> GenerationCanceller {
        GenerationCanceller {
            all: self.cancel_all.clone(),
            variants: self.variant_tokens.clone(),
        }
    }

    /// A token that cancels the whole generation when cancelled (for Ctrl-C handlers).
    pub fn cancel_token(&self) -> CancellationToken {
        self.cancel_all.clone()
    }

    pub async fn wait(self) -> GenerationOutcome {
        match self.task.await {
            Ok(outcome) => outcome,
            // The generation task only ends by returning; a panic inside is a bug.
            Err(join_error) => std::panic::resume_unwind(join_error.into_panic()),
        }
    }
}

/// Start every variant at once. Must be called inside a tokio runtime. Every variant ends with
/// exactly one of `variant_complete`/`variant_truncated`/`variant_error`/
/// `variant_cancelled`; `finished` comes last.
pub fn start(spec: GenerationSpec, emitter: Arc<EventEmitter>) -> GenerationHandle {
    let cancel_all = CancellationToken::new();
    let variant_tokens: Vec<CancellationToken> = spec
        .variants
        .iter()
        .map(|_| cancel_all.child_token())
        .collect();
    let shared = Arc::new(VariantShared {
        emitter: emitter.clone(),
        runtime: spec.runtime,
        siblings: spec.siblings,
        limits: spec.limits,
        factory: spec.factory,
    });
    let tasks: Vec<JoinHandle<FinishedVariant>> = spec
        .variants
        .into_iter()
        .zip(variant_tokens.iter().cloned())
        .enumerate()
        .map(|(index, (variant, cancel))| {
            let index = u32::try_from(index).unwrap_or(u32::MAX);
            let shared = shared.clone();
            tokio::spawn(async move { run_one(index, &shared, variant, &cancel).await })
        })
        .collect();
    let task = tokio::spawn(async move {
        let mut variants = Vec::with_capacity(tasks.len());
        for task in tasks {
            match task.await {
                Ok(outcome) => variants.push(outcome),
                Err(join_error) => std::panic::resume_unwind(join_error.into_panic()),
            }
        }
        let outcome = GenerationOutcome { variants };
        let count = |f: fn(&VariantEnd) -> bool| {
            let n = outcome.variants.iter().filter(|v| f(&v.status)).count();
            u32::try_from(n).unwrap_or(u32::MAX)
        };
        emitter.emit(
            0,
            EventKind::Finished {
                completed: count(|s| matches!(s, VariantEnd::Complete)),
                truncated: count(|s| matches!(s, VariantEnd::Truncated { .. })),
                failed: count(|s| matches!(s, VariantEnd::Error { .. })),
                cancelled: count(|s| matches!(s, VariantEnd::Cancelled)),
                usage: outcome.usage(),
                cost_usd: outcome.cost_usd(),
            },
        );
        outcome
    });
    GenerationHandle {
        cancel_all,
        variant_tokens,
        task,
    }
}

async fn run_one(
    index: u32,
    shared: &VariantShared,
    variant: VariantSpec,
    cancel: &CancellationToken,
) -> FinishedVariant {
    let model = variant.session.model.clone();
    let transcript = Transcript::opening(&variant.session);
    // The fallback runs the same tools; its prompt and conversation come at the switch.
    let fallback = variant.fallback.map(|mut fallback| {
        fallback.session.tools = variant.session.tools.clone();
        fallback
    });
    match shared.factory.open(&variant.provider, variant.session) {
        Ok(session) => {
            let start = VariantStart {
                session,
                fallback,
                transcript,
                files: variant.files,
            };
            run_variant(index, shared, start, cancel).await
        }
        Err(error) => failed_to_open(
            index,
            &shared.emitter,
            &variant.provider,
            &model,
            error,
            variant.files,
            transcript,
        ),
    }
}
