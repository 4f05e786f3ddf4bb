//! Recording a generation while it runs. See the module header of `project` for the sequence.

use super::blobs;
use super::error::{DbContext, ProjectError, Result};
use super::handle::Project;
use super::paths::normalize;
use super::types::*;
use rusqlite::{params, OptionalExtension};
use std::time::{Duration, Instant};

/// Events are written in batches: one transaction per this many events, or this often.
const FLUSH_EVERY_EVENTS: usize = 256;
const FLUSH_EVERY: Duration = Duration::from_millis(250);

/// A new generation or AI edit.
#[derive(Debug, Clone, Default)]
pub struct NewVersion {
    /// The variant's version this one builds on (`None` for a first generation).
    pub parent: Option<VersionId>,
    /// `Generation` or `Edit` (other kinds are made by their own operations).
    pub kind: Option<VersionKind>,
    pub prompt: Option<String>,
    pub stack: Option<crate::prompts::Stack>,
    /// The request as the engine wants it back for "Retry" (opaque JSON).
    pub request: Option<serde_json::Value>,
    pub inputs: Vec<InputId>,
    /// When the page is one page handed over at several widths: those screenshots (among
    /// `inputs`) with their widths; its lineage is scored at each.
    pub widths: Vec<super::lineage::InputWidth>,
    /// A site of pages made from screenshots: each page with its screenshot(s); its lineage is
    /// scored page by page.
    pub pages: Vec<super::pages::VersionPage>,
}

#[derive(Debug, Clone, Default)]
pub struct NewVariant {
    pub model: Option<String>,
    pub provider: Option<String>,
}

/// How a variant ended.
#[derive(Debug, Clone)]
pub enum VariantOutcome {
    Complete,
    /// It has a page, possibly incomplete: the output limit cut it off (the message says so).
    Truncated(String),
    Error(String),
    Cancelled,
}

/// The handle the engine keeps for one variant. `Send`; each variant task owns its own.
pub struct VariantRecorder {
    project: Project,
    id: VariantId,
    version: VersionId,
    next_seq: u32,
    pending: Vec<(u32, String, Millis, String)>,
    last_flush: Instant,
}

