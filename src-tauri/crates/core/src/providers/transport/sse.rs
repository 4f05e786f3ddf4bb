//! Server-sent-events framing, written here rather than taken from eventsource-stream 0.2.3,
//! which panics on a leading UTF-8 BOM and goes quadratic on single chunks of 64 KiB and more.
//!
//! The decoder is a byte-level state machine fed whatever chunks the network delivers: a line
//! may be split anywhere (mid-UTF-8 included, as lines are decoded whole), lines end in LF, CR
//! or CRLF (even with the CR and LF in different chunks), and every byte is scanned once.
//! Lines that are not SSE at all (a raw JSON error body some servers send in place of, or after,
//! the events) are handed out as [`SseItem::Stray`] so a vendor can still read them.

use memchr::memchr2;

/// One dispatched event.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event:` field, if any.
    pub event: Option<String>,
    /// The `data:` lines joined with `\n`.
    pub data: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SseItem {
    Event(SseEvent),
    /// A line that is neither a known SSE field nor a comment.
    Stray(String),
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The longest line or event accepted. Real events are far smaller (a whole generated page in
/// one delta is a few hundred KB); a server that sends more without a line end is broken or
/// hostile, and holding it all would let it take the memory.
pub const MAX_EVENT_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, Default)]
pub struct SseDecoder {
    /// Bytes of the line being received (the tail of the stream with no line end yet).
    line: Vec<u8>,
    /// Whether the start of the stream was checked for a BOM.
    past_bom: bool,
    /// The previous chunk ended in CR: a LF opening the next chunk belongs to it.
    after_cr: bool,
    event: Option<String>,
    data: String,
    has_data: bool,
    /// A line or event went past [`MAX_EVENT_BYTES`]; everything after is ignored.
    overflowed: bool,
}

impl SseDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a line or an event was longer than [`MAX_EVENT_BYTES`] (the stream is unusable).
    pub fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// Feed the next chunk; complete events and stray lines are appended to `out`.
    pub fn push(&mut self, mut chunk: &[u8], out: &mut Vec<SseItem>) {
        if self.overflowed {
            return;
        }
        if !self.past_bom {
            // Wait until three bytes are known before deciding, a BOM can be split too.
            self.line.extend_from_slice(chunk);
            if self.line.len() < BOM.len() && BOM.starts_with(&self.line) {
                return;
            }
            self.past_bom = true;
            let pending = std::mem::take(&mut self.line);
            let body = pending.strip_prefix(BOM).unwrap_or(&pending);
            self.push_lines(body, out);
            return;
        }
        if self.after_cr {
            self.after_cr = false;
            if let Some(rest) = chunk.strip_prefix(b"\n") {
                chunk = rest;
            }
        }
        self.push_lines(chunk, out);
    }

    /// The stream ended. A final SSE line without its line end is a cut-off and is dropped (a
    /// final non-SSE line, such as a JSON error body with no newline, is stray text); an event
    /// whose lines all arrived but whose blank line did not is dispatched (some servers end with
    /// `data: [DONE]\n`).
    pub fn finish(&mut self, out: &mut Vec<SseItem>) {
        if self.overflowed {
            return;
        }
        if !self.past_bom {
            self.past_bom = true;
            let pending = std::mem::take(&mut self.line);
            let body = pending.strip_prefix(BOM).unwrap_or(&pending).to_vec();
            self.push_lines(&body, out);
        }
        let last = std::mem::take(&mut self.line);
        if !last.is_empty() && !is_sse_line(&last) {
            out.push(SseItem::Stray(String::from_utf8_lossy(&last).into_owned()));
        }
        self.dispatch(out);
    }

    /// Whether a line or an event is half received (used to tell a clean end from a cut).
    pub fn has_partial(&self) -> bool {
        !self.line.is_empty() || self.has_data
    }

    fn push_lines(&mut self, mut bytes: &[u8], out: &mut Vec<SseItem>) {
        while let Some(end) = memchr2(b'\n', b'\r', bytes) {
            let terminator = bytes[end];
            if self.line.is_empty() {
                self.process_line(&bytes[..end], out);
            } else {
                self.line.extend_from_slice(&bytes[..end]);
                let line = std::mem::take(&mut self.line);
                self.process_line(&line, out);
                // Keep the allocation for the next long line.
                self.line = line;
                self.line.clear();
            }
            bytes = &bytes[end + 1..];
            if terminator == b'\r' {
                match bytes.first() {
                    Some(b'\n') => bytes = &bytes[1..],
                    Some(_) => {}
                    None => self.after_cr = true,
                }
            }
        }
        self.line.extend_from_slice(bytes);
        if self.line.len() > MAX_EVENT_BYTES || self.data.len() > MAX_EVENT_BYTES {
            self.overflow();
        }
    }

    fn overflow(&mut self) {
        self.overflowed = true;
        self.line = Vec::new();
        self.data = String::new();
        self.has_data = false;
    }

    fn process_line(&mut self, line: &[u8], out: &mut Vec<SseItem>) {
        if line.is_empty() {
            self.dispatch(out);
            return;
        }
        if line[0] == b':' {
            return; // a comment (keep-alive)
        }
        let (field, value) = match line.iter().position(|&b| b == b':') {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        match field {
            b"data" => {
                if self.has_data {
                    self.data.push('\n');
                }
                self.data.push_str(&String::from_utf8_lossy(value));
                self.has_data = true;
                if self.data.len() > MAX_EVENT_BYTES {
                    self.overflow();
                }
            }
            b"event" => self.event = Some(String::from_utf8_lossy(value).into_owned()),
            b"id" | b"retry" => {}
            _ => out.push(SseItem::Stray(String::from_utf8_lossy(line).into_owned())),
        }
    }

    fn dispatch(&mut self, out: &mut Vec<SseItem>) {
        let event = self.event.take();
        if !self.has_data {
            return;
        }
        self.has_data = false;
        out.push(SseItem::Event(SseEvent {
            event,
            data: std::mem::take(&mut self.data),
        }));
    }
}

#[cfg(test)]
#[path = "sse_tests.rs"]
mod tests;

/// Whether a line is a comment or one of the SSE fields.
fn is_sse_line(line: &[u8]) -> bool {
    let field = line.split(|&b| b == b':').next().unwrap_or(line);
    line.starts_with(b":") || matches!(field, b"data" | b"event" | b"id" | b"retry")
}
