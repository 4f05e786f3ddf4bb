//! One variant's agent loop: stream a turn, forward its deltas, run its tool calls in order,
//! answer them, and go on until the model is done — within the turn cap, the budget and the
//! output-limit recovery, and stopping at once when cancelled. The loop is here; the steps it
//! takes at its edges are beside it: `fidelity` (the automatic check once the model is done and
//! the round of fixes it may ask for), `budget` (the budget and the turn cap), `cut_off` (a
//! reply the output limit cut: its calls answered "not run", the reply continued).

mod budget;
mod cut_off;
mod fidelity;

use super::events::{tool_end_events, EventKind, VariantErrorCode};
use super::extract_html::extract_html;
use super::fallback::{total_cost, total_usage, VariantFallback, VariantModels};
use super::fidelity_rounds::FidelityRounds;
use super::limits::{LoopLimits, CONTINUE_MESSAGE};
use super::outcome::{Draft, FinishedVariant, VariantEnd};
use super::sessions::SessionFactory;
use super::sink::EventEmitter;
use super::transcript::Transcript;
use super::turn_stream::{stream_turn, StreamedCalls};
use super::CodeStreamer;
use crate::providers::{
    ProviderError, ProviderErrorCode, ProviderSession, ProviderTurn, StopReason, UserContent,
};
use crate::tools::{AgentFileState, SharedOptions, ToolDetail, ToolRuntime};
use crate::vocab::{RelPath, ToolName, ToolResult};
use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;
use tokio_util::sync::CancellationToken;

/// What one variant shares with the rest of its generation.
pub(crate) struct VariantShared {
    pub emitter: Arc<EventEmitter>,
    pub runtime: Arc<ToolRuntime>,
    pub siblings: Arc<SharedOptions>,
    pub limits: LoopLimits,
    pub factory: Arc<dyn SessionFactory>,
}

/// What a variant starts with: its open session, the fallback it may switch to, the record of
/// its opening, and its files.
pub(crate) struct VariantStart {
    pub session: Box<dyn ProviderSession>,
    pub fallback: Option<VariantFallback>,
    pub transcript: Transcript,
    pub files: AgentFileState,
}

/// Why the loop stopped early.
enum Stop {
    Cancelled,
    Failed(VariantErrorCode, String),
    /// The output limit cut a reply once more than it may be continued.
    Truncated(String),
}

impl Stop {
    /// What the card of a call this stop left unrun says.
    fn not_run(&self) -> &'static str {
        match self {
            Stop::Cancelled => "cancelled, not run",
            Stop::Failed(VariantErrorCode::BudgetExceeded, _) => {
                "not run: the option reached its budget"
            }
            Stop::Failed(..) => "interrupted by an error, not run",
            Stop::Truncated(_) => "not run: the reply was cut off by the output limit",
        }
    }
}

impl From<ProviderError> for Stop {
    fn from(error: ProviderError) -> Self {
        match error.code() {
            ProviderErrorCode::Cancelled => Stop::Cancelled,
            code => Stop::Failed(code.into(), error.to_string()),
        }
    }
}

struct VariantLoop<'a> {
    index: u32,
    shared: &'a VariantShared,
    cancel: &'a CancellationToken,
    models: VariantModels,
    transcript: Transcript,
    files: AgentFileState,
    streamer: CodeStreamer,
    /// Hash of the content last sent in a `set_code`, per path: the end repeats none of them.
    sent: BTreeMap<String, u64>,
    turns: u32,
    tool_calls: u32,
    /// Continuations of the reply being cut by the output limit (consecutive cut turns).
    continuations: u32,
    assistant_text: String,
    warned_unknown_cost: bool,
    /// Calls whose `tool_start` went out and whose `tool_result` has not (id → tool name).
    open: BTreeMap<String, String>,
    /// What the last turn's create_file calls streamed, until they run.
    drafts: BTreeMap<String, Draft>,
    /// The fidelity checks so far, and whether to run another round.
    fidelity: FidelityRounds,
    /// The next turn answers an automatic fidelity check (the model had finished).
    in_fidelity_round: bool,
}