impl Project {
    /// Record a new version with `variants` (all `pending`), in one transaction.
    pub fn start_generation(
        &self,
        spec: NewVersion,
        variants: Vec<NewVariant>,
    ) -> Result<(VersionId, Vec<VariantRecorder>)> {
        let kind = spec.kind.unwrap_or(VersionKind::Generation);
        if !matches!(kind, VersionKind::Generation | VersionKind::Edit) {
            return Err(ProjectError::InvalidInput(format!(
                "a generation records a generation or an edit, not {}",
                kind.as_str()
            )));
        }
        if variants.is_empty() {
            return Err(ProjectError::InvalidInput(
                "a generation needs a variant".into(),
            ));
        }
        let request = spec
            .request
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| ProjectError::InvalidInput(format!("the request is not JSON: {e}")))?;
        let mut conn = self.conn();
        let tx = conn.transaction().db("starting a generation")?;
        if let Some(parent) = spec.parent {
            let exists: Option<u32> = tx
                .query_row("SELECT id FROM versions WHERE id = ?1", [parent], |r| {
                    r.get(0)
                })
                .optional()
                .db("finding the parent version")?;
            if exists.is_none() {
                return Err(ProjectError::NotFound(format!(
                    "there is no version {parent}"
                )));
            }
        }
        tx.execute(
            "INSERT INTO versions (parent_id, kind, prompt, stack, request_json, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                spec.parent,
                kind.as_str(),
                spec.prompt,
                spec.stack.map(crate::prompts::Stack::as_str),
                request,
                now_ms()
            ],
        )
        .db("recording a version")?;
        let version = id_of(tx.last_insert_rowid())?;
        for input in &spec.inputs {
            tx.execute(
                "INSERT OR IGNORE INTO version_inputs (version_id, input_id) VALUES (?1, ?2)",
                params![version, input],
            )
            .db("recording the inputs used")?;
        }
        for w in &spec.widths {
            tx.execute(
                "INSERT OR REPLACE INTO version_widths (version_id, input_id, pixels, dpr)
                 VALUES (?1, ?2, ?3, ?4)",
                params![version, w.input_id, w.width.pixels, w.width.dpr],
            )
            .db("recording the widths the page was handed over at")?;
        }
        Project::record_pages(&tx, version, &spec.pages)?;
        let mut ids = Vec::with_capacity(variants.len());
        for (idx, v) in variants.iter().enumerate() {
            tx.execute(
                "INSERT INTO variants (version_id, idx, model, provider, status)
                 VALUES (?1, ?2, ?3, ?4, 'pending')",
                params![version, idx as u32, v.model, v.provider],
            )
            .db("recording a variant")?;
            ids.push(id_of(tx.last_insert_rowid())?);
        }
        tx.commit().db("starting a generation")?;
        drop(conn);
        let recorders = ids
            .into_iter()
            .map(|id| VariantRecorder {
                project: self.clone(),
                id,
                version,
                next_seq: 0,
                pending: Vec::new(),
                last_flush: Instant::now(),
            })
            .collect();
        Ok((version, recorders))
    }

    /// Close a generation: select its first complete variant (unless one is selected) and, when
    /// `make_current` and there is a complete variant, write it to the working files.
    pub fn finish_generation(&self, version: VersionId, make_current: bool) -> Result<VersionInfo> {
        let has_complete = {
            let conn = self.conn();
            let first_complete: Option<VariantId> = conn
                .query_row(
                    "SELECT id FROM variants WHERE version_id = ?1 AND status = 'complete'
                     ORDER BY truncated, idx LIMIT 1",
                    [version],
                    |r| r.get(0),
                )
                .optional()
                .db("finding a complete variant")?;
            conn.execute(
                "UPDATE versions SET selected_variant = COALESCE(selected_variant, ?1) WHERE id = ?2",
                params![first_complete, version],
            )
            .db("selecting a variant")?;
            first_complete.is_some()
        };
        if make_current && has_complete {
            self.make_current(version)?;
        }
        self.version(version)
    }

    /// The recorded events of a variant after `after_seq` (all when `None`), at most `limit`.
    pub fn events(
        &self,
        variant: VariantId,
        after_seq: Option<u32>,
        limit: u32,
    ) -> Result<Vec<StoredEvent>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT seq, kind, at, payload FROM events
                 WHERE variant_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3",
            )
            .db("reading events")?;
        let after = after_seq.map_or(-1, i64::from);
        let rows = stmt
            .query_map(params![variant, after, limit], |r| {
                let payload: String = r.get(3)?;
                Ok(StoredEvent {
                    seq: r.get(0)?,
                    kind: r.get(1)?,
                    at: r.get(2)?,
                    payload: serde_json::from_str(&payload).unwrap_or(serde_json::Value::Null),
                })
            })
            .db("reading events")?;
        rows.collect::<std::result::Result<_, _>>()
            .db("reading events")
    }

    /// The conversation a variant recorded (to continue it), if any.
    pub fn history(&self, variant: VariantId) -> Result<Option<serde_json::Value>> {
        let text: Option<Option<String>> = self
            .conn()
            .query_row(
                "SELECT history_json FROM variants WHERE id = ?1",
                [variant],
                |r| r.get(0),
            )
            .optional()
            .db("reading a conversation")?;
        let text =
            text.ok_or_else(|| ProjectError::NotFound(format!("there is no variant {variant}")))?;
        text.map(|t| serde_json::from_str(&t))
            .transpose()
            .map_err(|e| ProjectError::Corrupt(format!("the stored conversation is not JSON: {e}")))
    }

    /// The request a version was made from (for "Retry"), if recorded.
    pub fn request(&self, version: VersionId) -> Result<Option<serde_json::Value>> {
        let text: Option<Option<String>> = self
            .conn()
            .query_row(
                "SELECT request_json FROM versions WHERE id = ?1",
                [version],
                |r| r.get(0),
            )
            .optional()
            .db("reading a request")?;
        let text =
            text.ok_or_else(|| ProjectError::NotFound(format!("there is no version {version}")))?;
        text.map(|t| serde_json::from_str(&t))
            .transpose()
            .map_err(|e| ProjectError::Corrupt(format!("the stored request is not JSON: {e}")))
    }
}

impl VariantRecorder {
    pub fn id(&self) -> VariantId {
        self.id
    }

    pub fn version_id(&self) -> VersionId {
        self.version
    }

    /// The variant's agent started working.
    pub fn mark_generating(&mut self) -> Result<()> {
        self.project
            .conn()
            .execute(
                "UPDATE variants SET status = 'generating', started_at = ?1 WHERE id = ?2",
                params![now_ms(), self.id],
            )
            .db("starting a variant")?;
        Ok(())
    }

    /// Append one agent event (any serializable value). Buffered: written in batches, and
    /// always before `finish`, `set_files` or `flush` return.
    pub fn record_event(&mut self, kind: &str, payload: &impl serde::Serialize) -> Result<()> {
        let mut value = serde_json::to_value(payload)
            .map_err(|e| ProjectError::InvalidInput(format!("an event is not JSON: {e}")))?;
        scrub(&mut value);
        let json = value.to_string();
        self.pending
            .push((self.next_seq, kind.to_owned(), now_ms(), json));
        self.next_seq += 1;
        if self.pending.len() >= FLUSH_EVERY_EVENTS || self.last_flush.elapsed() >= FLUSH_EVERY {
            self.flush()?;
        }
        Ok(())
    }

