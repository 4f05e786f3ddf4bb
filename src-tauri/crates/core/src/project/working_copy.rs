//! The working files: the selected variant of the current version, written into the project
//! folder so any editor can open them, and compared with what is on disk to notice edits made
//! by other programs.

use super::blobs::hash;
use super::error::{DbContext, ProjectError, Result};
use super::handle::{current_version, Project};
use super::paths::{is_working_path, keep_stored, normalize, relative_to, resolve};
use super::types::{VersionInfo, VersionKind};
use super::versions::SnapshotSpec;
use crate::atomic_file::write_atomic;
use rusqlite::params;
use std::collections::BTreeMap;
use std::path::Path;

/// A folder scan stops here: a project is a web page, not a disk.
pub const MAX_SCAN_FILES: usize = 2_000;
pub const MAX_SCAN_BYTES: u64 = 200 * 1024 * 1024;

impl Project {
    /// Replace the working files with `files`. The record of what we wrote is committed first,
    /// so a file watcher that fires on our own renames finds matching hashes and stays quiet.
    /// Files we wrote earlier that the new set lacks are removed, unless someone edited them.
    pub(crate) fn write_working_copy(&self, files: &[(String, Vec<u8>)]) -> Result<()> {
        let new: BTreeMap<&str, String> =
            files.iter().map(|(p, b)| (p.as_str(), hash(b))).collect();
        let old = {
            let mut conn = self.conn();
            let old = working_record(&conn)?;
            let tx = conn.transaction().db("recording the working files")?;
            tx.execute("DELETE FROM working_files", [])
                .db("recording the working files")?;
            for (path, h) in &new {
                tx.execute(
                    "INSERT INTO working_files (path, hash) VALUES (?1, ?2)",
                    params![path, h],
                )
                .db("recording the working files")?;
            }
            tx.commit().db("recording the working files")?;
            old
        };
        let root = self.root();
        for (path, bytes) in files {
            let target = resolve(root, path)?;
            if disk_hash(&target).as_deref() == new.get(path.as_str()).map(String::as_str) {
                continue;
            }
            write_atomic(&target, bytes)
                .map_err(|e| ProjectError::io(format!("writing {}", target.display()), e))?;
        }
        for (path, old_hash) in old {
            if new.contains_key(path.as_str()) {
                continue;
            }
            let Ok(target) = resolve(root, &path) else {
                continue;
            };
            if disk_hash(&target).as_deref() == Some(old_hash.as_str()) {
                let _ = std::fs::remove_file(&target);
                remove_empty_parents(root, &target);
            }
        }
        Ok(())
    }

    /// Working files that differ from what the app last wrote: changed, added or deleted by
    /// another program. Sorted by path.
    pub fn external_changes(&self) -> Result<Vec<String>> {
        let recorded = working_record(&self.conn())?;
        let on_disk = scan_hashes(self.root())?;
        let mut changed: Vec<String> = on_disk
            .iter()
            .filter(|(p, h)| recorded.get(*p) != Some(*h))
            .map(|(p, _)| p.clone())
            .collect();
        changed.extend(
            recorded
                .keys()
                .filter(|p| !on_disk.contains_key(*p))
                .cloned(),
        );
        changed.sort();
        Ok(changed)
    }

    /// Record the working files as they are on disk as a new `external_edit` version (child of
    /// the current one), and make it current without rewriting anything.
    pub fn accept_external_changes(&self) -> Result<VersionInfo> {
        let changed = self.external_changes()?;
        if changed.is_empty() {
            return Err(ProjectError::Conflict(
                "the working files have no changes made outside the app".into(),
            ));
        }
        let files = scan_files(self.root())?;
        let parent = current_version(&self.conn())?;
        let prompt = format!("Edited outside the app: {}", changed.join(", "));
        let spec = SnapshotSpec {
            parent,
            kind: VersionKind::ExternalEdit,
            prompt: Some(&prompt),
            source: None,
            hand_edits: None,
        };
        let id = self.create_snapshot(&spec, &files)?;
        self.make_current(id)?;
        self.version(id)
    }

    /// Put the working files back to the current version, dropping outside edits.
    pub fn discard_external_changes(&self) -> Result<()> {
        let current = current_version(&self.conn())?;
        let Some(version) = current else {
            return Ok(());
        };
        // Forget the record so every file is compared, then rewrite.
        self.conn()
            .execute("DELETE FROM working_files", [])
            .db("resetting the working files")?;
        let on_disk = scan_hashes(self.root())?;
        self.make_current(version)?;
        let kept = working_record(&self.conn())?;
        for path in on_disk.keys().filter(|p| !kept.contains_key(*p)) {
            if let Ok(target) = resolve(self.root(), path) {
                let _ = std::fs::remove_file(target);
            }
        }
        Ok(())
    }
}

/// What the app last wrote, by path. A row naming a path the app will not touch is dropped:
/// files are removed by this record, and a crafted one must not remove anything outside.
fn working_record(conn: &rusqlite::Connection) -> Result<BTreeMap<String, String>> {
    let rows: Vec<(String, String)> = conn
        .prepare_cached("SELECT path, hash FROM working_files")
        .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
        .db("reading the working files record")?;
    Ok(keep_stored(rows, "working files record", |r| &r.0)
        .into_iter()
        .collect())
}

fn disk_hash(path: &Path) -> Option<String> {
    std::fs::read(path).ok().map(|b| hash(&b))
}

fn remove_empty_parents(root: &Path, file: &Path) {
    let mut dir = file.parent();
    while let Some(d) = dir {
        if d == root || std::fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// Every working file under `root` with its content. Symlinks are not followed: a link could
/// point anywhere on the disk.
pub fn scan_files(root: &Path) -> Result<Vec<(String, Vec<u8>)>> {
    let mut out = Vec::new();
    let mut total = 0u64;
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| ProjectError::io(format!("reading {}", dir.display()), e))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let Some(rel) = relative_to(root, &path) else {
                continue;
            };
            if !is_working_path(&rel) || normalize(&rel).is_err() {
                continue;
            }
            if kind.is_dir() {
                stack.push(path);
            } else if kind.is_file() {
                let bytes = std::fs::read(&path)
                    .map_err(|e| ProjectError::io(format!("reading {}", path.display()), e))?;
                total += bytes.len() as u64;
                out.push((rel, bytes));
                if out.len() > MAX_SCAN_FILES || total > MAX_SCAN_BYTES {
                    return Err(ProjectError::InvalidInput(format!(
                        "{} holds more than {MAX_SCAN_FILES} files or {} MB: too large for a project",
                        root.display(),
                        MAX_SCAN_BYTES / 1024 / 1024
                    )));
                }
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

fn scan_hashes(root: &Path) -> Result<BTreeMap<String, String>> {
    Ok(scan_files(root)?
        .into_iter()
        .map(|(p, b)| (p, hash(&b)))
        .collect())
}
