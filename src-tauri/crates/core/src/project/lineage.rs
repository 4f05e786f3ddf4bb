//! A version's lineage: the versions its files came from, newest first — the parent, or for a
//! restore the version it brought back. What travels down a lineage: what visual edits set by
//! hand (for the next prompt), and the screenshot the page is meant to look like (for scoring
//! iterations, restores and hand edits as generations are).

use super::error::{DbContext, Result};
use super::handle::Project;
use super::types::{InputId, VersionId};
use crate::responsive::{infer_width, ScreenshotWidth};
use rusqlite::{params, Connection, OptionalExtension};

/// A screenshot a page was handed over at, with the width it was taken at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, specta::Type)]
pub struct InputWidth {
    pub input_id: InputId,
    pub width: ScreenshotWidth,
}

/// A page is handed over at no more widths than a request has screenshots.
const MAX_WIDTHS: i64 = 8;

/// Lineages longer than this are cut: a project is not that deep, a cycle in a shared
/// database must not hang the app.
const MAX_DEPTH: usize = 500;
/// At most this many visual edits are read back.
const MAX_HAND_EDITS: usize = 50;
/// A stored list longer than this is not read (the database may come from anyone).
const MAX_JSON_BYTES: usize = 256 * 1024;

impl Project {
    /// What visual edits in the lineage of `version` set by hand, as the JSON texts they were
    /// saved with, newest first.
    pub fn hand_edits_behind(&self, version: VersionId) -> Result<Vec<String>> {
        let conn = self.conn();
        let mut out = Vec::new();
        for id in lineage(&conn, version)? {
            let json: Option<String> = conn
                .query_row(
                    "SELECT styles_json FROM version_hand_edits
                     WHERE version_id = ?1 AND length(styles_json) <= ?2",
                    params![id, MAX_JSON_BYTES as i64],
                    |r| r.get(0),
                )
                .optional()
                .db("reading what was set by hand")?;
            out.extend(json);
            if out.len() >= MAX_HAND_EDITS {
                break;
            }
        }
        Ok(out)
    }

    /// The screenshot `version` is meant to look like: the one the nearest version of its
    /// lineage was scored against, else the first input of the generation it grew from.
    pub fn reference_screenshot(&self, version: VersionId) -> Result<Option<InputId>> {
        let conn = self.conn();
        for id in lineage(&conn, version)? {
            let scored: Option<InputId> = conn
                .query_row(
                    "SELECT s.input_id FROM variant_scores s JOIN variants v ON v.id = s.variant_id
                     WHERE v.version_id = ?1 ORDER BY s.created_at DESC LIMIT 1",
                    [id],
                    |r| r.get(0),
                )
                .optional()
                .db("finding a score")?;
            if scored.is_some() {
                return Ok(scored);
            }
            let first_image: Option<InputId> = conn
                .query_row(
                    "SELECT i.id FROM versions ver
                     JOIN version_inputs vi ON vi.version_id = ver.id
                     JOIN inputs i ON i.id = vi.input_id
                     WHERE ver.id = ?1 AND ver.kind = 'generation' AND i.media_type LIKE 'image/%'
                     ORDER BY i.id LIMIT 1",
                    [id],
                    |r| r.get(0),
                )
                .optional()
                .db("finding a screenshot")?;
            if first_image.is_some() {
                return Ok(first_image);
            }
        }
        Ok(None)
    }
}

impl Project {
    /// The widths `version`'s page was handed over at (the nearest version of its lineage
    /// that was generated from screenshots of one page at several widths), widest first;
    /// empty when its page was made from one screenshot (or none).
    pub fn reference_widths(&self, version: VersionId) -> Result<Vec<InputWidth>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT w.input_id, w.pixels, w.dpr FROM version_widths w
                 JOIN inputs i ON i.id = w.input_id
                 WHERE w.version_id = ?1 ORDER BY w.input_id LIMIT ?2",
            )
            .db("reading the widths a page was handed over at")?;
        for id in lineage(&conn, version)? {
            let rows = stmt
                .query_map(params![id, MAX_WIDTHS], |r| {
                    Ok((
                        r.get::<_, InputId>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, i64>(2)?,
                    ))
                })
                .db("reading the widths a page was handed over at")?;
            let mut widths = Vec::new();
            for row in rows {
                let (input_id, pixels, dpr) = row.db("reading a width")?;
                // Read back from a database anyone may have written: worked out again.
                if let (Ok(pixels), Ok(dpr)) = (u32::try_from(pixels), u32::try_from(dpr)) {
                    widths.push(InputWidth {
                        input_id,
                        width: infer_width(pixels, Some(dpr)),
                    });
                }
            }
            // One width is not a page at several widths.
            if widths.len() >= 2 {
                widths.sort_by_key(|w| std::cmp::Reverse(w.width.css));
                return Ok(widths);
            }
        }
        Ok(Vec::new())
    }
}

/// `version`, then where its files came from, and so on up to the first version.
pub(super) fn lineage(conn: &Connection, version: VersionId) -> Result<Vec<VersionId>> {
    let mut out = vec![version];
    let mut at = version;
    while out.len() < MAX_DEPTH {
        let row: Option<(String, Option<VersionId>, Option<VersionId>)> = conn
            .query_row(
                "SELECT kind, parent_id, source_version FROM versions WHERE id = ?1",
                [at],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .db("reading a version's lineage")?;
        let Some((kind, parent, source)) = row else {
            break;
        };
        let next = if kind == "restore" {
            source.or(parent)
        } else {
            parent
        };
        match next {
            Some(next) if !out.contains(&next) => {
                out.push(next);
                at = next;
            }
            _ => break,
        }
    }
    Ok(out)
}

#[cfg(test)]
#[path = "lineage_tests.rs"]
mod tests;
