//! A start tag's attributes with their byte ranges, so one attribute can be rewritten and every
//! other byte of the file kept. Handles HTML (`a="x" b='y' c=z d`) and JSX (`a={expr}`,
//! `{...spread}`), which is enough for the tags models write.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrValue {
    /// A quoted or unquoted string: the range holds the value without its quotes.
    Text {
        range: Range<usize>,
        quote: Option<u8>,
    },
    /// A JSX expression `{…}`: whatever code computes it.
    Expression,
    /// A bare attribute name (`hidden`).
    Empty,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attr {
    pub name: String,
    pub value: AttrValue,
    /// From the name's first byte to the value's last.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartTag {
    pub name: String,
    /// Just after the tag name: where a missing attribute goes.
    pub name_end: usize,
    pub attrs: Vec<Attr>,
    /// Just after the closing `>`.
    pub end: usize,
    pub self_closing: bool,
}

impl StartTag {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs
            .iter()
            .find(|a| a.name.eq_ignore_ascii_case(name))
    }
}

/// The start tag whose `<` is at `at`, or `None` when there is none there.
pub fn parse_start_tag(src: &str, at: usize) -> Option<StartTag> {
    let b = src.as_bytes();
    if b.get(at) != Some(&b'<') {
        return None;
    }
    let mut i = at + 1;
    if !b.get(i)?.is_ascii_alphabetic() {
        return None;
    }
    while i < b.len() && is_name_byte(b[i]) {
        i += 1;
    }
    let name = src[at + 1..i].to_owned();
    let name_end = i;
    let mut attrs = Vec::new();
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        match b.get(i)? {
            b'>' => {
                return Some(StartTag {
                    name,
                    name_end,
                    attrs,
                    end: i + 1,
                    self_closing: false,
                });
            }
            b'/' if b.get(i + 1) == Some(&b'>') => {
                return Some(StartTag {
                    name,
                    name_end,
                    attrs,
                    end: i + 2,
                    self_closing: true,
                });
            }
            b'/' => i += 1,
            b'{' => i = skip_braces(b, i)?,
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !matches!(b[i], b'=' | b'>') {
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'>') {
                        break;
                    }
                    i += 1;
                }
                let attr_name = src[start..i].to_owned();
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if b.get(j) != Some(&b'=') {
                    attrs.push(Attr {
                        name: attr_name,
                        value: AttrValue::Empty,
                        span: start..i,
                    });
                    continue;
                }
                j += 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                let (value, after) = match *b.get(j)? {
                    q @ (b'"' | b'\'') => {
                        let close = j + 1 + src[j + 1..].find(q as char)?;
                        (
                            AttrValue::Text {
                                range: j + 1..close,
                                quote: Some(q),
                            },
                            close + 1,
                        )
                    }
                    b'{' => (AttrValue::Expression, skip_braces(b, j)?),
                    _ => {
                        let mut k = j;
                        while k < b.len() && !b[k].is_ascii_whitespace() && b[k] != b'>' {
                            k += 1;
                        }
                        (
                            AttrValue::Text {
                                range: j..k,
                                quote: None,
                            },
                            k,
                        )
                    }
                };
                attrs.push(Attr {
                    name: attr_name,
                    value,
                    span: start..after,
                });
                i = after;
            }
        }
    }
}

fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':' | b'.')
}

/// Just after the `}` matching the `{` at `at`, skipping strings inside.
fn skip_braces(b: &[u8], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = at;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            q @ (b'"' | b'\'' | b'`') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// `src` with attribute `name` of `tag` set to `value` (escaped for its quotes), added after
/// the tag name when it is missing. Nothing else changes.
pub fn set_attr(src: &str, tag: &StartTag, name: &str, value: &str) -> String {
    let mut out = String::with_capacity(src.len() + value.len() + name.len() + 4);
    match tag.attr(name).map(|a| (&a.value, a.span.clone())) {
        Some((
            AttrValue::Text {
                range,
                quote: Some(q),
            },
            _,
        )) => {
            out.push_str(&src[..range.start]);
            out.push_str(&escape_attr(value, *q));
            out.push_str(&src[range.end..]);
        }
        Some((_, span)) => {
            out.push_str(&src[..span.start]);
            push_attr(&mut out, name, value);
            out.push_str(&src[span.end..]);
        }
        None => {
            out.push_str(&src[..tag.name_end]);
            out.push(' ');
            push_attr(&mut out, name, value);
            out.push_str(&src[tag.name_end..]);
        }
    }
    out
}

fn push_attr(out: &mut String, name: &str, value: &str) {
    out.push_str(name);
    out.push_str("=\"");
    out.push_str(&escape_attr(value, b'"'));
    out.push('"');
}

/// `value` as the source form of an attribute quoted with `quote`. The value is the attribute's
/// source text (its character references as written) with checked values spliced in, so a
/// reference already there (`&quot;`, `&#39;`) stays as it is; any other `&` is escaped.
fn escape_attr(value: &str, quote: u8) -> String {
    let mut out = String::with_capacity(value.len() + 8);
    for (i, c) in value.char_indices() {
        match c {
            '&' if char_reference_len(&value[i..]).is_some() => out.push('&'),
            '&' => out.push_str("&amp;"),
            '"' if quote == b'"' => out.push_str("&quot;"),
            '\'' if quote == b'\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The length of the character reference `text` starts with (`&amp;`, `&#34;`, `&#x22;`).
pub fn char_reference_len(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('&')?;
    let (body, valid): (&str, fn(u8) -> bool) =
        if let Some(hex) = rest.strip_prefix("#x").or_else(|| rest.strip_prefix("#X")) {
            (hex, |c| c.is_ascii_hexdigit())
        } else if let Some(dec) = rest.strip_prefix('#') {
            (dec, |c| c.is_ascii_digit())
        } else {
            (rest, |c| c.is_ascii_alphanumeric())
        };
    let n = body.bytes().take(32).take_while(|c| valid(*c)).count();
    (n > 0 && body.as_bytes().get(n) == Some(&b';')).then(|| text.len() - body.len() + n + 1)
}

/// The value of a text attribute as written in the source.
pub fn text_value<'a>(src: &'a str, attr: &Attr) -> Option<&'a str> {
    match &attr.value {
        AttrValue::Text { range, .. } => src.get(range.clone()),
        AttrValue::Empty => Some(""),
        AttrValue::Expression => None,
    }
}
