//! The streaming preview of create_file calls: tool-call argument deltas in, coalesced
//! `code_delta`s out. One per variant; the engine feeds it every argument delta of the turn.
//! A Markdown fence wrapping the content is not previewed (create_file does not write it).
//! Content that arrives in one large piece is replayed in steps (see [`super::replay`]).

use super::coalescer::{CodeDelta, CodeDeltaCoalescer};
use super::partial_json::CreateFileArgsDecoder;
use super::replay::{Replay, REPLAY_THRESHOLD};
use crate::tools::unfenced;
use crate::vocab::{ToolName, DEFAULT_FILE};

pub struct CodeStreamer {
    coalescer: CodeDeltaCoalescer,
    call: Option<StreamingCall>,
    scratch: String,
    /// Content of the current call still being handed out in steps. While it runs, the
    /// coalescer holds nothing: every later piece of the call joins the replay, in order.
    replay: Option<Replay>,
}

struct StreamingCall {
    id: String,
    decoder: CreateFileArgsDecoder,
    /// Set when the arguments stopped parsing: the rest of this call is not previewed.
    broken: bool,
    /// The decoded content so far, and how many bytes of it were previewed: the fence rule
    /// needs the whole prefix, and what it holds back is previewed later or never.
    content: String,
    shown: usize,
}

impl CodeStreamer {
    pub fn new(coalescer: CodeDeltaCoalescer) -> Self {
        Self {
            coalescer,
            call: None,
            scratch: String::new(),
            replay: None,
        }
    }

    /// Feeds one argument delta of call `call_id` to tool `tool_name`. Calls to other tools are
    /// ignored. Returns the deltas to emit now.
    pub fn on_arguments(&mut self, call_id: &str, tool_name: &str, delta: &str) -> Vec<CodeDelta> {
        if tool_name != ToolName::CreateFile.as_str() {
            return Vec::new();
        }
        let mut ready = Vec::new();
        if self.call.as_ref().is_none_or(|c| c.id != call_id) {
            ready.extend(self.flush());
            self.call = Some(StreamingCall {
                id: call_id.to_owned(),
                decoder: CreateFileArgsDecoder::new(),
                broken: false,
                content: String::new(),
                shown: 0,
            });
        }
        let Some(call) = self.call.as_mut() else {
            return ready;
        };
        if call.broken {
            return ready;
        }
        self.scratch.clear();
        if let Err(error) = call.decoder.push_into(delta, &mut self.scratch) {
            // The tool call itself will be reported to the model as invalid when it ends.
            tracing::debug!(call_id, %error, "create_file arguments stopped parsing; preview paused");
            call.broken = true;
        }
        call.content.push_str(&self.scratch);
        let visible = unfenced(&call.content, call.decoder.is_complete());
        let from = call.shown.max(visible.start);
        let text = call.content.get(from..visible.end).unwrap_or_default();
        let path = call.decoder.path().unwrap_or(DEFAULT_FILE);
        if let Some(replay) = self
            .replay
            .as_mut()
            .filter(|r| r.call_id() == call_id && !r.is_done())
        {
            replay.append(path, text);
        } else if text.len() >= REPLAY_THRESHOLD {
            ready.extend(self.coalescer.flush());
            let mut replay = Replay::new(call_id, path, text.to_owned());
            ready.extend(replay.next_step());
            self.replay = Some(replay);
        } else if !text.is_empty() || call.decoder.path().is_some() {
            ready.extend(self.coalescer.push(call_id, path, text));
        }
        call.shown = from.max(visible.end);
        ready
    }

    /// The path call `call_id` writes, as far as known (the default until the path is read).
    pub fn path_of(&self, call_id: &str) -> Option<&str> {
        let call = self.call.as_ref().filter(|c| c.id == call_id)?;
        Some(call.decoder.path().unwrap_or(DEFAULT_FILE))
    }

    /// The path call `call_id` writes, once read from its arguments.
    pub fn known_path(&self, call_id: &str) -> Option<&str> {
        let call = self.call.as_ref().filter(|c| c.id == call_id)?;
        call.decoder.path()
    }

    /// A boundary: the call's arguments ended, or a `set_code` or the variant's end follows.
    /// A replay still running is handed out whole.
    pub fn flush(&mut self) -> Option<CodeDelta> {
        let pending = self.coalescer.flush();
        let rest = self.replay.take().and_then(Replay::rest);
        match (pending, rest) {
            (Some(mut pending), Some(rest)) => {
                pending.text.push_str(&rest.text);
                pending.path = rest.path;
                Some(pending)
            }
            (pending, rest) => pending.or(rest),
        }
    }

    /// The turn is streamed again from its start: drop held-back text, a replay and the call
    /// being decoded (the retry may reuse its id, and must start the file afresh).
    pub fn discard(&mut self) {
        self.coalescer.discard();
        self.replay = None;
        self.call = None;
    }

    /// For a timer between deltas; see [`CodeDeltaCoalescer::deadline`]. A replay wants every
    /// tick.
    pub fn deadline(&self) -> Option<std::time::Instant> {
        if self.replaying() {
            return Some(std::time::Instant::now());
        }
        self.coalescer.deadline()
    }

    /// For a timer tick: the next replay step, or the coalesced text whose time has come.
    pub fn poll(&mut self) -> Option<CodeDelta> {
        if let Some(replay) = self.replay.as_mut() {
            let step = replay.next_step();
            if replay.is_done() {
                self.replay = None;
            }
            if step.is_some() {
                return step;
            }
        }
        self.coalescer.poll()
    }

    /// True while content that arrived whole is still being handed out in steps.
    pub fn replaying(&self) -> bool {
        self.replay.as_ref().is_some_and(|r| !r.is_done())
    }
}

#[cfg(test)]
#[path = "code_stream_tests.rs"]
mod tests;
