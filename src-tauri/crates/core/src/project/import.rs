//! Bringing existing HTML in as a project: one file, or a folder's pages, with the local assets
//! they reference under [`ImportLimits`]' rules. A folder is the user's, not the page's: its
//! other files (notes, data, keys that happen to sit there) are left out and listed. The result
//! is an `import` version, made current, and a summary of what was pulled in and left out.

use super::error::{ProjectError, Result};
use super::export::SkippedFile;
use super::export::{gather, ImportLimits, ImportSummary, RemoteLimits, Sources};
use super::handle::Project;
use super::paths::{normalize, relative_to};
use super::types::{VersionInfo, VersionKind};
use super::versions::SnapshotSpec;
use std::path::Path;

/// A folder's files are listed up to this many (a folder with `node_modules` holds far more).
const MAX_LISTED: usize = 20_000;
/// Files left out are named one by one up to this many, then counted.
const MAX_NAMED_LEFT_OUT: usize = 40;
const NOT_REFERENCED: &str = "no page of the folder uses it";

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
        import_folder(source, limits).await?
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

/// Every page (`.html`/`.htm`) of `folder`, with the assets they reference; the folder's other
/// files are left out, by name.
async fn import_folder(
    folder: &Path,
    limits: ImportLimits,
) -> Result<(Vec<(String, Vec<u8>)>, ImportSummary)> {
    let (listed, more) = list_visible(folder)?;
    let mut pages = Vec::new();
    let mut refused = Vec::new();
    let mut total = 0u64;
    for path in listed.iter().filter(|p| is_html(p)) {
        match read_page(folder, path, &limits, &mut total) {
            Ok(bytes) => pages.push((path.clone(), bytes)),
            Err(reason) => refused.push(SkippedFile {
                reference: path.clone(),
                reason,
            }),
        }
    }
    if pages.is_empty() {
        return Err(ProjectError::InvalidInput(match refused.first() {
            Some(first) => format!(
                "{} could not be imported: {}",
                first.reference, first.reason
            ),
            None => format!("{} holds no .html file to import", folder.display()),
        }));
    }
    let page_paths: Vec<String> = pages.iter().map(|(p, _)| p.clone()).collect();
    let sources = Sources {
        disk_root: Some(folder),
        fetcher: None,
        limits: RemoteLimits::default(),
        import: Some(ImportLimits {
            max_total_bytes: limits.max_total_bytes.saturating_sub(total),
            ..limits
        }),
    };
    let bundle = gather(pages, &sources).await;
    let mut summary = bundle.summary;
    summary.pulled_in.splice(0..0, page_paths);
    summary.skipped.extend(refused);
    let left_out: Vec<&String> = listed
        .iter()
        .filter(|p| {
            !bundle.files.contains_key(*p) && !summary.skipped.iter().any(|s| &s.reference == *p)
        })
        .collect();
    let unnamed = left_out.len().saturating_sub(MAX_NAMED_LEFT_OUT) + more;
    summary.skipped.extend(
        left_out
            .into_iter()
            .take(MAX_NAMED_LEFT_OUT)
            .map(|p| SkippedFile {
                reference: p.clone(),
                reason: NOT_REFERENCED.into(),
            }),
    );
    if unnamed > 0 {
        summary.skipped.push(SkippedFile {
            reference: format!("{unnamed} other files"),
            reason: NOT_REFERENCED.into(),
        });
    }
    Ok((bundle.files.into_iter().collect(), summary))
}

/// The project paths of `folder`'s files, hidden ones and symbolic links left aside, up to
/// [`MAX_LISTED`]; and how many more there were.
fn list_visible(folder: &Path) -> Result<(Vec<String>, usize)> {
    let mut listed = Vec::new();
    let mut more = 0usize;
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .map_err(|e| ProjectError::io(format!("reading {}", dir.display()), e))?;
        for entry in entries.flatten() {
            let Some(rel) = relative_to(folder, &entry.path()) else {
                continue;
            };
            let Ok(rel) = normalize(&rel) else {
                continue;
            };
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => stack.push(entry.path()),
                Ok(kind) if kind.is_file() && listed.len() < MAX_LISTED => listed.push(rel),
                Ok(kind) if kind.is_file() => more += 1,
                _ => {}
            }
        }
    }
    listed.sort();
    Ok((listed, more))
}

/// A page of the folder: UTF-8 text within the size caps.
fn read_page(
    folder: &Path,
    path: &str,
    limits: &ImportLimits,
    total: &mut u64,
) -> std::result::Result<Vec<u8>, String> {
    let abs = super::paths::join(folder, path);
    let len = std::fs::metadata(&abs)
        .map_err(|e| format!("it could not be read: {e}"))?
        .len();
    if len > limits.max_file_bytes || *total + len > limits.max_total_bytes {
        return Err(format!(
            "pages are limited to {} MB each and {} MB together",
            limits.max_file_bytes / 1024 / 1024,
            limits.max_total_bytes / 1024 / 1024
        ));
    }
    let bytes = std::fs::read(&abs).map_err(|e| format!("it could not be read: {e}"))?;
    if std::str::from_utf8(&bytes).is_err() {
        return Err("it is not UTF-8 text".into());
    }
    *total += bytes.len() as u64;
    Ok(bytes)
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