    /// Write buffered events now, in one transaction.
    pub fn flush(&mut self) -> Result<()> {
        self.last_flush = Instant::now();
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut conn = self.project.conn();
        let tx = conn.transaction().db("writing events")?;
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT INTO events (variant_id, seq, kind, at, payload) VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .db("writing events")?;
            for (seq, kind, at, payload) in &self.pending {
                stmt.execute(params![self.id, seq, kind, at, payload])
                    .db("writing events")?;
            }
        }
        tx.commit().db("writing events")?;
        self.pending.clear();
        Ok(())
    }

    /// Replace the variant's files with this snapshot (paths relative to the project).
    pub fn set_files(&mut self, files: &[(String, Vec<u8>)]) -> Result<()> {
        self.flush()?;
        let files = files
            .iter()
            .map(|(p, b)| Ok((normalize(p)?, b.clone())))
            .collect::<Result<Vec<_>>>()?;
        let mut conn = self.project.conn();
        let tx = conn.transaction().db("saving variant files")?;
        blobs::replace(&tx, self.id, &files)?;
        tx.commit().db("saving variant files")
    }

    /// What create_file calls that never ran had streamed, kept apart from the files.
    pub fn set_drafts(&mut self, drafts: &[(String, Vec<u8>)]) -> Result<()> {
        let drafts = drafts
            .iter()
            .map(|(p, b)| Ok((normalize(p)?, b.clone())))
            .collect::<Result<Vec<_>>>()?;
        let mut conn = self.project.conn();
        let tx = conn.transaction().db("saving drafts")?;
        blobs::replace_drafts(&tx, self.id, &drafts)?;
        tx.commit().db("saving drafts")
    }

    /// Add or replace one file of the variant.
    pub fn set_file(&mut self, path: &str, content: &[u8]) -> Result<()> {
        let path = normalize(path)?;
        blobs::set_one(&self.project.conn(), self.id, &path, content)
    }

    /// The conversation so far, in whatever shape the engine needs to continue it.
    pub fn set_history(&mut self, history: &serde_json::Value) -> Result<()> {
        let mut history = history.clone();
        scrub(&mut history);
        let text = history.to_string();
        self.project
            .conn()
            .execute(
                "UPDATE variants SET history_json = ?1 WHERE id = ?2",
                params![text, self.id],
            )
            .db("saving a conversation")?;
        Ok(())
    }

    pub fn set_usage(&mut self, usage: Usage, cost_usd: f64) -> Result<()> {
        self.project
            .conn()
            .execute(
                "UPDATE variants SET input_tokens = ?1, output_tokens = ?2, cache_read_tokens = ?3,
                   cache_write_tokens = ?4, cost_usd = ?5 WHERE id = ?6",
                params![
                    usage.input_tokens,
                    usage.output_tokens,
                    usage.cache_read_tokens,
                    usage.cache_write_tokens,
                    cost_usd,
                    self.id
                ],
            )
            .db("saving usage")?;
        Ok(())
    }

    /// The variant ended. Buffered events are written first.
    pub fn finish(mut self, outcome: VariantOutcome) -> Result<()> {
        self.flush()?;
        let (status, error, truncated) = match outcome {
            VariantOutcome::Complete => (VariantStatus::Complete, None, false),
            // Stored as complete with the flag: see the schema.
            VariantOutcome::Truncated(message) => (VariantStatus::Complete, Some(message), true),
            VariantOutcome::Error(message) => (
                VariantStatus::Error,
                Some(crate::redact::redact_secrets(&message).into_owned()),
                false,
            ),
            VariantOutcome::Cancelled => (VariantStatus::Cancelled, None, false),
        };
        self.project
            .conn()
            .execute(
                "UPDATE variants SET status = ?1, error = ?2, finished_at = ?3,
                   started_at = COALESCE(started_at, ?3), truncated = ?5 WHERE id = ?4",
                params![status.as_str(), error, now_ms(), self.id, truncated],
            )
            .db("finishing a variant")?;
        Ok(())
    }
}

impl Drop for VariantRecorder {
    fn drop(&mut self) {
        // A recorder dropped without `finish` (a panic, an early return) still keeps its events.
        if !self.pending.is_empty() {
            if let Err(e) = self.flush() {
                tracing::warn!("events of variant {} were not saved: {e}", self.id);
            }
        }
    }
}

/// Events and conversations can quote a key (a vendor echoing a header, a key pasted into a
/// prompt); the database must never hold one. Strings are scrubbed one by one so the JSON stays
/// valid whatever a pattern matches.
fn scrub(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::String(s) => {
            if let std::borrow::Cow::Owned(clean) = crate::redact::redact_secrets(s) {
                *s = clean;
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(scrub),
        serde_json::Value::Object(map) => map.values_mut().for_each(scrub),
        _ => {}
    }
}

fn id_of(rowid: i64) -> Result<u32> {
    u32::try_from(rowid).map_err(|_| ProjectError::Corrupt("row ids ran out".into()))
}
