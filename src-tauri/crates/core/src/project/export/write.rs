//! Writing an export: a folder appears whole (built beside its place, then renamed) and a zip
//! replaces its target atomically.

use crate::atomic_file::write_atomic;
use crate::project::error::{ProjectError, Result};
use crate::project::paths::join;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

pub fn folder(dest: &Path, files: &BTreeMap<String, Vec<u8>>) -> Result<()> {
    if dest.exists() {
        let empty = std::fs::read_dir(dest)
            .map(|mut d| d.next().is_none())
            .unwrap_or(false);
        if !empty {
            return Err(ProjectError::Conflict(format!(
                "{} already exists: choose a new folder",
                dest.display()
            )));
        }
        let _ = std::fs::remove_dir(dest);
    }
    let name = dest
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let staging = dest.with_file_name(format!(".{name}.s2c-partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&staging);
    let result = (|| {
        for (path, bytes) in files {
            let target = join(&staging, path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&target, bytes)?;
        }
        std::fs::rename(&staging, dest)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_dir_all(&staging);
        ProjectError::io(format!("exporting to {}", dest.display()), e)
    })
}

pub fn zip(dest: &Path, files: &BTreeMap<String, Vec<u8>>) -> Result<()> {
    let fail = |e: &dyn std::fmt::Display| {
        ProjectError::io(
            format!("writing {}", dest.display()),
            std::io::Error::other(e.to_string()),
        )
    };
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (path, bytes) in files {
        writer
            .start_file(path.as_str(), options)
            .map_err(|e| fail(&e))?;
        writer.write_all(bytes).map_err(|e| fail(&e))?;
    }
    let cursor = writer.finish().map_err(|e| fail(&e))?;
    write_atomic(dest, &cursor.into_inner())
        .map_err(|e| ProjectError::io(format!("writing {}", dest.display()), e))
}
