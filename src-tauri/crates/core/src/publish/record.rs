//! Where a page was published, remembered so the next publish updates the same site: in the
//! project's database, or for a plain folder in [`FOLDER_RECORD`] inside it (a dotfile, so it
//! is never uploaded). One publication per service. No token is ever kept here.
//!
//! A record is read back from disk that anyone may have written (a shared project, a folder
//! from a zip): each one is checked before use — a site id that could change the address it is
//! put in, or a URL that is not https, and the record is left out.

use super::error::{PublishError, Result};
use super::types::{Publication, Service};
use crate::atomic_file::write_atomic;
use crate::project::Project;
use std::path::Path;

/// The record of a plain folder.
pub const FOLDER_RECORD: &str = ".s2c-publish.json";
/// The project data key.
const PROJECT_KEY: &str = "publications";
/// A record larger than this is not one the app wrote.
const MAX_RECORD_BYTES: u64 = 64 * 1024;

/// A folder's publications, the bad ones left out.
pub fn read_folder(dir: &Path) -> Vec<Publication> {
    let path = dir.join(FOLDER_RECORD);
    let too_big = std::fs::metadata(&path).is_ok_and(|m| m.len() > MAX_RECORD_BYTES);
    if too_big {
        return Vec::new();
    }
    std::fs::read_to_string(&path)
        .map(|text| parse(&text))
        .unwrap_or_default()
}

/// Remember `publication` for a folder (replacing that service's earlier one).
pub fn write_folder(dir: &Path, publication: &Publication) -> Result<()> {
    let all = merged(read_folder(dir), publication);
    let text = serde_json::to_string_pretty(&all).unwrap_or_default();
    write_atomic(&dir.join(FOLDER_RECORD), text.as_bytes())
        .map_err(|e| PublishError::io(format!("saving {FOLDER_RECORD}"), e))
}

/// Forget where a folder went on `service` (the site is gone; the next publish makes one).
pub fn forget_folder(dir: &Path, service: Service) -> Result<()> {
    let all: Vec<Publication> = read_folder(dir)
        .into_iter()
        .filter(|p| p.service != service)
        .collect();
    let text = serde_json::to_string_pretty(&all).unwrap_or_default();
    write_atomic(&dir.join(FOLDER_RECORD), text.as_bytes())
        .map_err(|e| PublishError::io(format!("saving {FOLDER_RECORD}"), e))
}

/// A project's publications, the bad ones left out.
pub fn read_project(project: &Project) -> Result<Vec<Publication>> {
    Ok(project
        .app_data(PROJECT_KEY)?
        .filter(|text| text.len() as u64 <= MAX_RECORD_BYTES)
        .map(|text| parse(&text))
        .unwrap_or_default())
}

pub fn write_project(project: &Project, publication: &Publication) -> Result<()> {
    let all = merged(read_project(project)?, publication);
    let text = serde_json::to_string(&all).unwrap_or_default();
    Ok(project.set_app_data(PROJECT_KEY, Some(&text))?)
}

pub fn forget_project(project: &Project, service: Service) -> Result<()> {
    let all: Vec<Publication> = read_project(project)?
        .into_iter()
        .filter(|p| p.service != service)
        .collect();
    let text = serde_json::to_string(&all).unwrap_or_default();
    Ok(project.set_app_data(PROJECT_KEY, Some(&text))?)
}

fn merged(mut all: Vec<Publication>, publication: &Publication) -> Vec<Publication> {
    all.retain(|p| p.service != publication.service);
    all.push(publication.clone());
    all
}

fn parse(text: &str) -> Vec<Publication> {
    let values: Vec<serde_json::Value> = serde_json::from_str(text).unwrap_or_default();
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
