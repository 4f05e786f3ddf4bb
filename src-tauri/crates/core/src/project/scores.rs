//! Pictures cached with the project: fidelity scores of variants (see `crate::fidelity`),
//! computed once after a variant completes, with their diff image; and version thumbnails.

use super::error::{DbContext, ProjectError, Result};
use super::handle::Project;
use super::input_kind::PNG_SIGNATURE;
use super::pages::{cut, MAX_JSON_BYTES, MAX_PAGES, MAX_SHOTS};
use super::types::{now_ms, InputId, VariantId, VersionId};
use crate::responsive::{infer_width, ScreenshotWidth};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

/// A page is scored at no more widths than a request has screenshots.
const MAX_WIDTHS: usize = 8;

/// A variant's stored score: the total and the whole report as its producer wrote it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, specta::Type)]
pub struct StoredScore {
    pub variant_id: VariantId,
    /// The screenshot it was compared with.
    pub input_id: InputId,
    pub total: f64,
    #[specta(type = specta_typescript::Unknown)]
    pub report: serde_json::Value,
    /// A page handed over at several widths: its score at each, widest first (`total` is the
    /// lowest, and `report` that width's). Empty for a page made from one screenshot.
    pub widths: Vec<StoredWidthScore>,
    /// A site of several pages: each page's score, in the site's order (`total` is the lowest
    /// page's, and `widths` and `report` that page's). Empty for one page.
    pub pages: Vec<StoredPageScore>,
}

/// A variant's score at one of the widths its page was handed over at.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, specta::Type)]
pub struct StoredWidthScore {
    /// The screenshot at this width.
    pub input_id: InputId,
    pub width: ScreenshotWidth,
    pub total: f64,
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

impl Project {
    pub fn set_score(
        &self,
        variant: VariantId,
        input: InputId,
        total: f64,
        report: &serde_json::Value,
        diff_png: Option<&[u8]>,
        render_png: Option<&[u8]>,
    ) -> Result<()> {
        if !total.is_finite() {
            return Err(ProjectError::InvalidInput(
                "a score must be a number".into(),
            ));
        }
        self.conn()
            .execute(
                "INSERT OR REPLACE INTO variant_scores
                   (variant_id, input_id, total, report_json, diff_png, render_png, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    variant,
                    input,
                    total,
                    report.to_string(),
                    diff_png,
                    render_png,
                    now_ms()
                ],
            )
            .db("saving a score")?;
        Ok(())
    }

    /// A variant's score at each width (replacing any it had); `set_score` keeps the lowest.
    pub fn set_width_scores(&self, variant: VariantId, scores: &[StoredWidthScore]) -> Result<()> {
        if scores.iter().any(|s| !s.total.is_finite()) {
            return Err(ProjectError::InvalidInput(
                "a score must be a number".into(),
            ));
        }
        let mut conn = self.conn();
        let tx = conn.transaction().db("saving scores at each width")?;
        tx.execute(
            "DELETE FROM variant_width_scores WHERE variant_id = ?1",
            [variant],
        )
        .db("replacing scores at each width")?;
        for score in scores {
            tx.execute(
                "INSERT OR REPLACE INTO variant_width_scores
                   (variant_id, input_id, pixels, dpr, total) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    variant,
                    score.input_id,
                    score.width.pixels,
                    score.width.dpr,
                    score.total
                ],
            )
            .db("saving a score at one width")?;
        }
        tx.commit().db("saving scores at each width")
    }

