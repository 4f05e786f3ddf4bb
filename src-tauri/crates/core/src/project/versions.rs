//! Reading the version tree, and the operations that make a version from files: manual save,
//! restore, variant selection. Every change is one SQLite transaction; the working copy is
//! written after the commit.

use super::blobs;
use super::error::{DbContext, ProjectError, Result};
use super::handle::{current_version, set_meta, Project};
use super::paths::normalize;
use super::types::*;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// A change to one file in a manual save; `content: None` deletes the file.
#[derive(Debug, Clone)]
pub struct FileChange {
    pub path: String,
    pub content: Option<Vec<u8>>,
}

/// What a snapshot version (one finished variant holding the given files) says about itself.
pub(crate) struct SnapshotSpec<'a> {
    pub parent: Option<VersionId>,
    pub kind: VersionKind,
    pub prompt: Option<&'a str>,
    pub source: Option<VersionSource>,
    /// What a visual edit set by hand (opaque JSON, see `lineage.rs`).
    pub hand_edits: Option<&'a str>,
}

impl Project {
    pub fn tree(&self) -> Result<VersionTree> {
        let conn = self.conn();
        let ids: Vec<VersionId> = conn
            .prepare("SELECT id FROM versions ORDER BY id")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
            .db("listing versions")?;
        let versions = ids
            .into_iter()
            .map(|id| load_version(&conn, id))
            .collect::<Result<_>>()?;
        Ok(VersionTree {
            current_version: current_version(&conn)?,
            versions,
        })
    }

    pub fn version(&self, id: VersionId) -> Result<VersionInfo> {
        load_version(&self.conn(), id)
    }

    /// The files of `variant` (or the version's selected variant) with their content.
    pub fn files(
        &self,
        version: VersionId,
        variant: Option<VariantId>,
    ) -> Result<Vec<(String, Vec<u8>)>> {
        let conn = self.conn();
        let variant = resolve_variant(&conn, version, variant)?;
        blobs::load_all(&conn, variant)
    }

    /// The paths of `variant` (or the version's selected variant) with their content hashes:
    /// what changed since a listing, without reading any content.
    pub fn file_hashes(
        &self,
        version: VersionId,
        variant: Option<VariantId>,
    ) -> Result<Vec<(String, String)>> {
        let conn = self.conn();
        let variant = resolve_variant(&conn, version, variant)?;
        Ok(blobs::list(&conn, variant)?
            .into_iter()
            .map(|(path, hash, _)| (path, hash))
            .collect())
    }

    pub fn read_file_bytes(
        &self,
        version: VersionId,
        variant: Option<VariantId>,
        path: &str,
    ) -> Result<Vec<u8>> {
        let path = normalize(path)?;
        let conn = self.conn();
        let variant = resolve_variant(&conn, version, variant)?;
        let hash: Option<String> = conn
            .query_row(
                "SELECT hash FROM variant_files WHERE variant_id = ?1 AND path = ?2",
                params![variant, path],
                |r| r.get(0),
            )
            .optional()
            .db("finding a file")?;
        let hash = hash.ok_or_else(|| {
            ProjectError::NotFound(format!("version {version} has no file {path}"))
        })?;
        blobs::get(&conn, &hash)
    }

    /// What an unfinished create_file call of a variant had streamed to `path`.
    pub fn read_draft(&self, variant: VariantId, path: &str) -> Result<Vec<u8>> {
        let path = normalize(path)?;
        let conn = self.conn();
        let hash: Option<String> = conn
            .query_row(
                "SELECT hash FROM variant_drafts WHERE variant_id = ?1 AND path = ?2",
                params![variant, path],
                |r| r.get(0),
            )
            .optional()
            .db("finding a draft")?;
        let hash = hash.ok_or_else(|| {
            ProjectError::NotFound(format!("variant {variant} has no draft of {path}"))
        })?;
        blobs::get(&conn, &hash)
    }

