//! Which files of a version make up the page: its HTML documents and everything they reference,
//! directly or through a stylesheet, that the version holds. Only these go to a model; the rest
//! (notes, data, anything a folder happened to hold) stays with the version but is never sent.

use super::locate::{locate, Target};
use super::refs::{collect_css, collect_html};
use std::collections::{BTreeSet, VecDeque};

/// The paths among `files` that are part of the page.
pub fn page_files(files: &[(String, Vec<u8>)]) -> BTreeSet<String> {
    let present: BTreeSet<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    let text_of = |path: &str| {
        files
            .iter()
            .find(|(p, _)| p == path)
            .and_then(|(_, b)| std::str::from_utf8(b).ok())
    };
    let mut part: BTreeSet<String> = files
        .iter()
        .filter(|(p, _)| is_html(p))
        .map(|(p, _)| p.clone())
        .collect();
    let mut queue: VecDeque<String> = part.iter().cloned().collect();
    while let Some(doc) = queue.pop_front() {
        let Some(text) = text_of(&doc) else {
            continue;
        };
        let references: Vec<String> = if is_html(&doc) {
            collect_html(text).into_iter().map(|(r, _)| r).collect()
        } else {
            collect_css(text)
        };
        for reference in references {
            let Target::Local(path) = locate(&doc, &reference) else {
                continue;
            };
            if present.contains(path.as_str())
                && part.insert(path.clone())
                && path.to_ascii_lowercase().ends_with(".css")
            {
                queue.push_back(path);
            }
        }
    }
    part
}

pub(super) fn is_html(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".html") || lower.ends_with(".htm")
}
