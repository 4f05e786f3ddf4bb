//! A style change as an inline `style` declaration: the declaration of the same property is
//! replaced in place, else one is appended. The other declarations keep their bytes.

use super::tag::char_reference_len;

/// `style` with `name: value`.
pub fn set_declaration(style: &str, name: &str, value: &str) -> String {
    let mut out = String::with_capacity(style.len() + name.len() + value.len() + 4);
    let mut replaced = false;
    let mut start = 0;
    for end in declaration_ends(style) {
        let decl = &style[start..end];
        let prop = decl.split(':').next().unwrap_or("").trim();
        if !replaced && prop.eq_ignore_ascii_case(name) {
            let lead = &decl[..decl.len() - decl.trim_start().len()];
            out.push_str(lead);
            out.push_str(&format!("{name}: {value}"));
            replaced = true;
        } else {
            out.push_str(decl);
        }
        if end < style.len() {
            out.push(';');
        }
        start = end + 1;
    }
    if !replaced {
        let trimmed = out.trim_end();
        let needs_sep = !trimmed.is_empty() && !trimmed.ends_with(';');
        let mut joined = trimmed.to_owned();
        if needs_sep {
            joined.push(';');
        }
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(&format!("{name}: {value}"));
        return joined;
    }
    out
}

/// Whether `style` declares any of `names` (a property and the shorthands that set it).
pub fn declared(style: &str, names: &[&str]) -> bool {
    let mut start = 0;
    declaration_ends(style).into_iter().any(|end| {
        let decl = &style[start..end];
        start = end + 1;
        let prop = decl.split(':').next().unwrap_or("").trim();
        decl.contains(':') && names.iter().any(|n| prop.eq_ignore_ascii_case(n))
    })
}

/// The byte offsets of the `;`s that end declarations (outside strings and parentheses), and
/// the end of the text. The text is the attribute as written: a character reference's `;` ends
/// nothing, and `&quot;` or `&#39;` opens or closes a string like the quote it stands for.
fn declaration_ends(style: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<u8> = None;
    let bytes = style.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let mut c = bytes[i];
        let mut next = i + 1;
        if c == b'&' {
            if let Some(len) = char_reference_len(&style[i..]) {
                next = i + len;
                c = match &style[i..next] {
                    "&quot;" | "&#34;" | "&#x22;" | "&#X22;" => b'"',
                    "&apos;" | "&#39;" | "&#x27;" | "&#X27;" => b'\'',
                    _ => b'a',
                };
            }
        }
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(c),
            (None, b'(') => depth += 1,
            (None, b')') => depth -= 1,
            (None, b';') if depth <= 0 => ends.push(i),
            _ => {}
        }
        i = next;
    }
    ends.push(style.len());
    ends
}
