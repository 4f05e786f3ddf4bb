//! create_file content that arrived all at once (Gemini sends each call whole; any vendor may
//! send one large delta), handed to the preview in steps, one per flush tick, so every vendor's
//! page fills in the same way. Each byte is copied once: cost stays linear in the file.

use super::coalescer::CodeDelta;

/// Content decoded from one delta at or above this size is replayed in steps; streamed
/// vendors send far smaller deltas and go straight through the coalescer.
pub(crate) const REPLAY_THRESHOLD: usize = 2048;
/// Steps a replay takes (≈ 0.4 s at one step per 33 ms tick), however large the content.
const REPLAY_STEPS: usize = 12;
/// No step smaller than this: a small file is shown in fewer steps.
const MIN_STEP: usize = 512;

pub(crate) struct Replay {
    call_id: String,
    path: String,
    text: String,
    /// Bytes of `text` already handed out.
    sent: usize,
    step: usize,
}

impl Replay {
    pub(crate) fn new(call_id: &str, path: &str, text: String) -> Self {
        Self {
            call_id: call_id.to_owned(),
            path: path.to_owned(),
            step: text.len().div_ceil(REPLAY_STEPS).max(MIN_STEP),
            text,
            sent: 0,
        }
    }

    pub(crate) fn call_id(&self) -> &str {
        &self.call_id
    }

    /// More content of the same call (and its path, which may have just become known).
    pub(crate) fn append(&mut self, path: &str, text: &str) {
        if self.path != path {
            path.clone_into(&mut self.path);
        }
        // Handed-out text is dropped once it is most of the buffer, so memory stays bounded by
        // what is still to send and each byte moves a bounded number of times.
        if self.sent > self.text.len() / 2 {
            self.text.drain(..self.sent);
            self.sent = 0;
        }
        self.text.push_str(text);
        self.step = self
            .step
            .max((self.text.len() - self.sent).div_ceil(REPLAY_STEPS));
    }

    pub(crate) fn is_done(&self) -> bool {
        self.sent >= self.text.len()
    }

    /// The next step, cut on a character boundary; `None` once everything was handed out.
    pub(crate) fn next_step(&mut self) -> Option<CodeDelta> {
        if self.is_done() {
            return None;
        }
        let mut end = (self.sent + self.step).min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        let delta = self.delta(end);
        self.sent = end;
        Some(delta)
    }

    /// Everything not handed out yet, at a boundary.
    pub(crate) fn rest(mut self) -> Option<CodeDelta> {
        if self.is_done() {
            return None;
        }
        let end = self.text.len();
        let delta = self.delta(end);
        self.sent = end;
        Some(delta)
    }

    fn delta(&self, end: usize) -> CodeDelta {
        CodeDelta {
            call_id: self.call_id.clone(),
            path: self.path.clone(),
            text: self.text[self.sent..end].to_owned(),
        }
    }
}
