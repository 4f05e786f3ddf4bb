//! Where a page was published, remembered so the next publish updates the same site: in the
//! project's database, or for a plain folder in [`FOLDER_RECORD`] inside it (a dotfile, so it
//! is never uploaded). One publication per service, and apart from them the sites a publish
//! made but did not finish. No token is ever kept here.
//!
//! A record is read back from disk that anyone may have written (a shared project, a folder
//! from a zip): each one is checked before use — a site id that could change the address it is
//! put in, or a URL that is not https, and the record is left out.

use super::error::{PublishError, Result};
use super::types::{Publication, Service};
use crate::atomic_file::write_atomic;
use crate::project::Project;
use serde_json::Value;
use std::path::Path;

/// The record of a plain folder.
pub const FOLDER_RECORD: &str = ".s2c-publish.json";
/// The project data keys.
const PROJECT_KEY: &str = "publications";
const PROJECT_UNFINISHED_KEY: &str = "publications_unfinished";
/// A record larger than this is not one the app wrote.
const MAX_RECORD_BYTES: u64 = 64 * 1024;

/// Which list: where a page went live, or a site a publish made but did not finish putting
/// live (so the next publish with that name finishes it there, instead of finding the name
/// taken by the user's own empty site).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shelf {
    Live,
    Unfinished,
}

/// Where a project's or a folder's records are kept.
#[derive(Clone, Copy)]
pub enum Records<'a> {
    Project(&'a Project),
    Folder(&'a Path),
}

impl Records<'_> {
    /// The sound records on `shelf`, the bad ones left out.
    pub fn read(&self, shelf: Shelf) -> Result<Vec<Publication>> {
        Ok(parse(self.load(shelf)?))
    }

    /// Remember `publication` on `shelf`, replacing that service's earlier one; a site that
    /// went live is no longer unfinished.
    pub fn write(&self, shelf: Shelf, publication: &Publication) -> Result<()> {
        let mut all = self.read(shelf)?;
        all.retain(|p| p.service != publication.service);
        all.push(publication.clone());
        self.store(shelf, &all)?;
        if shelf == Shelf::Live {
            self.forget(Shelf::Unfinished, publication.service)?;
        }
        Ok(())
    }

    /// Forget `service` on `shelf` (the site is gone; the next publish makes one).
    pub fn forget(&self, shelf: Shelf, service: Service) -> Result<()> {
        let all = self.read(shelf)?;
        if all.iter().all(|p| p.service != service) {
            return Ok(());
        }
        let kept: Vec<Publication> = all.into_iter().filter(|p| p.service != service).collect();
        self.store(shelf, &kept)
    }

    fn load(&self, shelf: Shelf) -> Result<Vec<Value>> {
        let text = match self {
            Self::Project(project) => {
                let key = match shelf {
                    Shelf::Live => PROJECT_KEY,
                    Shelf::Unfinished => PROJECT_UNFINISHED_KEY,
                };
                project
                    .app_data(key)?
                    .filter(|text| text.len() as u64 <= MAX_RECORD_BYTES)
            }
            Self::Folder(dir) => read_small(&dir.join(FOLDER_RECORD)),
        };
        let Some(value) = text.and_then(|t| serde_json::from_str::<Value>(&t).ok()) else {
            return Ok(Vec::new());
        };
        let list = match (self, value) {
            (Self::Project(_), Value::Array(list)) => list,
            (Self::Folder(_), Value::Object(mut file)) => match file.remove(shelf.field()) {
                Some(Value::Array(list)) => list,
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        Ok(list)
    }

    fn store(&self, shelf: Shelf, all: &[Publication]) -> Result<()> {
        match self {
            Self::Project(project) => {
                let key = match shelf {
                    Shelf::Live => PROJECT_KEY,
                    Shelf::Unfinished => PROJECT_UNFINISHED_KEY,
                };
                let text = serde_json::to_string(all).unwrap_or_default();
                Ok(project.set_app_data(key, Some(&text))?)
            }
            Self::Folder(dir) => {
                let other = match shelf {
                    Shelf::Live => Shelf::Unfinished,
                    Shelf::Unfinished => Shelf::Live,
                };
                let mut file = serde_json::Map::new();
                file.insert(shelf.field().into(), serde_json::json!(all));
                file.insert(other.field().into(), Value::Array(self.load(other)?));
                let text = serde_json::to_string_pretty(&file).unwrap_or_default();
                write_atomic(&dir.join(FOLDER_RECORD), text.as_bytes())
                    .map_err(|e| PublishError::io(format!("saving {FOLDER_RECORD}"), e))
            }
        }
    }
}

impl Shelf {
    /// The folder record's field.
    fn field(self) -> &'static str {
        match self {
            Self::Live => "published",
            Self::Unfinished => "unfinished",
        }
    }
}

/// A folder's live publications, the bad ones left out.
pub fn read_folder(dir: &Path) -> Vec<Publication> {
    Records::Folder(dir).read(Shelf::Live).unwrap_or_default()
}

/// A project's live publications, the bad ones left out.
pub fn read_project(project: &Project) -> Result<Vec<Publication>> {
    Records::Project(project).read(Shelf::Live)
}

pub fn forget_project(project: &Project, service: Service) -> Result<()> {
    Records::Project(project).forget(Shelf::Live, service)
}

fn read_small(path: &Path) -> Option<String> {
    let too_big = std::fs::metadata(path).is_ok_and(|m| m.len() > MAX_RECORD_BYTES);
    if too_big {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

fn parse(values: Vec<Value>) -> Vec<Publication> {
    let mut out: Vec<Publication> = Vec::new();
    for value in values {
        let Ok(p) = serde_json::from_value::<Publication>(value) else {
            continue;
        };
        if trustworthy(&p) && !out.iter().any(|o| o.service == p.service) {
            out.push(p);
        } else {
            tracing::warn!(
                service = p.service.as_str(),
                "a publish record was left out"
            );
        }
    }
    out
}

/// Safe to put in an address and to show as a link.
pub fn trustworthy(p: &Publication) -> bool {
    let id_ok = |id: &str, slash: bool| {
        (1..=200).contains(&id.len())
            && !id.starts_with('.')
            && id.chars().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') || (slash && c == '/')
            })
            && id
                .split('/')
                .all(|part| !part.is_empty() && part != "." && part != "..")
    };
    let site_ok = match p.service {
        Service::GithubPages => id_ok(&p.site_id, true) && p.site_id.matches('/').count() == 1,
        _ => id_ok(&p.site_id, false),
    };
    let account_ok = p.account_id.as_deref().is_none_or(|a| id_ok(a, false));
    let url_ok = url::Url::parse(&p.url)
        .is_ok_and(|u| u.scheme() == "https" && u.host_str().is_some())
        && p.url.len() <= 500;
    site_ok && account_ok && url_ok && p.site_name.chars().count() <= 200
}

#[cfg(test)]
#[path = "record_tests.rs"]
mod tests;
