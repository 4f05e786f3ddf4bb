//! Which screenshots are which page: the one answer the prompt, the agent's `check_fidelity`,
//! the automatic fidelity rounds and the stored score all take. A screenshot is a page of its
//! own unless it is in a group of widths, which is one page at each of its widths. A
//! single-file stack builds one page: the first screenshot's (its group, if it is in one).

use super::project::{pages_from_file_names, Page};
use super::stack::Stack;
use crate::responsive::{ScreenshotWidth, WidthGroup, WidthShot};

/// One screenshot of a page: its place among the request's still images, and its width when
/// the page was handed over at several.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageShot {
    pub index: u32,
    pub width: Option<ScreenshotWidth>,
}

/// A page with the screenshot(s) it must look like: one, or a group of widths, widest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageShots {
    pub page: Page,
    pub shots: Vec<PageShot>,
}

impl PageShots {
    /// The page's group of widths, when it was handed over at several.
    pub fn group(&self) -> Option<WidthGroup> {
        let shots: Option<Vec<WidthShot>> = self
            .shots
            .iter()
            .map(|s| {
                s.width.map(|width| WidthShot {
                    index: s.index,
                    width,
                })
            })
            .collect();
        shots
            .filter(|s| s.len() >= 2)
            .map(|shots| WidthGroup { shots })
    }
}

/// The pages `units` of screenshots make (see [`CreateInput::page_shots`], which says which
/// screenshots each page has), named by `pages`; a single-file stack builds the first only.
pub fn site_pages(stack: Stack, units: Vec<Vec<PageShot>>, pages: &[Page]) -> Vec<PageShots> {
    let names = name_pages(&units, pages);
    let out = units
        .into_iter()
        .zip(names)
        .map(|(shots, page)| PageShots { page, shots });
    if stack.is_project() {
        out.collect()
    } else {
        // One file, one page: the first screenshot's.
        out.take(1).collect()
    }
}

/// `count` screenshots as pages, in the order their first screenshot comes: a group of widths
/// is one page (its screenshots widest first), any other screenshot a page of its own.
pub fn page_units(count: usize, groups: &[WidthGroup]) -> Vec<Vec<PageShot>> {
    let mut taken = vec![false; count];
    let mut out = Vec::new();
    for index in 0..count {
        if taken[index] {
            continue;
        }
        let group = groups
            .iter()
            .find(|g| g.shots.iter().any(|s| s.index as usize == index));
        let shots: Vec<PageShot> = match group {
            Some(group) => group
                .shots
                .iter()
                .filter(|s| (s.index as usize) < count)
                .map(|s| PageShot {
                    index: s.index,
                    width: Some(s.width),
                })
                .collect(),
            None => vec![PageShot {
                index: u32::try_from(index).unwrap_or(u32::MAX),
                width: None,
            }],
        };
        for shot in &shots {
            if let Some(slot) = taken.get_mut(shot.index as usize) {
                *slot = true;
            }
        }
        out.push(shots);
    }
    out
}

/// A name and route for each page: `pages` when there is one per page; one per screenshot (as
/// older requests and the command line send them): each page takes its first screenshot's;
/// any other count is ignored and the pages are named Home, Page 2, …
fn name_pages(units: &[Vec<PageShot>], pages: &[Page]) -> Vec<Page> {
    let screenshots: usize = units.iter().map(Vec::len).sum();
    if pages.len() == units.len() {
        return pages.to_vec();
    }
    if pages.len() == screenshots {
        let first = |unit: &[PageShot]| unit.iter().map(|s| s.index as usize).min();
        let named: Option<Vec<Page>> = units
            .iter()
            .map(|unit| first(unit.as_slice()).and_then(|i| pages.get(i)).cloned())
            .collect();
        if let Some(mut named) = named {
            // The root may have been a later screenshot of a group: the site keeps one.
            if !named.iter().any(|p| p.route == "/") {
                if let Some(first) = named.first_mut() {
                    first.route = "/".to_owned();
                }
            }
            return named;
        }
    }
    let names: Vec<String> = (0..units.len())
        .map(|i| {
            if i == 0 {
                "home".to_owned()
            } else {
                format!("page {}", i + 1)
            }
        })
        .collect();
    pages_from_file_names(&names)
}

/// The site's pages for the opening message: each with its screenshot(s), route and file.
pub(super) fn page_list(pages: &[PageShots]) -> String {
    let lines: Vec<String> = pages
        .iter()
        .map(|p| {
            let mut numbers: Vec<String> =
                p.shots.iter().map(|s| (s.index + 1).to_string()).collect();
            numbers.sort();
            let shots = match numbers.split_last() {
                Some((last, [])) => format!("Screenshot {last}"),
                Some((last, rest)) => format!(
                    "Screenshots {} and {last} (one page at several widths)",
                    rest.join(", ")
                ),
                None => "No screenshot".to_owned(),
            };
            format!(
                "- {shots}: \"{}\" at route `{}`, in {}",
                p.page.name,
                p.page.route,
                p.page.file()
            )
        })
        .collect();
    format!(
        "The site has these pages, in this order:\n{}\n\
         Give each its route in src/App.tsx and link them from the shared navigation. Build the \
         parts the pages share once, in src/components/.",
        lines.join("\n")
    )
}

#[cfg(test)]
#[path = "page_shots_tests.rs"]
mod tests;
