//! Bringing existing HTML in as a project: one file (with the local assets it references, under
//! [`ImportLimits`]' rules) or a whole folder. The result is an `import` version, made current,
//! and a summary of what was pulled in and what was left out.

use super::error::{ProjectError, Result};
use super::export::{gather, ImportLimits, ImportSummary, RemoteLimits, Sources};
use super::handle::Project;
use super::types::{VersionInfo, VersionKind};
use super::versions::SnapshotSpec;
use super::working_copy::scan_files;
use std::path::Path;

/// A finished import: the new version and what came with the page.
#[derive(Debug, Clone)]
pub struct Imported {
    pub version: VersionInfo,
    pub summary: ImportSummary,
}

/// Import `source` (an `.html`/`.htm` file, or a folder holding at least one) into `project`.
pub async fn import_path(project: &Project, source: &Path) -> Result<Imported> {
    import_path_with(project, source, ImportLimits::default()).await
}

/// [`import_path`] with other caps on what a single file pulls in.
pub async fn import_path_with(
    project: &Project,
    source: &Path,
    limits: ImportLimits,
) -> Result<Imported> {
    let (files, summary) = if source.is_dir() {
        let files = scan_files(source)?;
        if !files.iter().any(|(p, _)| is_html(p)) {
            return Err(ProjectError::InvalidInput(format!(
                "{} holds no .html file to import",
                source.display()
            )));
        }
        // The user chose the whole folder: everything in it (but hidden files) is the page's.
        let summary = ImportSummary {
            pulled_in: files.iter().map(|(p, _)| p.clone()).collect(),
            skipped: Vec::new(),
        };
        (files, summary)
    } else {
        import_file(source, limits).await?
    };
    let prompt = format!("Imported {}", source.display());
    let spec = SnapshotSpec {
        parent: None,
        kind: VersionKind::Import,
        prompt: Some(&prompt),
        source: None,
        hand_edits: None,
    };
    let id = project.create_snapshot(&spec, &files)?;
    project.make_current(id)?;
    Ok(Imported {
        version: project.version(id)?,
        summary,
    })
}

/// The file as `index.html`, plus the assets it references from its own folder and below.
async fn import_file(
    source: &Path,
    limits: ImportLimits,
) -> Result<(Vec<(String, Vec<u8>)>, ImportSummary)> {
    let name = source.display().to_string();
    if !is_html(&name) {
        return Err(ProjectError::InvalidInput(format!(
            "{name} is not an HTML file (.html or .htm)"
        )));
    }
    let bytes =
        std::fs::read(source).map_err(|e| ProjectError::io(format!("reading {name}"), e))?;
    if std::str::from_utf8(&bytes).is_err() {
        return Err(ProjectError::InvalidInput(format!(
            "{name} is not UTF-8 text"
        )));
    }
    let folder = source.parent().unwrap_or(Path::new("."));
    let sources = Sources {
        disk_root: Some(folder),
        fetcher: None,
        limits: RemoteLimits::default(),
        import: Some(limits),
    };
    let bundle = gather(vec![("index.html".to_owned(), bytes)], &sources).await;
    for warning in &bundle.warnings {
        tracing::info!("import: {warning}");
    }
    for skipped in &bundle.summary.skipped {
        tracing::info!("import: skipped {}: {}", skipped.reference, skipped.reason);
    }
    Ok((bundle.files.into_iter().collect(), bundle.summary))
}

fn is_html(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".html") || lower.ends_with(".htm")
}

#[cfg(test)]
#[path = "import_tests.rs"]
mod tests;
