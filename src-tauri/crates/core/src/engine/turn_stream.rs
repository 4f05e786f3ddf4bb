//! Streaming one turn to the UI: provider deltas become events as they arrive, create_file
//! arguments become coalesced `code_delta`s, and a timer flushes code held back while the
//! vendor pauses and hands out, step by step, content that arrived whole (finishing the replay
//! before the turn's calls run).

use super::coalescer::{CodeDelta, DEFAULT_FLUSH_INTERVAL};
use super::events::EventKind;
use super::outcome::Draft;
use super::sink::EventEmitter;
use super::tool_start::PendingStart;
use super::CodeStreamer;
use crate::providers::{ProviderError, ProviderSession, ProviderTurn, StreamEvent};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use tokio_util::sync::CancellationToken;

/// What a turn's streamed calls left behind, whether or not the turn finished.
#[derive(Debug, Default)]
pub(crate) struct StreamedCalls {
    /// Calls whose `tool_start` went out: id → tool name.
    pub announced: BTreeMap<String, String>,
    /// The create_file content each call streamed so far (the sum of its `code_delta`s).
    pub drafts: BTreeMap<String, Draft>,
}

impl StreamedCalls {
    /// Keeps the text of a `code_delta` about to be emitted.
    pub fn record(&mut self, delta: &CodeDelta) {
        let draft = self
            .drafts
            .entry(delta.call_id.clone())
            .or_insert_with(|| Draft {
                path: delta.path.clone(),
                content: String::new(),
            });
        // The path can change once, when the model sent content before the path.
        draft.path.clone_from(&delta.path);
        draft.content.push_str(&delta.text);
    }
}

struct TurnState<'a> {
    streamer: &'a mut CodeStreamer,
    calls: &'a mut StreamedCalls,
    /// The id of the first event the current attempt emitted, for a retry that discards it.
    first_output: Option<u32>,
    /// The call whose `tool_start` waits for its first arguments (calls stream one at a time).
    /// One still waiting when the turn ends is announced with its whole arguments afterwards.
    waiting: Option<PendingStart>,
}

impl TurnState<'_> {
    fn emitted(&mut self, event_id: u32) {
        self.first_output.get_or_insert(event_id);
    }

    /// The attempt failed after streaming: its calls and code are void.
    fn discard(&mut self) -> Option<u32> {
        self.streamer.discard();
        self.calls.announced.clear();
        self.calls.drafts.clear();
        self.waiting = None;
        self.first_output.take()
    }
}

/// Stream the session's next turn, emitting events for variant `index`. `calls` gets the ids
/// (and tool names) of the calls whose `tool_start` was emitted, and their streamed drafts.
pub(crate) async fn stream_turn(
    index: u32,
    emitter: &EventEmitter,
    session: &mut dyn ProviderSession,
    streamer: &mut CodeStreamer,
    calls: &mut StreamedCalls,
    cancel: &CancellationToken,
) -> Result<ProviderTurn, ProviderError> {
    let state = Mutex::new(TurnState {
        streamer,
        calls,
        first_output: None,
        waiting: None,
    });
    let emit = |kind: EventKind| emitter.emit(index, kind);
    let mut on_event = |event: StreamEvent| {
        let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
        on_stream_event(&mut state, event, &emit);
    };
    let turn = session.stream_turn(&mut on_event, cancel);
    tokio::pin!(turn);
    let mut ticker = tokio::time::interval(DEFAULT_FLUSH_INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let result = loop {
        tokio::select! {
            result = &mut turn => break result,
            _ = ticker.tick() => {
                let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(delta) = state.streamer.poll() {
                    state.calls.record(&delta);
                    let id = emit(code_delta(delta));
                    state.emitted(id);
                }
            }
        }
    };
    if result.is_ok() {
        // Content that came whole finishes its replay before the calls run.
        while !cancel.is_cancelled() && replay_step(&state, &emit) {
            tokio::select! {
                _ = ticker.tick() => {}
                _ = cancel.cancelled() => {}
            }
        }
    }
    result
}

fn on_stream_event(
    state: &mut TurnState<'_>,
    event: StreamEvent,
    emit: &impl Fn(EventKind) -> u32,
) {
    let out = |state: &mut TurnState<'_>, kind: EventKind| {
        let id = emit(kind);
        state.emitted(id);
    };
    let out_code = |state: &mut TurnState<'_>, delta: CodeDelta| {
        state.calls.record(&delta);
        let id = emit(code_delta(delta));
        state.emitted(id);
    };
    match event {
        StreamEvent::AssistantDelta { text } => out(state, EventKind::Assistant { text }),
        StreamEvent::ThinkingDelta { text } => out(state, EventKind::Thinking { text }),
        StreamEvent::ToolCallDelta {
            call_id,
            name,
            delta,
        } => {
            let waiting = state.waiting.as_ref().is_some_and(|w| w.call_id == call_id);
            if !waiting && !state.calls.announced.contains_key(&call_id) {
                if let Some(earlier) = state.waiting.take() {
                    let title = earlier.title_now(state.streamer.known_path(&earlier.call_id));
                    announce(state, earlier.call_id, earlier.name, title, emit);
                }
                // The previous call's code ends here: send it before the next call starts.
                if let Some(delta) = state.streamer.flush() {
                    out_code(state, delta);
                }
                state.waiting = Some(PendingStart::new(&call_id, &name));
            }
            let code = state.streamer.on_arguments(&call_id, &name, &delta);
            if let Some(pending) = state.waiting.as_mut().filter(|w| w.call_id == call_id) {
                let known = state.streamer.known_path(&call_id);
                if let Some(title) = pending.feed(&delta, known, !code.is_empty()) {
                    state.waiting = None;
                    announce(state, call_id, name, title, emit);
                }
            }
            for delta in code {
                out_code(state, delta);
            }
        }
        StreamEvent::Retrying {
            attempt,
            delay_ms,
            reason,
            code,
            discard,
        } => {
            let discard_from = if discard { state.discard() } else { None };
            emit(EventKind::Retrying {
                attempt,
                delay_ms: u32::try_from(delay_ms).unwrap_or(u32::MAX),
                reason,
                code: Some(code.into()),
                discard_from,
            });
        }
        // Usage goes out once per finished turn, with its cost.
        StreamEvent::Usage { .. } => {}
    }
}

/// Emits the next step of a replay; false once there is none.
fn replay_step(state: &Mutex<TurnState<'_>>, emit: &impl Fn(EventKind) -> u32) -> bool {
    let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
    if !state.streamer.replaying() {
        return false;
    }
    if let Some(delta) = state.streamer.poll() {
        state.calls.record(&delta);
        let id = emit(code_delta(delta));
        state.emitted(id);
    }
    true
}

fn announce(
    state: &mut TurnState<'_>,
    call_id: String,
    name: String,
    title: String,
    emit: &impl Fn(EventKind) -> u32,
) {
    let id = emit(EventKind::ToolStart {
        call_id: call_id.clone(),
        name: name.clone(),
        title,
    });
    state.emitted(id);
    state.calls.announced.insert(call_id, name);
}

fn code_delta(delta: CodeDelta) -> EventKind {
    EventKind::CodeDelta {
        call_id: delta.call_id,
        path: delta.path,
        text: delta.text,
    }
}
