//! Streaming one turn to the UI: provider deltas become events as they arrive, create_file
//! arguments become coalesced `code_delta`s, and a timer flushes code held back while the
//! vendor pauses.

use super::coalescer::{CodeDelta, DEFAULT_FLUSH_INTERVAL};
use super::events::EventKind;
use super::outcome::Draft;
use super::sink::EventEmitter;
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
    loop {
        tokio::select! {
            result = &mut turn => return result,
            _ = ticker.tick() => {
                let mut state = state.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(delta) = state.streamer.poll() {
                    state.calls.record(&delta);
                    let id = emit(code_delta(delta));
                    state.emitted(id);
                }
            }
        }
    }
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
            if !state.calls.announced.contains_key(&call_id) {
                // The previous call's code ends here: send it before the next call starts.
                if let Some(delta) = state.streamer.flush() {
                    out_code(state, delta);
                }
                out(
                    state,
                    EventKind::ToolStart {
                        call_id: call_id.clone(),
                        name: name.clone(),
                        title: crate::tools::tool_title(&name, None),
                    },
                );
                state.calls.announced.insert(call_id.clone(), name.clone());
            }
            for delta in state.streamer.on_arguments(&call_id, &name, &delta) {
                out_code(state, delta);
            }
        }
        StreamEvent::Retrying {
            attempt,
            delay_ms,
            reason,
            discard,
        } => {
            let discard_from = if discard { state.discard() } else { None };
            emit(EventKind::Retrying {
                attempt,
                delay_ms: u32::try_from(delay_ms).unwrap_or(u32::MAX),
                reason,
                discard_from,
            });
        }
        // Usage goes out once per finished turn, with its cost.
        StreamEvent::Usage { .. } => {}
    }
}

fn code_delta(delta: CodeDelta) -> EventKind {
    EventKind::CodeDelta {
        call_id: delta.call_id,
        path: delta.path,
        text: delta.text,
    }
}
