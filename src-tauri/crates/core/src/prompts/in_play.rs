//! Which files of a project go into an update's prompt: not the whole project (40 files of a
//! site would cost every turn), but the tree's listing and the files in play — those the user's
//! request or the selected element names, and the small entry files every change may touch.
//! The model reads any other file with `read_file`.

use super::selection::SelectedElement;
use s2c_webproject::source_edit::Location;
use s2c_webproject::transform::LOC_ATTRIBUTE;
use std::collections::BTreeSet;

/// Entry files sent when they are small: the routes and the theme.
const ENTRY_FILES: &[&str] = &["src/App.tsx", "src/index.css"];
/// An entry file larger than this is listed, not sent.
const SMALL_ENTRY_BYTES: usize = 8 * 1024;
/// Most files sent in play, and most bytes in all: a request that names every component still
/// leaves room for the conversation.
const MAX_IN_PLAY: usize = 12;
const MAX_IN_PLAY_BYTES: usize = 160 * 1024;
/// A file name shorter than this is not matched against the request's words ("ui", "App").
const MIN_NAME_LEN: usize = 4;

/// The paths among `files` in play for a change: named by the selected element's source
/// location (`data-s2c-loc="src/pages/Pricing.tsx:42:7"`), named in `request` (a path, or a
/// file's name: "the Header" → src/components/Header.tsx), then the small entry files. In
/// that order of priority, within the caps.
pub fn files_in_play(
    files: &[(String, String)],
    request: &str,
    selected: Option<&SelectedElement>,
) -> BTreeSet<String> {
    let mut wanted: Vec<&str> = Vec::new();
    if let Some(selected) = selected {
        // Where the element itself is written first (the page names it even for an element a
        // package draws), then the files of the components inside it.
        let own = selected.loc.as_deref().and_then(Location::parse);
        for located in own
            .map(|l| l.path)
            .into_iter()
            .chain(locations(&selected.html))
        {
            if let Some((path, _)) = files.iter().find(|(p, _)| *p == located) {
                wanted.push(path);
            }
        }
    }
    let words = request.to_lowercase();
    for (path, _) in files {
        let lower = path.to_lowercase();
        let stem = lower
            .rsplit('/')
            .next()
            .and_then(|f| f.split('.').next())
            .unwrap_or_default();
        let named =
            words.contains(&lower) || (stem.len() >= MIN_NAME_LEN && mentions_word(&words, stem));
        if named {
            wanted.push(path);
        }
    }
    for entry in ENTRY_FILES {
        if let Some((path, text)) = files.iter().find(|(p, _)| p == entry) {
            if text.len() <= SMALL_ENTRY_BYTES {
                wanted.push(path);
            }
        }
    }
    let mut chosen = BTreeSet::new();
    let mut bytes = 0;
    for path in wanted {
        if chosen.len() >= MAX_IN_PLAY || chosen.contains(path) {
            continue;
        }
        let size = files
            .iter()
            .find(|(p, _)| p == path)
            .map_or(0, |(_, t)| t.len());
        if bytes + size > MAX_IN_PLAY_BYTES {
            continue;
        }
        bytes += size;
        chosen.insert(path.to_owned());
    }
    chosen
}

/// `stem` as a word of `text` (so "card" is named by "the card" and "cards", not by "discard").
fn mentions_word(text: &str, stem: &str) -> bool {
    text.match_indices(stem).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        !before.is_some_and(char::is_alphanumeric)
    })
}

/// The files named by the preview's source-location attributes in an element's HTML.
fn locations(html: &str) -> Vec<String> {
    let attribute = format!("{LOC_ATTRIBUTE}=\"");
    html.match_indices(&attribute)
        .filter_map(|(at, _)| {
            let rest = &html[at + attribute.len()..];
            let value = &rest[..rest.find('"')?];
            Location::parse(value).map(|l| l.path)
        })
        .collect()
}

#[cfg(test)]
#[path = "in_play_tests.rs"]
mod tests;
