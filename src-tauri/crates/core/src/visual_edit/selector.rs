//! Selectors, as far as finding an element's own rule needs: a complex selector's specificity,
//! whether its last compound could match an element (ancestors are not checked, so "could"
//! errs towards yes), and whether it is one plain compound (`a.cta`, `#signup`, `.hero-title`)
//! that names elements by tag, id and classes only.

/// An element as its start tag describes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ElementKey {
    /// Lower-cased.
    pub tag: String,
    pub id: Option<String>,
    pub classes: Vec<String>,
}

/// One compound selector: `tag#id.a.b[attr]:pseudo`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Compound {
    tag: Option<String>,
    ids: Vec<String>,
    classes: Vec<String>,
    attributes: usize,
    pseudo_classes: Vec<String>,
    pseudo_element: bool,
}

/// Pseudo-classes that hold only in a passing state: a rule with one does not style the
/// element at rest.
const STATES: &[&str] = &[
    "hover",
    "focus",
    "focus-visible",
    "focus-within",
    "active",
    "visited",
    "target",
    "disabled",
    "placeholder-shown",
    "invalid",
    "user-invalid",
];

/// A parsed complex selector (`.hero .cta > a:hover`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Complex {
    compounds: Vec<Compound>,
}

impl Complex {
    /// `None` for what this does not understand (escapes, `|` namespaces, nesting `&`).
    pub fn parse(text: &str) -> Option<Self> {
        let b = text.as_bytes();
        if text.is_empty() || text.contains(['\\', '|', '&']) {
            return None;
        }
        let mut compounds = vec![Compound::default()];
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if c.is_ascii_whitespace() || matches!(c, b'>' | b'+' | b'~') {
                while i < b.len()
                    && (b[i].is_ascii_whitespace() || matches!(b[i], b'>' | b'+' | b'~'))
                {
                    i += 1;
                }
                if compounds.last().is_some_and(|c| *c != Compound::default()) && i < b.len() {
                    compounds.push(Compound::default());
                }
                continue;
            }
            let current = compounds.last_mut()?;
            match c {
                b'*' => i += 1,
                b'#' | b'.' => {
                    let (name, next) = ident(text, i + 1)?;
                    if c == b'#' {
                        current.ids.push(name);
                    } else {
                        current.classes.push(name);
                    }
                    i = next;
                }
                b'[' => {
                    i += text[i..].find(']')? + 1;
                    current.attributes += 1;
                }
                b':' => {
                    let element = b.get(i + 1) == Some(&b':');
                    let (name, mut next) = ident(text, i + if element { 2 } else { 1 })?;
                    if b.get(next) == Some(&b'(') {
                        next = close_paren(b, next)? + 1;
                    }
                    let name = name.to_ascii_lowercase();
                    // `:before` and `:after` are pseudo-elements in the old one-colon spelling.
                    if element
                        || matches!(
                            name.as_str(),
                            "before" | "after" | "first-line" | "first-letter"
                        )
                    {
                        current.pseudo_element = true;
                    } else {
                        current.pseudo_classes.push(name);
                    }
                    i = next;
                }
                _ if c.is_ascii_alphabetic() => {
                    let (name, next) = ident(text, i)?;
                    current.tag = Some(name.to_ascii_lowercase());
                    i = next;
                }
                _ => return None,
            }
        }
        Some(Self { compounds })
    }

    /// (ids, classes + attributes + pseudo-classes, tags + pseudo-elements). `:where()` counts
    /// nothing and `:is()`/`:not()` one class: close enough to rank a page's own rules.
    pub fn specificity(&self) -> (usize, usize, usize) {
        self.compounds.iter().fold((0, 0, 0), |(a, b, c), k| {
            let pseudo = k.pseudo_classes.iter().filter(|p| *p != "where").count();
            (
                a + k.ids.len(),
                b + k.classes.len() + k.attributes + pseudo,
                c + usize::from(k.tag.is_some()) + usize::from(k.pseudo_element),
            )
        })
    }

    /// Whether the rule may style `element` at rest: its last compound agrees with the
    /// element's tag, id and classes, and names no passing state or pseudo-element.
    pub fn may_match(&self, element: &ElementKey) -> bool {
        let Some(last) = self.compounds.last() else {
            return false;
        };
        if last.pseudo_element
            || last
                .pseudo_classes
                .iter()
                .any(|p| STATES.contains(&p.as_str()) || (p == "root" && element.tag != "html"))
        {
            return false;
        }
        compound_matches(last, element)
    }

    /// One compound of tag, id and classes only: a selector that names elements, not places.
    pub fn is_plain(&self) -> bool {
        match self.compounds.as_slice() {
            [only] => {
                only.attributes == 0
                    && only.pseudo_classes.is_empty()
                    && !only.pseudo_element
                    && (only.tag.is_some() || !only.ids.is_empty() || !only.classes.is_empty())
            }
            _ => false,
        }
    }

    /// For a plain selector: whether it matches `element` (exactly; see [`Self::is_plain`]).
    pub fn matches_plain(&self, element: &ElementKey) -> bool {
        self.is_plain()
            && self
                .compounds
                .first()
                .is_some_and(|c| compound_matches(c, element))
    }
}

fn compound_matches(compound: &Compound, element: &ElementKey) -> bool {
    compound.tag.as_ref().is_none_or(|t| *t == element.tag)
        && compound
            .ids
            .iter()
            .all(|id| element.id.as_ref() == Some(id))
        && compound
            .classes
            .iter()
            .all(|c| element.classes.iter().any(|e| e == c))
}

fn ident(text: &str, from: usize) -> Option<(String, usize)> {
    let rest = &text[from..];
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(rest.len());
    (len > 0).then(|| (rest[..len].to_owned(), from + len))
}

fn close_paren(b: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
#[path = "selector_tests.rs"]
mod tests;
