//! Decoding create_file arguments while they stream, so the file reaches the preview as it is
//! written.
//!
//! The decoder keeps its place between deltas and looks at each byte once: cost is linear in
//! the size of the arguments, whatever the delta size. It reads one JSON object, extracts the
//! `content` string (as decoded text increments) and the `path` string (reported once complete),
//! in any key order, and skips every other key's value whatever its type. It is a preview: the
//! arguments the tool runs with are parsed in full by the provider layer when the call ends.
//!
//! Deltas are `&str`, so a delta never splits a UTF-8 character; JSON escapes may be split
//! anywhere, including between the two halves of a surrogate pair.

use std::fmt;

/// What one delta produced.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Update {
    /// Newly decoded `content` text (empty when the delta held none).
    pub content: String,
    /// The `path`, when its string ended in this delta.
    pub path: Option<String>,
    /// The object closed in this delta (or earlier).
    pub complete: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartialJsonError {
    #[error("unexpected {found} at byte {offset}; expected {expected}")]
    Unexpected {
        found: Found,
        offset: usize,
        expected: &'static str,
    },
    #[error("invalid escape \\{found} at byte {offset}")]
    InvalidEscape { found: char, offset: usize },
    #[error("invalid \\u escape (not four hex digits) at byte {offset}")]
    InvalidUnicode { offset: usize },
    #[error("unpaired UTF-16 surrogate \\u{code:04x} at byte {offset}")]
    LoneSurrogate { code: u32, offset: usize },
}

/// The offending input, printable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Found(pub u8);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "{:?}", self.0 as char)
        } else {
            write!(f, "byte 0x{:02x}", self.0)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Key,
    Content,
    Path,
    Skip,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    BeforeObject,
    /// After `{`: a key or `}`.
    FirstKey,
    /// After `,`: a key.
    NextKey,
    InString(Target),
    AfterKey,
    BeforeValue,
    /// A number, `true`, `false` or `null`: skipped up to the next delimiter.
    InLiteral,
    /// A nested object or array, skipped.
    InNested {
        depth: u32,
        in_string: bool,
        escaped: bool,
    },
    AfterValue,
    Done,
}

/// Where we are inside a JSON escape sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    None,
    Backslash,
    /// Reading the hex digits of `\uXXXX`; `high` is set for the second half of a pair.
    Hex {
        value: u32,
        digits: u8,
        high: Option<u32>,
    },
    /// A high surrogate was read; its low half must follow as `\uXXXX`.
    LowBackslash {
        high: u32,
    },
    LowU {
        high: u32,
    },
}

/// Streams `content` and `path` out of create_file arguments. One per tool call.
#[derive(Debug, Clone)]
pub struct CreateFileArgsDecoder {
    state: State,
    escape: Escape,
    key: String,
    path: String,
    known_path: Option<String>,
    content_bytes: usize,
    consumed: usize,
    error: Option<PartialJsonError>,
}

impl Default for CreateFileArgsDecoder {
    fn default() -> Self {
        Self::new()
    }
}

impl CreateFileArgsDecoder {
    pub fn new() -> Self {
        Self {
            state: State::BeforeObject,
            escape: Escape::None,
            key: String::new(),
            path: String::new(),
            known_path: None,
            content_bytes: 0,
            consumed: 0,
            error: None,
        }
    }

    /// Decodes one delta.
    pub fn push(&mut self, delta: &str) -> Result<Update, PartialJsonError> {
        let mut content = String::new();
        let path = self.push_into(delta, &mut content)?;
        Ok(Update {
            content,
            path,
            complete: self.is_complete(),
        })
    }

    /// Decodes one delta, appending decoded content to `content` (no allocation per delta
    /// when the caller reuses the buffer). Returns the path if it became known. After an error
    /// every later call returns the same error: the arguments are not valid JSON.
    pub fn push_into(
        &mut self,
        delta: &str,
        content: &mut String,
    ) -> Result<Option<String>, PartialJsonError> {
        if let Some(error) = &self.error {
            return Err(error.clone());
        }
        let before = content.len();
        let result = self.run(delta, content);
        self.content_bytes += content.len() - before;
        self.consumed += delta.len();
        result.inspect_err(|e| self.error = Some(e.clone()))
    }

