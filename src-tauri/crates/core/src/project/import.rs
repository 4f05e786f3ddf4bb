//! Bringing existing HTML in as a project: one file (with the local assets it references) or a
//! whole folder. The result is an `import` version, made current.

use super::error::{ProjectError, Result};
use super::export::{gather, RemoteLimits, Sources};
use super::handle::Project;
use super::types::{VersionInfo, VersionKind};
use super::versions::SnapshotSpec;
use super::working_copy::scan_files;
use std::path::Path;

/// Import `source` (an `.html`/`.htm` file, or a folder holding at least one) into `project`.
pub async fn import_path(project: &Project, source: &Path) -> Result<VersionInfo> {
    let files = if source.is_dir() {
        let files = scan_files(source)?;
        if !files.iter().any(|(p, _)| is_html(p)) {
            return Err(ProjectError::InvalidInput(format!(
                "{} holds no .html file to import",
                source.display()
            )));
        }
        files
    } else {
        import_file(source).await?
    };
    let prompt = format!("Imported {}", source.display());
    let spec = SnapshotSpec {
        parent: None,
        kind: VersionKind::Import,
        prompt: Some(&prompt),
        source: None,
    };
    let id = project.create_snapshot(&spec, &files)?;
    project.make_current(id)?;
    project.version(id)
}

/// The file as `index.html`, plus the local files it references from its own folder (and
/// below: references that climb out of that folder are clamped to it, as a browser would).
async fn import_file(source: &Path) -> Result<Vec<(String, Vec<u8>)>> {
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
    };
    let bundle = gather(vec![("index.html".to_owned(), bytes)], &sources).await;
    for warning in &bundle.warnings {
        tracing::info!("import: {warning}");
    }
    Ok(bundle.files.into_iter().collect())
}

fn is_html(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".html") || lower.ends_with(".htm")
}