    /// A variant's scores at each width, widest first; the widths are worked out again from
    /// the stored pixels and density (the database may come from anyone).
    fn width_scores(&self, variant: VariantId) -> Result<Vec<StoredWidthScore>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT input_id, pixels, dpr, total FROM variant_width_scores
                 WHERE variant_id = ?1 ORDER BY input_id LIMIT ?2",
            )
            .db("reading scores at each width")?;
        let rows = stmt
            .query_map(params![variant, MAX_WIDTHS as i64], |r| {
                Ok((
                    r.get::<_, InputId>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, f64>(3)?,
                ))
            })
            .db("reading scores at each width")?;
        let mut out = Vec::new();
        for row in rows {
            let (input_id, pixels, dpr, total) = row.db("reading a score at one width")?;
            let (Ok(pixels), Ok(dpr)) = (u32::try_from(pixels), u32::try_from(dpr)) else {
                continue;
            };
            if total.is_finite() {
                out.push(StoredWidthScore {
                    input_id,
                    width: infer_width(pixels, Some(dpr)),
                    total,
                });
            }
        }
        out.sort_by(|a, b| {
            b.width
                .css
                .cmp(&a.width.css)
                .then(a.input_id.cmp(&b.input_id))
        });
        Ok(out)
    }

    /// The scores of these variants that exist (missing ones are not computed yet).
    pub fn scores(&self, variants: &[VariantId]) -> Result<Vec<StoredScore>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT variant_id, input_id, total, report_json FROM variant_scores
                 WHERE variant_id = ?1",
            )
            .db("reading scores")?;
        let mut out = Vec::new();
        for variant in variants {
            let row = stmt
                .query_row([variant], |r| {
                    Ok((
                        r.get::<_, VariantId>(0)?,
                        r.get::<_, InputId>(1)?,
                        r.get::<_, f64>(2)?,
                        r.get::<_, String>(3)?,
                    ))
                })
                .optional()
                .db("reading a score")?;
            if let Some((variant_id, input_id, total, report)) = row {
                out.push(StoredScore {
                    variant_id,
                    input_id,
                    total,
                    report: serde_json::from_str(&report).unwrap_or(serde_json::Value::Null),
                    widths: Vec::new(),
                    pages: Vec::new(),
                });
            }
        }
        drop(stmt);
        drop(conn);
        for score in &mut out {
            score.widths = self.width_scores(score.variant_id)?;
            score.pages = self.page_scores(score.variant_id)?;
        }
        Ok(out)
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

    /// Keep a small PNG of what `version` looks like.
    pub fn set_version_thumbnail(&self, version: VersionId, png: &[u8]) -> Result<()> {
        self.keep_picture("version_thumbnails", "version_id", version, png)
    }

    /// Every version thumbnail there is, by version.
    pub fn version_thumbnails(&self) -> Result<Vec<(VersionId, Vec<u8>)>> {
        self.conn()
            .prepare("SELECT version_id, png FROM version_thumbnails ORDER BY version_id")
            .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
            .db("reading version thumbnails")
    }

    /// Keep a picture of one variant's page (its card shows it).
    pub fn set_variant_thumbnail(&self, variant: VariantId, png: &[u8]) -> Result<()> {
        self.keep_picture("variant_thumbnails", "variant_id", variant, png)
    }

    /// A PNG kept in `table` for the version or variant `id` (its `key` column), replacing any.
    fn keep_picture(
        &self,
        table: &'static str,
        key: &'static str,
        id: u32,
        png: &[u8],
    ) -> Result<()> {
        if !png.starts_with(PNG_SIGNATURE) {
            return Err(ProjectError::InvalidInput(
                "a thumbnail must be a PNG".into(),
            ));
        }
        self.conn()
            .execute(
                &format!(
                    "INSERT OR REPLACE INTO {table} ({key}, png, created_at) VALUES (?1, ?2, ?3)"
                ),
                params![id, png, now_ms()],
            )
            .db("saving a thumbnail")?;
        Ok(())
    }

    /// The pictures of a version's variants (those that have one), by variant. The database
    /// may come from someone else: what is not a PNG is left out.
    pub fn variant_thumbnails(&self, version: VersionId) -> Result<Vec<(VariantId, Vec<u8>)>> {
        let all: Vec<(VariantId, Vec<u8>)> = self
            .conn()
            .prepare(
                "SELECT t.variant_id, t.png FROM variant_thumbnails t
                 JOIN variants v ON v.id = t.variant_id
                 WHERE v.version_id = ?1 ORDER BY v.idx",
            )
            .and_then(|mut s| {
                s.query_map([version], |r| Ok((r.get(0)?, r.get(1)?)))?
                    .collect()
            })
            .db("reading variant thumbnails")?;
        Ok(all
            .into_iter()
            .filter(|(_, png)| png.starts_with(PNG_SIGNATURE))
            .collect())
    }

    /// The diff image of a variant's score, if one was stored.
    pub fn score_diff(&self, variant: VariantId) -> Result<Option<Vec<u8>>> {
        self.score_image(variant, "diff_png")
    }

    /// The page as it was rendered for a variant's score, if it was kept.
    pub fn score_render(&self, variant: VariantId) -> Result<Option<Vec<u8>>> {
        self.score_image(variant, "render_png")
    }

    fn score_image(&self, variant: VariantId, column: &'static str) -> Result<Option<Vec<u8>>> {
        let found: Option<Option<Vec<u8>>> = self
            .conn()
            .query_row(
                &format!("SELECT {column} FROM variant_scores WHERE variant_id = ?1"),
                [variant],
                |r| r.get(0),
            )
            .optional()
            .db("reading a score image")?;
        Ok(found.flatten())
    }
}