/// Run variant `index` to its end on an open session. Emits `started` … and exactly one of
/// `variant_complete`, `variant_error`, `variant_cancelled`.
pub(crate) async fn run_variant(
    index: u32,
    shared: &VariantShared,
    start: VariantStart,
    cancel: &CancellationToken,
) -> FinishedVariant {
    let started = Instant::now();
    shared.emitter.emit(
        index,
        EventKind::Started {
            provider: start.session.vendor().to_owned(),
            model: start.session.model().to_owned(),
        },
    );
    let files = start.files;
    for (path, content) in files.files() {
        shared.siblings.set_file(index, path.as_str(), content);
    }
    let mut run = VariantLoop {
        index,
        shared,
        cancel,
        models: VariantModels::new(start.session, start.fallback),
        transcript: start.transcript,
        files,
        streamer: CodeStreamer::new(super::CodeDeltaCoalescer::with_system_clock()),
        sent: BTreeMap::new(),
        turns: 0,
        tool_calls: 0,
        continuations: 0,
        assistant_text: String::new(),
        warned_unknown_cost: false,
        open: BTreeMap::new(),
        drafts: BTreeMap::new(),
        fidelity: FidelityRounds::new(
            shared.limits.fidelity_rounds,
            shared.runtime.offered().contains(&ToolName::CheckFidelity),
        ),
        in_fidelity_round: false,
    };
    let result = run.drive().await;
    if let Err(stop) = &result {
        run.close_open(stop.not_run());
    }
    let status = match result {
        Ok(()) => run.finish().map(|()| None),
        Err(Stop::Truncated(message)) => match run.finish() {
            Ok(()) => Ok(Some(message)),
            Err(_) => Err(Stop::Failed(VariantErrorCode::Truncated, message)),
        },
        Err(stop) => Err(stop),
    };
    let duration = started.elapsed();
    let duration_ms = u32::try_from(duration.as_millis()).unwrap_or(u32::MAX);
    let status = match status {
        Ok(None) => {
            run.emit(EventKind::VariantComplete {
                turns: run.turns,
                tool_calls: run.tool_calls,
                duration_ms,
            });
            VariantEnd::Complete
        }
        Ok(Some(message)) => {
            run.emit(EventKind::VariantTruncated {
                turns: run.turns,
                tool_calls: run.tool_calls,
                duration_ms,
                message: message.clone(),
            });
            VariantEnd::Truncated { message }
        }
        Err(Stop::Cancelled) => {
            run.emit(EventKind::VariantCancelled);
            VariantEnd::Cancelled
        }
        Err(Stop::Failed(code, message)) => {
            run.emit(EventKind::VariantError {
                code,
                message: message.clone(),
            });
            VariantEnd::Error { code, message }
        }
        // `finish` never stops as truncated; the match above turned that stop into a status.
        Err(Stop::Truncated(message)) => {
            let code = VariantErrorCode::Truncated;
            run.emit(EventKind::VariantError {
                code,
                message: message.clone(),
            });
            VariantEnd::Error { code, message }
        }
    };
    let (models_used, model_switch) = run.models.finish(run.turns);
    let (provider, model) = models_used
        .first()
        .map(|m| (m.provider.clone(), m.model.clone()))
        .unwrap_or_default();
    FinishedVariant {
        index,
        provider,
        model,
        status,
        usage: total_usage(&models_used),
        cost_usd: total_cost(&models_used),
        models_used,
        model_switch,
        turns: run.turns,
        tool_calls: run.tool_calls,
        duration,
        assistant_text: run.assistant_text,
        files: run.files,
        transcript: run.transcript,
        drafts: run.drafts.into_values().collect(),
        fidelity_scores: run.fidelity.scores().to_vec(),
    }
}