    /// A file of a version as text for the editor (`text: None` for binary files).
    pub fn read_file(
        &self,
        version: VersionId,
        variant: Option<VariantId>,
        path: &str,
    ) -> Result<FileContent> {
        let bytes = self.read_file_bytes(version, variant, path)?;
        let size = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
        Ok(FileContent {
            path: normalize(path)?,
            text: String::from_utf8(bytes).ok(),
            size,
        })
    }

    /// Save edits made on top of `base` (its selected variant, or `variant`) as a new manual-save
    /// version, make it current and write it to the working files.
    pub fn save_files(
        &self,
        base: VersionId,
        variant: Option<VariantId>,
        changes: &[FileChange],
    ) -> Result<VersionInfo> {
        self.save_files_named(base, variant, changes, None)
    }

    /// [`Self::save_files`] with the history's name for the version (default "Saved <files>").
    pub fn save_files_named(
        &self,
        base: VersionId,
        variant: Option<VariantId>,
        changes: &[FileChange],
        name: Option<&str>,
    ) -> Result<VersionInfo> {
        self.save_files_noted(base, variant, changes, name, None)
    }

    /// [`Self::save_files_named`], keeping with the version (in the same transaction) what a
    /// visual edit set by hand: a JSON text the caller reads back with
    /// [`Self::hand_edits_behind`].
    pub fn save_files_noted(
        &self,
        base: VersionId,
        variant: Option<VariantId>,
        changes: &[FileChange],
        name: Option<&str>,
        hand_edits: Option<&str>,
    ) -> Result<VersionInfo> {
        if changes.is_empty() {
            return Err(ProjectError::InvalidInput(
                "there is nothing to save".into(),
            ));
        }
        let before = {
            let conn = self.conn();
            let variant = resolve_variant(&conn, base, variant)?;
            blobs::load_all(&conn, variant)?
        };
        let mut files = before.clone();
        let mut names = Vec::new();
        for change in changes {
            let path = normalize(&change.path)?;
            files.retain(|(p, _)| *p != path);
            if let Some(content) = &change.content {
                files.push((path.clone(), content.clone()));
            }
            names.push(path);
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        let mut unchanged = before;
        unchanged.sort_by(|a, b| a.0.cmp(&b.0));
        if files == unchanged {
            // A save that changes nothing would only clutter the history.
            return Err(ProjectError::InvalidInput(
                "nothing changed since this version; there is nothing to save".into(),
            ));
        }
        let prompt = match name {
            Some(name) => name.to_owned(),
            None => format!("Saved {}", names.join(", ")),
        };
        let spec = SnapshotSpec {
            parent: Some(base),
            kind: VersionKind::ManualSave,
            prompt: Some(&prompt),
            source: None,
            hand_edits,
        };
        let id = self.create_snapshot(&spec, &files)?;
        self.make_current(id)?;
        self.version(id)
    }

    /// Save one text file on top of `base`.
    pub fn save_file(&self, base: VersionId, path: &str, text: &str) -> Result<VersionInfo> {
        self.save_files(
            base,
            None,
            &[FileChange {
                path: path.to_owned(),
                content: Some(text.as_bytes().to_vec()),
            }],
        )
    }

    /// Make an earlier version (its selected variant, or `variant`) the working copy again, as a
    /// new `restore` version whose parent is the current one: history only grows.
    pub fn restore(&self, version: VersionId, variant: Option<VariantId>) -> Result<VersionInfo> {
        let (files, variant, parent) = {
            let conn = self.conn();
            let variant = resolve_variant(&conn, version, variant)?;
            (
                blobs::load_all(&conn, variant)?,
                variant,
                current_version(&conn)?,
            )
        };
        let prompt = format!("Restored v{version}");
        let spec = SnapshotSpec {
            parent: parent.or(Some(version)),
            kind: VersionKind::Restore,
            prompt: Some(&prompt),
            source: Some(VersionSource {
                version_id: version,
                variant_id: Some(variant),
            }),
            hand_edits: None,
        };
        let id = self.create_snapshot(&spec, &files)?;
        self.make_current(id)?;
        self.version(id)
    }

    /// Choose which variant of a version is "the" result; rewrites the working files when the
    /// version is the current one.
    pub fn select_variant(&self, version: VersionId, variant: VariantId) -> Result<VersionInfo> {
        let is_current = {
            let conn = self.conn();
            resolve_variant(&conn, version, Some(variant))?;
            conn.execute(
                "UPDATE versions SET selected_variant = ?1 WHERE id = ?2",
                params![variant, version],
            )
            .db("selecting a variant")?;
            current_version(&conn)? == Some(version)
        };
        if is_current {
            self.make_current(version)?;
        }
        self.version(version)
    }

    /// Point the working copy at `version` (its selected variant) and write its files.
    pub fn make_current(&self, version: VersionId) -> Result<()> {
        let files = {
            let conn = self.conn();
            let variant = resolve_variant(&conn, version, None)?;
            let files = blobs::load_all(&conn, variant)?;
            set_meta(&conn, "current_version", &version.to_string())?;
            files
        };
        self.write_working_copy(&files)
    }

    /// One version with one complete variant holding `files`, in one transaction.
    pub(crate) fn create_snapshot(
        &self,
        spec: &SnapshotSpec<'_>,
        files: &[(String, Vec<u8>)],
    ) -> Result<VersionId> {
        let mut conn = self.conn();
        let tx = conn.transaction().db("starting a version")?;
        let now = now_ms();
        tx.execute(
            "INSERT INTO versions (parent_id, kind, prompt, created_at, source_version, source_variant)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                spec.parent,
                spec.kind.as_str(),
                spec.prompt,
                now,
                spec.source.map(|s| s.version_id),
                spec.source.and_then(|s| s.variant_id),
            ],
        )
        .db("recording a version")?;
        let version = VersionId::try_from(tx.last_insert_rowid())
            .map_err(|_| ProjectError::Corrupt("version ids ran out".into()))?;
        tx.execute(
            "INSERT INTO variants (version_id, idx, status, started_at, finished_at)
             VALUES (?1, 0, 'complete', ?2, ?2)",
            params![version, now],
        )
        .db("recording a variant")?;
        let variant = VariantId::try_from(tx.last_insert_rowid())
            .map_err(|_| ProjectError::Corrupt("variant ids ran out".into()))?;
        blobs::replace(&tx, variant, files)?;
        tx.execute(
            "UPDATE versions SET selected_variant = ?1 WHERE id = ?2",
            params![variant, version],
        )
        .db("selecting a variant")?;
        if let Some(json) = spec.hand_edits {
            tx.execute(
                "INSERT INTO version_hand_edits (version_id, styles_json) VALUES (?1, ?2)",
                params![version, json],
            )
            .db("keeping what was set by hand")?;
        }
        tx.commit().db("saving a version")?;
        Ok(version)
    }
}

