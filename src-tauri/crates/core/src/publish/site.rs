//! Exactly what goes live: a project version's export, or a folder's own files. Nothing of a
//! project's `.s2c/` data, no inputs, no dotfile (`.env`, `.git/`, the publish record), no
//! symbolic link (it could lead outside the folder) — and a home page at the top.

use super::error::{PublishError, Result};
use crate::project::export::{gather, RemoteLimits, Sources};
use crate::project::{Project, VariantId, VersionId, DATA_DIR, INPUTS_DIR};
use sha1::{Digest, Sha1};
use std::collections::BTreeMap;
use std::path::Path;

/// More files than this is not a page a designer made: refused with the count.
pub const MAX_SITE_FILES: usize = 5_000;
/// The whole site is held in memory while it is sent.
pub const MAX_SITE_BYTES: u64 = 500 * 1024 * 1024;

/// One file of a site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    /// Relative, forward slashes, no leading slash (`assets/hero.png`).
    pub path: String,
    pub bytes: Vec<u8>,
    /// Hex SHA-1 of the content: how Netlify and Vercel name files.
    pub sha1: String,
}

impl SiteFile {
    pub fn size(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// The MIME type a server should give it, by extension (the preview server's table).
    pub fn content_type(&self) -> &'static str {
        crate::render::content_type_for(&self.path)
    }
}

/// The files of a site, sorted by path.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Site {
    files: Vec<SiteFile>,
}

impl Site {
    /// A site from files already in memory (an export bundle). Paths are checked again.
    pub fn from_files(files: impl IntoIterator<Item = (String, Vec<u8>)>) -> Result<Self> {
        let site = Self::any(files)?;
        site.check()?;
        Ok(site)
    }

    /// The publishable files among `files`, whether or not they make a whole site (a version's
    /// files in a git commit).
    pub fn any(files: impl IntoIterator<Item = (String, Vec<u8>)>) -> Result<Self> {
        let mut map = BTreeMap::new();
        for (path, bytes) in files {
            let path = site_path(&path)?;
            if !publishable(&path) {
                continue;
            }
            map.insert(path, bytes);
        }
        let files: Vec<SiteFile> = map
            .into_iter()
            .map(|(path, bytes)| SiteFile {
                sha1: sha1_hex(&bytes),
                path,
                bytes,
            })
            .collect();
        Ok(Self { files })
    }

    /// A folder's files: an exported folder or a variant folder of `s2c generate`.
    pub fn from_folder(dir: &Path) -> Result<Self> {
        let mut found = Vec::new();
        let mut total = 0u64;
        walk(dir, "", &mut found, &mut total)?;
        Self::from_files(found)
    }

    /// A project version as it would be exported (its selected variant, or `variant`), with
    /// every asset it references; remote images stay links (they work online).
    pub async fn from_version(
        project: &Project,
        version: VersionId,
        variant: Option<VariantId>,
    ) -> Result<Self> {
        Self::from_files(version_files(project, version, variant).await?)
    }

    pub fn files(&self) -> &[SiteFile] {
        &self.files
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn total_bytes(&self) -> u64 {
        self.files.iter().map(SiteFile::size).sum()
    }

    /// The first file with this SHA-1.
    pub fn by_sha1(&self, sha1: &str) -> Option<&SiteFile> {
        self.files.iter().find(|f| f.sha1 == sha1)
    }

    fn check(&self) -> Result<()> {
        if !self.files.iter().any(|f| f.path == "index.html") {
            return Err(PublishError::InvalidInput(
                "There is no index.html at the top of the folder, so the site would have no home page. Publish the folder that holds index.html.".into(),
            ));
        }
        if self.files.len() > MAX_SITE_FILES {
            return Err(PublishError::InvalidInput(format!(
                "The site has {} files; at most {MAX_SITE_FILES} are published. Publish the folder of the page itself.",
                self.files.len()
            )));
        }
        let total = self.total_bytes();
        if total > MAX_SITE_BYTES {
            return Err(PublishError::InvalidInput(format!(
                "The site is {} MB; at most {} MB are published at once.",
                total / (1024 * 1024),
                MAX_SITE_BYTES / (1024 * 1024)
            )));
        }
        Ok(())
    }
}

/// A version's files as its export has them: every asset it references, offline-safe paths.
pub async fn version_files(
    project: &Project,
    version: VersionId,
    variant: Option<VariantId>,
) -> Result<BTreeMap<String, Vec<u8>>> {
    let files = project.files(version, variant)?;
    let sources = Sources {
        disk_root: Some(project.root()),
        fetcher: None,
        limits: RemoteLimits::default(),
        import: None,
    };
    Ok(gather(files, &sources).await.files)
}

pub fn sha1_hex(bytes: &[u8]) -> String {
    hex(&Sha1::digest(bytes))
}

pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

/// A path as it is published: canonical and confined (the project's own rules), or refused.
fn site_path(raw: &str) -> Result<String> {
    crate::project::normalize_path(raw).map_err(|e| PublishError::InvalidInput(e.to_string()))
}

/// Not app data, not an input, no dotfile anywhere in the path, not the leftover of a write
/// cut short.
fn publishable(path: &str) -> bool {
    let first = path.split('/').next().unwrap_or_default();
    let last = path.rsplit('/').next().unwrap_or_default();
    first != DATA_DIR
        && first != INPUTS_DIR
        && !path.split('/').any(|p| p.starts_with('.'))
        && !crate::atomic_file::is_temp_file(last)
}

fn walk(dir: &Path, prefix: &str, out: &mut Vec<(String, Vec<u8>)>, total: &mut u64) -> Result<()> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| PublishError::io(format!("reading the folder {}", dir.display()), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| PublishError::io(format!("reading {}", dir.display()), e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}/{name}")
        };
        if !publishable(&rel) {
            continue;
        }
        // `file_type` does not follow links: a link is neither a file nor a folder here.
        let kind = entry
            .file_type()
            .map_err(|e| PublishError::io(format!("reading {}", entry.path().display()), e))?;
        if kind.is_dir() {
            walk(&entry.path(), &rel, out, total)?;
        } else if kind.is_file() {
            if out.len() >= MAX_SITE_FILES {
                return Err(PublishError::InvalidInput(format!(
                    "The folder has more than {MAX_SITE_FILES} files: publish the folder of the page itself."
                )));
            }
            let bytes = std::fs::read(entry.path())
                .map_err(|e| PublishError::io(format!("reading {}", entry.path().display()), e))?;
            *total += bytes.len() as u64;
            if *total > MAX_SITE_BYTES {
                return Err(PublishError::InvalidInput(format!(
                    "The folder holds more than {} MB: publish the folder of the page itself.",
                    MAX_SITE_BYTES / (1024 * 1024)
                )));
            }
            out.push((rel, bytes));
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "site_tests.rs"]
mod tests;