impl VariantLoop<'_> {
    fn emit(&mut self, kind: EventKind) {
        match &kind {
            EventKind::ToolStart { call_id, name, .. } => {
                self.open.insert(call_id.clone(), name.clone());
            }
            EventKind::ToolResult { call_id, .. } => {
                self.open.remove(call_id);
            }
            _ => {}
        }
        self.shared.emitter.emit(self.index, kind);
    }

    /// Closes the card of every call that started and never ended: `why` says it did not run.
    fn close_open(&mut self, why: &str) {
        for (call_id, name) in std::mem::take(&mut self.open) {
            self.emit(EventKind::ToolResult {
                call_id,
                summary: format!("{name}: {why}"),
                name,
                ok: false,
                detail: None,
            });
        }
    }

    /// Turns until the model stops calling tools.
    async fn drive(&mut self) -> Result<(), Stop> {
        loop {
            if self.cancel.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            if self.turns >= self.shared.limits.max_turns {
                return self.turn_cap_reached();
            }
            self.check_budget()?;
            let turn = match self.next_turn().await {
                Ok(turn) => turn,
                // A round of fidelity fixes that cannot run leaves the page as it was checked:
                // the variant had finished its work, so it ends complete.
                Err(Stop::Failed(_, reason)) if self.in_fidelity_round => {
                    self.emit(EventKind::Status {
                        message: format!(
                            "Fidelity: the round of fixes could not run ({reason}); the page is \
                             the one the last check scored."
                        ),
                    });
                    return Ok(());
                }
                // The provider's retries gave up: carry on with the fallback model, once.
                Err(Stop::Failed(VariantErrorCode::Overloaded, reason)) => {
                    self.switch_model(reason)?;
                    continue;
                }
                Err(stop) => return Err(stop),
            };
            self.in_fidelity_round = false;
            if turn.stop_reason != StopReason::MaxTokens {
                self.continuations = 0;
            }
            if turn.tool_calls.is_empty() {
                if turn.stop_reason == StopReason::MaxTokens {
                    self.continue_cut_reply()?;
                    let content = UserContent::text(CONTINUE_MESSAGE);
                    self.models.session().append_user_message(content.clone());
                    self.transcript.record_user(content);
                    continue;
                }
                if self.fidelity_round().await? {
                    continue;
                }
                return Ok(());
            }
            let results = self.run_tools(&turn).await?;
            self.models
                .session()
                .append_tool_results(&turn, &results)
                .map_err(Stop::from)?;
            self.transcript.record_results(results);
        }
    }

    fn switch_model(&mut self, reason: String) -> Result<(), Stop> {
        let switch = self
            .models
            .switch(&*self.shared.factory, &self.transcript, &reason, self.turns)
            .map_err(|message| Stop::Failed(VariantErrorCode::Overloaded, message))?;
        // Calls the failed turn had begun to stream never run: close them for the UI (a failed
        // tool_result drops a create_file draft) before the new model starts its own.
        self.close_open(&format!(
            "interrupted ({} was overloaded), not run",
            switch.from
        ));
        self.emit(EventKind::ModelSwitched {
            from: switch.from,
            to: switch.to,
            reason,
        });
        Ok(())
    }

    async fn next_turn(&mut self) -> Result<ProviderTurn, Stop> {
        let mut streamed = StreamedCalls::default();
        let usage_before = self.models.usage();
        let turn = stream_turn(
            self.index,
            &self.shared.emitter,
            self.models.session(),
            &mut self.streamer,
            &mut streamed,
            self.cancel,
        )
        .await;
        // Whatever streamed before an error is shown; nothing is held back.
        if let Some(delta) = self.streamer.flush() {
            streamed.record(&delta);
            self.emit(EventKind::CodeDelta {
                call_id: delta.call_id,
                path: delta.path,
                text: delta.text,
            });
        }
        self.open.extend(streamed.announced);
        // Only this turn's drafts matter: an earlier unfinished call was answered and redone.
        self.drafts = streamed.drafts;
        let turn = match turn {
            Ok(turn) => turn,
            Err(error) => {
                // The failed attempts' usage is billed: the cost shown includes it.
                if self.models.usage() != usage_before {
                    self.emit(EventKind::Usage {
                        usage: self.models.usage().into(),
                        cost_usd: self.models.cost(),
                    });
                }
                return Err(Stop::from(error));
            }
        };
        self.turns += 1;
        self.assistant_text.push_str(&turn.assistant_text);
        self.transcript.record_turn(&turn);
        self.emit(EventKind::Usage {
            usage: self.models.usage().into(),
            cost_usd: self.models.cost(),
        });
        // A call that never streamed (a vendor that sends calls whole) is announced now.
        for call in &turn.tool_calls {
            if !self.open.contains_key(&call.id) {
                self.emit(EventKind::ToolStart {
                    call_id: call.id.clone(),
                    name: call.name.clone(),
                    title: crate::tools::tool_title(&call.name, Some(&call.arguments)),
                });
            }
        }
        Ok(turn)
    }

    /// The turn's calls, one after another in the model's order. When the turn ends the
    /// variant (it crossed the budget, or the output limit cut it once too often) its file
    /// tools still run — the page is paid for — and the rest is left unrun.
    async fn run_tools(&mut self, turn: &ProviderTurn) -> Result<Vec<ToolResult>, Stop> {
        let mut results = Vec::with_capacity(turn.tool_calls.len());
        let cut_off = turn.stop_reason == StopReason::MaxTokens;
        let mut stop = self.check_budget().err();
        if cut_off && stop.is_none() {
            stop = self.continue_cut_reply().err();
        }
        for call in &turn.tool_calls {
            if self.cancel.is_cancelled() {
                return Err(Stop::Cancelled);
            }
            if cut_off && call.invalid_arguments.is_some() {
                self.tool_calls += 1;
                results.push(self.report_cut_off(call));
                continue;
            }
            if stop.is_some() && !is_file_tool(&call.name) {
                continue;
            }
            self.tool_calls += 1;
            let outcome = self
                .shared
                .runtime
                .execute(call, self.index, &mut self.files, self.cancel)
                .await
                .map_err(|_| Stop::Cancelled)?;
            self.drafts.remove(&call.id);
            if let Some(ToolDetail::FidelityCheck(check)) = &outcome.detail {
                self.fidelity.record(check, &self.files);
            }
            if let Some(change) = &outcome.changed_file {
                self.shared
                    .siblings
                    .set_file(self.index, &change.path, &change.content);
                self.sent
                    .insert(change.path.clone(), content_hash(&change.content));
            }
            for kind in tool_end_events(&outcome) {
                self.emit(kind);
            }
            results.push(outcome.result);
        }
        match stop {
            Some(stop) => Err(stop),
            None => Ok(results),
        }
    }

    /// The end of a successful loop: the page from the model's text when it never used a tool
    /// and there is no file at all (the files win: a snippet quoted in an update's answer must
    /// not replace the page), then a `set_code` for every file the UI has not yet seen in full.
    fn finish(&mut self) -> Result<(), Stop> {
        if self.tool_calls == 0 && self.files.is_empty() {
            if let Some(html) = extract_html(&self.assistant_text) {
                self.files.set(RelPath::default_file(), html);
            }
        }
        if self.files.is_empty() {
            return Err(Stop::Failed(
                VariantErrorCode::NoCode,
                no_code_message(&self.assistant_text),
            ));
        }
        let unsent: Vec<(String, String)> = self
            .files
            .files()
            .filter(|(path, content)| self.sent.get(path.as_str()) != Some(&content_hash(content)))
            .map(|(path, content)| (path.as_str().to_owned(), content.to_owned()))
            .collect();
        for (path, content) in unsent {
            self.shared.siblings.set_file(self.index, &path, &content);
            self.sent.insert(path.clone(), content_hash(&content));
            self.emit(EventKind::SetCode { path, content });
        }
        Ok(())
    }
}

/// The tools that write the page: at a stop they still run, since their turn is paid for.
fn is_file_tool(name: &str) -> bool {
    name == ToolName::CreateFile.as_str() || name == ToolName::EditFile.as_str()
}

fn content_hash(content: &str) -> u64 {
    let mut hasher = DefaultHasher::new();
    content.hash(&mut hasher);
    hasher.finish()
}

fn no_code_message(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return "The model finished without writing any code or saying anything.".into();
    }
    let mut end = text.len().min(300);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let ellipsis = if end < text.len() { "…" } else { "" };
    format!(
        "The model finished without writing any code. It said: “{}{ellipsis}”",
        &text[..end]
    )
}