/// The variant to read: the one asked for (checked to belong to `version`), else the version's
/// selected one, else its first complete one, else its first.
pub(crate) fn resolve_variant(
    conn: &Connection,
    version: VersionId,
    variant: Option<VariantId>,
) -> Result<VariantId> {
    let selected: Option<Option<VariantId>> = conn
        .query_row(
            "SELECT selected_variant FROM versions WHERE id = ?1",
            [version],
            |r| r.get(0),
        )
        .optional()
        .db("finding a version")?;
    let selected =
        selected.ok_or_else(|| ProjectError::NotFound(format!("there is no version {version}")))?;
    if let Some(v) = variant {
        let owner: Option<VersionId> = conn
            .query_row("SELECT version_id FROM variants WHERE id = ?1", [v], |r| {
                r.get(0)
            })
            .optional()
            .db("finding a variant")?;
        return match owner {
            Some(o) if o == version => Ok(v),
            _ => Err(ProjectError::NotFound(format!(
                "version {version} has no variant {v}"
            ))),
        };
    }
    if let Some(v) = selected {
        return Ok(v);
    }
    conn.query_row(
        "SELECT id FROM variants WHERE version_id = ?1
         ORDER BY (status = 'complete') DESC, idx LIMIT 1",
        [version],
        |r| r.get(0),
    )
    .optional()
    .db("finding a variant")?
    .ok_or_else(|| ProjectError::NotFound(format!("version {version} has no variants")))
}

