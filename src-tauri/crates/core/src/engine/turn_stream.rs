//! Streaming one turn to the UI: provider deltas become events as they arrive, create_file
//! arguments become coalesced `code_delta`s, and a timer flushes code held back while the
//! vendor pauses and hands out, step by step, content that arrived whole (finishing the replay
//! before the turn's calls run).

use super::coalescer::{CodeDelta, DEFAULT_FLUSH_INTERVAL};
use super::events::EventKind;
use super::sink::EventEmitter;
use super::tool_start::PendingStart;
use super::CodeStreamer;
use crate::providers::{ProviderError, ProviderSession, ProviderTurn, StreamEvent};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use tokio_util::sync::CancellationToken;

struct TurnState<'a> {
    streamer: &'a mut CodeStreamer,
    /// Calls whose `tool_start` went out: id → tool name.
    announced: &'a mut BTreeMap<String, String>,
    /// The call whose `tool_start` waits for its first arguments (calls stream one at a time).
    /// One still waiting when the turn ends is announced with its whole arguments afterwards.
    waiting: Option<PendingStart>,
}

/// Stream the session's next turn, emitting events for variant `index`. `announced` gets the
/// ids (and tool names) of the calls whose `tool_start` was emitted.
pub(crate) async fn stream_turn(
    index: u32,
    emitter: &EventEmitter,
    session: &mut dyn ProviderSession,
    streamer: &mut CodeStreamer,
    announced: &mut BTreeMap<String, String>,
    cancel: &CancellationToken,
) -> Result<ProviderTurn, ProviderError> {
    let state = Mutex::new(TurnState {
        streamer,
        announced,
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
                    emit(code_delta(delta));
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

fn on_stream_event(state: &mut TurnState<'_>, event: StreamEvent, emit: &impl Fn(EventKind)) {
    match event {
        StreamEvent::AssistantDelta { text } => emit(EventKind::Assistant { text }),
        StreamEvent::ThinkingDelta { text } => emit(EventKind::Thinking { text }),
        StreamEvent::ToolCallDelta {
            call_id,
            name,
            delta,
        } => {
            let waiting = state.waiting.as_ref().is_some_and(|w| w.call_id == call_id);
            if !waiting && !state.announced.contains_key(&call_id) {
                if let Some(earlier) = state.waiting.take() {
                    let title = earlier.title_now(state.streamer.known_path(&earlier.call_id));
                    announce(state, earlier.call_id, earlier.name, title, emit);
                }
                // The previous call's code ends here: send it before the next call starts.
                if let Some(delta) = state.streamer.flush() {
                    emit(code_delta(delta));
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
                emit(code_delta(delta));
            }
        }
        StreamEvent::Retrying {
            attempt,
            delay_ms,
            reason,
        } => emit(EventKind::Retrying {
            attempt,
            delay_ms: u32::try_from(delay_ms).unwrap_or(u32::MAX),
            reason,
        }),
        // Usage goes out once per finished turn, with its cost.
        StreamEvent::Usage { .. } => {}
    }
}

/// Emits the next step of a replay; false once there is none.
fn replay_step(state: &Mutex<TurnState<'_>>, emit: &impl Fn(EventKind)) -> bool {
    let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
    if !state.streamer.replaying() {
        return false;
    }
    if let Some(delta) = state.streamer.poll() {
        emit(code_delta(delta));
    }
    true
}

fn announce(
    state: &mut TurnState<'_>,
    call_id: String,
    name: String,
    title: String,
    emit: &impl Fn(EventKind),
) {
    emit(EventKind::ToolStart {
        call_id: call_id.clone(),
        name: name.clone(),
        title,
    });
    state.announced.insert(call_id, name);
}

fn code_delta(delta: CodeDelta) -> EventKind {
    EventKind::CodeDelta {
        call_id: delta.call_id,
        path: delta.path,
        text: delta.text,
    }
}
