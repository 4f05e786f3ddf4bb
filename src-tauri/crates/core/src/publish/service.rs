//! Publishing as the app and the CLI ask for it: a project version, or a folder (an app
//! project's working copy, an export, a variant written by `s2c generate`), to the site it went
//! to last time on that service — or to a new one — and remembering where it went.

use super::access::Access;
use super::error::{PublishError, Result};
use super::git::{push_to_github, PushReport};
use super::http::{ServiceClient, Timing};
use super::record;
use super::run::{publish, site_name, PublishRequest};
use super::site::Site;
use super::types::{ProgressSink, Publication, Service};
use crate::project::{Project, VariantId, VersionId, DATA_DIR};
use std::path::Path;
use tokio_util::sync::CancellationToken;

/// Where to publish.
pub struct Target {
    pub service: Service,
    /// The name for a new site; the project's or the folder's name when unset.
    pub name: Option<String>,
    /// Make a new site even if this one was published to that service before.
    pub new_site: bool,
    pub timing: Timing,
}

impl Target {
    /// Where it went last time on this service, unless a new site is asked for.
    fn previous(&self, publications: Vec<Publication>) -> Option<Publication> {
        if self.new_site {
            return None;
        }
        publications.into_iter().find(|p| p.service == self.service)
    }
}

/// Publish a version of `project` (its chosen variant, or `variant`) and remember where.
pub async fn publish_version(
    project: &Project,
    version: VersionId,
    variant: Option<VariantId>,
    target: &Target,
    access: &Access,
    progress: ProgressSink<'_>,
    cancel: CancellationToken,
) -> Result<Publication> {
    let previous = target.previous(record::read_project(project)?);
    let site = Site::from_version(project, version, variant).await?;
    let name = match &target.name {
        Some(name) => name.clone(),
        None => project.info()?.name,
    };
    let mut publication = publish(request(
        target,
        access,
        &site,
        previous.as_ref(),
        &name,
        progress,
        cancel,
    ))
    .await?;
    publication.version_id = Some(version);
    record::write_project(project, &publication)?;
    Ok(publication)
}

/// Publish a folder: an app project's working copy (its current version), or the folder's
/// own files, remembered in the folder.
pub async fn publish_dir(
    dir: &Path,
    target: &Target,
    access: &Access,
    progress: ProgressSink<'_>,
    cancel: CancellationToken,
) -> Result<Publication> {
    if dir.join(DATA_DIR).join("project.db").is_file() {
        let project = Project::open(dir)?;
        let version = project.info()?.current_version.ok_or_else(|| {
            PublishError::InvalidInput(
                "The project has no version yet: generate a page first.".into(),
            )
        })?;
        return publish_version(&project, version, None, target, access, progress, cancel).await;
    }
    if !dir.is_dir() {
        return Err(PublishError::InvalidInput(format!(
            "{} is not a folder",
            dir.display()
        )));
    }
    let previous = target.previous(record::read_folder(dir));
    let site = Site::from_folder(dir)?;
    let name = target.name.clone().unwrap_or_else(|| {
        dir.canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default()
    });
    let publication = publish(request(
        target,
        access,
        &site,
        previous.as_ref(),
        &name,
        progress,
        cancel,
    ))
    .await?;
    record::write_folder(dir, &publication)?;
    Ok(publication)
}

/// "Push to GitHub" with a GitHub token: to the repository the project went to before, or to a
/// new one called `name` (made safe), private when asked. `sent(done, total)` hears of commits.
pub async fn push_project(
    project: &Project,
    access: &Access,
    name: &str,
    private: bool,
    sent: &(dyn Fn(u32, u32) + Send + Sync),
    cancel: CancellationToken,
) -> Result<PushReport> {
    let client = ServiceClient::new(
        Service::GithubPages,
        &access.base_url,
        &access.token,
        cancel,
    )?;
    push_to_github(project, &client, &site_name(name), private, sent).await
}

fn request<'a>(
    target: &Target,
    access: &'a Access,
    site: &'a Site,
    previous: Option<&'a Publication>,
    name: &'a str,
    progress: ProgressSink<'a>,
    cancel: CancellationToken,
) -> PublishRequest<'a> {
    PublishRequest {
        service: target.service,
        site,
        token: &access.token,
        base_url: access.base_url.clone(),
        previous,
        name,
        account_id: access.account_id.clone(),
        progress,
        cancel,
        timing: target.timing,
    }
}
