//! Exporting a version as a self-contained folder or zip: every asset it references is included
//! and references are rewritten, so it opens offline from anywhere. A project (a React + Vite
//! tree) is written as it is, or with [`ExportFormat::StaticSite`] built into a static site
//! (`site.rs`).

mod admit;
mod bundle;
mod locate;
mod page;
#[doc(hidden)]
pub mod refs;
mod site;
mod write;

pub use admit::{ImportLimits, ImportSummary, SkippedFile};
pub use bundle::RemoteLimits;
pub(crate) use bundle::{gather, Sources};
pub use page::page_files;

use super::error::Result;
use super::handle::Project;
use super::types::{VariantId, VersionId};
use crate::safe_fetch::SafeFetcher;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    Folder,
    Zip,
    /// A project built into the files of a static site (`dist/`), in a new folder. A page of
    /// one file is already one: its export is the folder's.
    StaticSite,
}

#[derive(Debug, Clone)]
pub struct ExportOptions {
    pub format: ExportFormat,
    /// A folder that does not exist yet (or is empty), or the zip file to write (replaced if it
    /// exists).
    pub destination: PathBuf,
    /// `None` leaves remote images as links.
    pub fetcher: Option<SafeFetcher>,
    pub limits: RemoteLimits,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct ExportReport {
    pub path: String,
    pub files: u32,
    /// `data:` URLs turned into files.
    pub data_urls: u32,
    /// Remote images downloaded into `assets/`.
    pub remote_images: u32,
    /// What could not be included, and why (the export still succeeded).
    pub warnings: Vec<String>,
}

/// A multi-file project (the React + Vite stack's tree, or one imported): it has the files its
/// build is configured by.
fn is_project_tree(files: &[(String, Vec<u8>)]) -> bool {
    s2c_webproject::shape::is_project(files.iter().map(|(p, _)| p.as_str()))
}

/// Export `version` (its selected variant, or `variant`).
pub async fn export_version(
    project: &Project,
    version: VersionId,
    variant: Option<VariantId>,
    options: &ExportOptions,
) -> Result<ExportReport> {
    let files = project.files(version, variant)?;
    if is_project_tree(&files) {
        // A project is written as it is: its index.html's `/src/main.tsx` and its imports are
        // the build's to resolve, and `npm install && npm run build` must see what the preview saw.
        let files: std::collections::BTreeMap<String, Vec<u8>> = match options.format {
            ExportFormat::StaticSite => site::build(files).await?,
            _ => files.into_iter().collect(),
        };
        match options.format {
            ExportFormat::Folder | ExportFormat::StaticSite => {
                write::folder(&options.destination, &files)?
            }
            ExportFormat::Zip => write::zip(&options.destination, &files)?,
        }
        return Ok(ExportReport {
            path: options.destination.display().to_string(),
            files: u32::try_from(files.len()).unwrap_or(u32::MAX),
            data_urls: 0,
            remote_images: 0,
            warnings: vec![],
        });
    }
    let sources = Sources {
        disk_root: Some(project.root()),
        fetcher: options.fetcher.as_ref(),
        limits: options.limits,
        import: None,
    };
    let bundle = gather(files, &sources).await;
    match options.format {
        ExportFormat::Folder | ExportFormat::StaticSite => {
            write::folder(&options.destination, &bundle.files)?
        }
        ExportFormat::Zip => write::zip(&options.destination, &bundle.files)?,
    }
    Ok(ExportReport {
        path: options.destination.display().to_string(),
        files: u32::try_from(bundle.files.len()).unwrap_or(u32::MAX),
        data_urls: bundle.data_urls,
        remote_images: bundle.remote_images,
        warnings: bundle.warnings,
    })
}

#[cfg(test)]
#[path = "export_tests.rs"]
mod tests;
