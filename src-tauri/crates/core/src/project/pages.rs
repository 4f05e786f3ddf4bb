//! A site's pages in the project database: which screenshots each page of a generation was
//! made from (the versions of its lineage are scored page by page, each route against its own
//! screenshots; each variant's score per page is `scores.rs`'s). Stored as a JSON list, read
//! back with defaults and limits: the database may come from anyone.

use super::error::{DbContext, ProjectError, Result};
use super::handle::Project;
use super::lineage::{lineage, InputWidth};
use super::types::{InputId, VersionId};
use crate::responsive::{infer_width, ScreenshotWidth};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// A site has no more pages than a request has screenshots.
pub(super) const MAX_PAGES: usize = 8;
/// A page is handed over at no more widths than that either.
pub(super) const MAX_SHOTS: usize = 8;
/// A stored list longer than this is not read.
pub(super) const MAX_JSON_BYTES: usize = 64 * 1024;
/// Names and routes longer than this are cut when read back.
const MAX_TEXT: usize = 200;

/// A page of a site and the screenshot(s) it was made from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionPage {
    pub name: String,
    /// "/pricing".
    pub route: String,
    /// One screenshot, or the page at each of its widths (then every one has its width).
    pub shots: Vec<PageInput>,
}

/// One screenshot of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PageInput {
    pub input_id: InputId,
    #[serde(default)]
    pub width: Option<ScreenshotWidth>,
}

pub(super) fn cut(text: &str) -> String {
    text.chars().take(MAX_TEXT).collect()
}

/// The width read back, worked out again from its pixels and density.
fn again(width: ScreenshotWidth) -> ScreenshotWidth {
    infer_width(width.pixels, Some(width.dpr))
}

impl Project {
    /// Records `version`'s pages (a project made from screenshots).
    pub(super) fn record_pages(
        tx: &rusqlite::Transaction<'_>,
        version: VersionId,
        pages: &[VersionPage],
    ) -> Result<()> {
        if pages.is_empty() {
            return Ok(());
        }
        let json = serde_json::to_string(pages)
            .map_err(|e| ProjectError::InvalidInput(format!("the pages are not JSON: {e}")))?;
        tx.execute(
            "INSERT OR REPLACE INTO version_pages (version_id, pages_json) VALUES (?1, ?2)",
            params![version, json],
        )
        .db("recording the site's pages")?;
        Ok(())
    }

    /// The pages `version`'s site was made from: the nearest version of its lineage that
    /// recorded them; empty when none did (a single-file page, or a site from before pages
    /// were recorded).
    pub fn reference_pages(&self, version: VersionId) -> Result<Vec<VersionPage>> {
        let conn = self.conn();
        for id in lineage(&conn, version)? {
            let json: Option<String> = conn
                .query_row(
                    "SELECT pages_json FROM version_pages
                     WHERE version_id = ?1 AND length(pages_json) <= ?2",
                    params![id, MAX_JSON_BYTES as i64],
                    |r| r.get(0),
                )
                .optional()
                .db("reading the site's pages")?;
            let Some(json) = json else { continue };
            let pages: Vec<VersionPage> = serde_json::from_str(&json).unwrap_or_default();
            return Ok(pages
                .into_iter()
                .take(MAX_PAGES)
                .filter(|p| !p.shots.is_empty())
                .map(|p| VersionPage {
                    name: cut(&p.name),
                    route: cut(&p.route),
                    shots: p
                        .shots
                        .into_iter()
                        .take(MAX_SHOTS)
                        .map(|s| PageInput {
                            input_id: s.input_id,
                            width: s.width.map(again),
                        })
                        .collect(),
                })
                .collect());
        }
        Ok(Vec::new())
    }

    /// The widths the page at `route` of `version`'s site was handed over at, widest first:
    /// empty when that page came from one screenshot or the site has no such page. A page, or
    /// a site from before pages were recorded, has its first page's (`reference_widths`), as
    /// does a site asked with no route.
    pub fn route_widths(&self, version: VersionId, route: Option<&str>) -> Result<Vec<InputWidth>> {
        let pages = self.reference_pages(version)?;
        let Some(route) = route.filter(|_| !pages.is_empty()) else {
            return self.reference_widths(version);
        };
        let bare = |r: &str| r.trim_end_matches('/').to_owned();
        let Some(page) = pages.iter().find(|p| bare(&p.route) == bare(route)) else {
            return Ok(Vec::new());
        };
        let mut widths: Vec<InputWidth> = page
            .shots
            .iter()
            .filter_map(|s| {
                Some(InputWidth {
                    input_id: s.input_id,
                    width: s.width?,
                })
            })
            .collect();
        // One width is not a page at several widths.
        if widths.len() < 2 {
            return Ok(Vec::new());
        }
        widths.sort_by_key(|w| std::cmp::Reverse(w.width.css));
        Ok(widths)
    }
}

#[cfg(test)]
#[path = "pages_tests.rs"]
mod tests;