    /// The path, once its string has been read completely.
    pub fn path(&self) -> Option<&str> {
        self.known_path.as_deref()
    }

    /// Bytes of decoded content so far. When the path arrives with this above zero, the
    /// content streamed before it was shown under the default path.
    pub fn content_bytes(&self) -> usize {
        self.content_bytes
    }

    pub fn is_complete(&self) -> bool {
        self.state == State::Done
    }

    fn run(
        &mut self,
        delta: &str,
        content: &mut String,
    ) -> Result<Option<String>, PartialJsonError> {
        let bytes = delta.as_bytes();
        let mut learned = None;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            let offset = self.consumed + i;
            let unexpected = |expected| PartialJsonError::Unexpected {
                found: Found(b),
                offset,
                expected,
            };
            match self.state {
                State::InString(target) => {
                    let (next, closed) = match target {
                        Target::Content => self.string(delta, i, Some(content))?,
                        Target::Key => {
                            let mut key = std::mem::take(&mut self.key);
                            let r = self.string(delta, i, Some(&mut key));
                            self.key = key;
                            r?
                        }
                        Target::Path => {
                            let mut path = std::mem::take(&mut self.path);
                            let r = self.string(delta, i, Some(&mut path));
                            self.path = path;
                            r?
                        }
                        Target::Skip => self.string(delta, i, None)?,
                    };
                    i = next;
                    if closed {
                        self.state = match target {
                            Target::Key => State::AfterKey,
                            _ => State::AfterValue,
                        };
                        if target == Target::Path {
                            let path = std::mem::take(&mut self.path);
                            self.known_path = Some(path.clone());
                            learned = Some(path);
                        }
                    }
                    continue;
                }
                State::InNested {
                    depth,
                    in_string,
                    escaped,
                } => {
                    self.state = nested_step(b, depth, in_string, escaped);
                }
                State::InLiteral => {
                    if is_delimiter(b) {
                        // Not consumed: the delimiter belongs to AfterValue.
                        self.state = State::AfterValue;
                        continue;
                    }
                }
                _ if is_whitespace(b) => {}
                State::BeforeObject if b == b'{' => self.state = State::FirstKey,
                State::BeforeObject => return Err(unexpected("'{'")),
                State::FirstKey if b == b'}' => self.state = State::Done,
                State::FirstKey | State::NextKey if b == b'"' => {
                    self.key.clear();
                    self.state = State::InString(Target::Key);
                }
                State::FirstKey | State::NextKey => return Err(unexpected("a key")),
                State::AfterKey if b == b':' => self.state = State::BeforeValue,
                State::AfterKey => return Err(unexpected("':'")),
                State::BeforeValue => {
                    self.state = self.value_start(b).ok_or_else(|| unexpected("a value"))?
                }
                State::AfterValue if b == b',' => self.state = State::NextKey,
                State::AfterValue if b == b'}' => self.state = State::Done,
                State::AfterValue => return Err(unexpected("',' or '}'")),
                State::Done => return Err(unexpected("nothing after the object")),
            }
            i += 1;
        }
        Ok(learned)
    }

    fn value_start(&mut self, b: u8) -> Option<State> {
        match b {
            b'"' => {
                let target = match self.key.as_str() {
                    "content" => Target::Content,
                    "path" => {
                        self.path.clear();
                        Target::Path
                    }
                    _ => Target::Skip,
                };
                Some(State::InString(target))
            }
            b'{' | b'[' => Some(State::InNested {
                depth: 1,
                in_string: false,
                escaped: false,
            }),
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => Some(State::InLiteral),
            _ => None,
        }
    }

    /// Decodes string bytes from `start`, writing to `out`; returns where it stopped and
    /// whether the closing quote was read.
    fn string(
        &mut self,
        delta: &str,
        start: usize,
        mut out: Option<&mut String>,
    ) -> Result<(usize, bool), PartialJsonError> {
        let bytes = delta.as_bytes();
        let mut i = start;
        while i < bytes.len() {
            let offset = self.consumed + i;
            match self.escape {
                Escape::None => {
                    let run = bytes[i..]
                        .iter()
                        .position(|b| *b == b'"' || *b == b'\\')
                        .map_or(bytes.len(), |p| i + p);
                    // Both stops are ASCII, so the slice lies on character boundaries.
                    if let Some(out) = out.as_deref_mut() {
                        out.push_str(&delta[i..run]);
                    }
                    if run == bytes.len() {
                        return Ok((run, false));
                    }
                    if bytes[run] == b'"' {
                        return Ok((run + 1, true));
                    }
                    self.escape = Escape::Backslash;
                    i = run + 1;
                }
                Escape::Backslash => {
                    let c = match bytes[i] {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            self.escape = Escape::Hex {
                                value: 0,
                                digits: 0,
                                high: None,
                            };
                            i += 1;
                            continue;
                        }
                        _ => {
                            let found = delta[i..].chars().next().unwrap_or('?');
                            return Err(PartialJsonError::InvalidEscape { found, offset });
                        }
                    };
                    push(&mut out, c);
                    self.escape = Escape::None;
                    i += 1;
                }
                Escape::Hex {
                    value,
                    digits,
                    high,
                } => {
                    let digit = (bytes[i] as char)
                        .to_digit(16)
                        .ok_or(PartialJsonError::InvalidUnicode { offset })?;
                    let value = value * 16 + digit;
                    i += 1;
                    if digits < 3 {
                        self.escape = Escape::Hex {
                            value,
                            digits: digits + 1,
                            high,
                        };
                        continue;
                    }
                    self.escape = Escape::None;
                    match (high, value) {
                        (Some(high), 0xDC00..=0xDFFF) => {
                            let code = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00);
                            push(&mut out, char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        (Some(high), _) => {
                            return Err(PartialJsonError::LoneSurrogate { code: high, offset })
                        }
                        (None, 0xD800..=0xDBFF) => {
                            self.escape = Escape::LowBackslash { high: value }
                        }
                        (None, 0xDC00..=0xDFFF) => {
                            return Err(PartialJsonError::LoneSurrogate {
                                code: value,
                                offset,
                            })
                        }
                        (None, _) => push(&mut out, char::from_u32(value).unwrap_or('\u{FFFD}')),
                    }
                }
                Escape::LowBackslash { high } => {
                    if bytes[i] != b'\\' {
                        return Err(PartialJsonError::LoneSurrogate { code: high, offset });
                    }
                    self.escape = Escape::LowU { high };
                    i += 1;
                }
                Escape::LowU { high } => {
                    if bytes[i] != b'u' {
                        return Err(PartialJsonError::LoneSurrogate { code: high, offset });
                    }
                    self.escape = Escape::Hex {
                        value: 0,
                        digits: 0,
                        high: Some(high),
                    };
                    i += 1;
                }
            }
        }
        Ok((i, false))
    }
}

fn push(out: &mut Option<&mut String>, c: char) {
    if let Some(out) = out.as_deref_mut() {
        out.push(c);
    }
}

/// One byte of a skipped nested value; strings inside it may contain brackets.
fn nested_step(b: u8, depth: u32, in_string: bool, escaped: bool) -> State {
    let nested = |depth, in_string, escaped| State::InNested {
        depth,
        in_string,
        escaped,
    };
    match (in_string, escaped, b) {
        (true, true, _) => nested(depth, true, false),
        (true, false, b'\\') => nested(depth, true, true),
        (true, false, b'"') => nested(depth, false, false),
        (true, false, _) => nested(depth, true, false),
        (false, _, b'"') => nested(depth, true, false),
        (false, _, b'{' | b'[') => nested(depth + 1, false, false),
        (false, _, b'}' | b']') if depth <= 1 => State::AfterValue,
        (false, _, b'}' | b']') => nested(depth - 1, false, false),
        (false, _, _) => nested(depth, false, false),
    }
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

fn is_delimiter(b: u8) -> bool {
    is_whitespace(b) || matches!(b, b',' | b'}' | b']')
}

#[cfg(test)]
#[path = "partial_json_tests.rs"]
mod tests;