fn load_version(conn: &Connection, id: VersionId) -> Result<VersionInfo> {
    let mut info = conn
        .query_row(
            "SELECT id, parent_id, kind, prompt, stack, created_at, selected_variant,
                    source_version, source_variant
             FROM versions WHERE id = ?1",
            [id],
            version_row,
        )
        .optional()
        .db("reading a version")?
        .ok_or_else(|| ProjectError::NotFound(format!("there is no version {id}")))?;
    info.inputs = conn
        .prepare_cached(
            "SELECT input_id FROM version_inputs WHERE version_id = ?1 ORDER BY input_id",
        )
        .and_then(|mut s| s.query_map([id], |r| r.get(0))?.collect())
        .db("reading version inputs")?;
    let mut variants: Vec<VariantInfo> = conn
        .prepare_cached(
            "SELECT id, version_id, idx, model, provider, status, error, input_tokens,
                    output_tokens, cache_read_tokens, cache_write_tokens, cost_usd,
                    started_at, finished_at, truncated
             FROM variants WHERE version_id = ?1 ORDER BY idx",
        )
        .and_then(|mut s| s.query_map([id], variant_row)?.collect())
        .db("reading variants")?;
    for v in &mut variants {
        v.files = blobs::list(conn, v.id)?
            .into_iter()
            .map(|(path, _, size)| FileEntry { path, size })
            .collect();
        v.drafts = blobs::list_drafts(conn, v.id)?
            .into_iter()
            .map(|(path, _, size)| FileEntry { path, size })
            .collect();
    }
    info.variants = variants;
    Ok(info)
}

fn version_row(r: &Row<'_>) -> rusqlite::Result<VersionInfo> {
    let kind: String = r.get(2)?;
    let source_version: Option<VersionId> = r.get(7)?;
    Ok(VersionInfo {
        id: r.get(0)?,
        parent_id: r.get(1)?,
        kind: VersionKind::parse(&kind).unwrap_or(VersionKind::Generation),
        prompt: r.get(3)?,
        // Read back from a file anyone may have written: an unknown name is no stack.
        stack: r
            .get::<_, Option<String>>(4)?
            .and_then(|name| name.parse().ok()),
        created_at: r.get(5)?,
        selected_variant: r.get(6)?,
        source: source_version.map(|version_id| VersionSource {
            version_id,
            variant_id: r.get(8).ok().flatten(),
        }),
        inputs: Vec::new(),
        variants: Vec::new(),
    })
}

fn variant_row(r: &Row<'_>) -> rusqlite::Result<VariantInfo> {
    let status: String = r.get(5)?;
    let tokens = |i: usize| -> rusqlite::Result<u32> {
        Ok(r.get::<_, i64>(i)?.clamp(0, i64::from(u32::MAX)) as u32)
    };
    Ok(VariantInfo {
        id: r.get(0)?,
        version_id: r.get(1)?,
        index: r.get(2)?,
        model: r.get(3)?,
        provider: r.get(4)?,
        status: match VariantStatus::parse(&status).unwrap_or(VariantStatus::Error) {
            VariantStatus::Complete if r.get::<_, bool>(14)? => VariantStatus::Truncated,
            status => status,
        },
        error: r.get(6)?,
        usage: Usage {
            input_tokens: tokens(7)?,
            output_tokens: tokens(8)?,
            cache_read_tokens: tokens(9)?,
            cache_write_tokens: tokens(10)?,
        },
        cost_usd: r.get(11)?,
        started_at: r.get(12)?,
        finished_at: r.get(13)?,
        files: Vec::new(),
        drafts: Vec::new(),
    })
}
