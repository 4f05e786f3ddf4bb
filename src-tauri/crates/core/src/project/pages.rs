//! A site's pages in the project database: which screenshots each page of a generation was
//! made from (the versions of its lineage are scored page by page, each route against its own
//! screenshots), and each variant's score per page. Both are stored as JSON lists, read back
//! with defaults and limits: the database may come from anyone.

use super::error::{DbContext, ProjectError, Result};
use super::handle::Project;
use super::lineage::lineage;
use super::scores::StoredWidthScore;
use super::types::{InputId, VariantId, VersionId};
use crate::responsive::{infer_width, ScreenshotWidth};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// A site has no more pages than a request has screenshots.
const MAX_PAGES: usize = 8;
/// A page is handed over at no more widths than that either.
const MAX_SHOTS: usize = 8;
/// A stored list longer than this is not read.
const MAX_JSON_BYTES: usize = 64 * 1024;
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

/// A variant's score on one page of its site.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct StoredPageScore {
    pub name: String,
    pub route: String,
    /// The lowest of `widths` when the page was handed over at several.
    pub total: f64,
    /// The page at each width, widest first; empty for one screenshot.
    pub widths: Vec<StoredWidthScore>,
}

/// A page's score as stored: read back with defaults (the database may come from anyone, or
/// from a later build that adds to it).
#[derive(Serialize, Deserialize)]
struct PageScoreRow {
    #[serde(default)]
    name: String,
    #[serde(default)]
    route: String,
    total: f64,
    #[serde(default)]
    widths: Vec<WidthScoreRow>,
}

/// One width's score as stored: the width is worked out again from its pixels and density.
#[derive(Serialize, Deserialize)]
struct WidthScoreRow {
    input_id: InputId,
    pixels: u32,
    #[serde(default = "one")]
    dpr: u32,
    total: f64,
}

fn one() -> u32 {
    1
}

fn cut(text: &str) -> String {
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

    /// A variant's score on each page of its site (replacing any it had).
    pub fn set_page_scores(&self, variant: VariantId, pages: &[StoredPageScore]) -> Result<()> {
        if pages
            .iter()
            .any(|p| !p.total.is_finite() || p.widths.iter().any(|w| !w.total.is_finite()))
        {
            return Err(ProjectError::InvalidInput(
                "a score must be a number".into(),
            ));
        }
        let rows: Vec<PageScoreRow> = pages
            .iter()
            .map(|p| PageScoreRow {
                name: p.name.clone(),
                route: p.route.clone(),
                total: p.total,
                widths: p
                    .widths
                    .iter()
                    .map(|w| WidthScoreRow {
                        input_id: w.input_id,
                        pixels: w.width.pixels,
                        dpr: w.width.dpr,
                        total: w.total,
                    })
                    .collect(),
            })
            .collect();
        let json = serde_json::to_string(&rows)
            .map_err(|e| ProjectError::InvalidInput(format!("the scores are not JSON: {e}")))?;
        self.conn()
            .execute(
                "INSERT OR REPLACE INTO variant_page_scores (variant_id, pages_json)
                 VALUES (?1, ?2)",
                params![variant, json],
            )
            .db("saving the scores of each page")?;
        Ok(())
    }

    /// A variant's score on each page, in the site's order; empty when it has none stored.
    pub(super) fn page_scores(&self, variant: VariantId) -> Result<Vec<StoredPageScore>> {
        let json: Option<String> = self
            .conn()
            .query_row(
                "SELECT pages_json FROM variant_page_scores
                 WHERE variant_id = ?1 AND length(pages_json) <= ?2",
                params![variant, MAX_JSON_BYTES as i64],
                |r| r.get(0),
            )
            .optional()
            .db("reading the scores of each page")?;
        let rows: Vec<PageScoreRow> = json
            .and_then(|j| serde_json::from_str(&j).ok())
            .unwrap_or_default();
        Ok(rows
            .into_iter()
            .take(MAX_PAGES)
            .filter(|p| p.total.is_finite())
            .map(|p| StoredPageScore {
                name: cut(&p.name),
                route: cut(&p.route),
                total: p.total,
                widths: p
                    .widths
                    .into_iter()
                    .take(MAX_SHOTS)
                    .filter(|w| w.total.is_finite())
                    .map(|w| StoredWidthScore {
                        input_id: w.input_id,
                        width: infer_width(w.pixels, Some(w.dpr)),
                        total: w.total,
                    })
                    .collect(),
            })
            .collect())
    }
}

#[cfg(test)]
#[path = "pages_tests.rs"]
mod tests;
