//! Publishing as the app and the CLI ask for it: a project version, or a folder (an app
//! project's working copy, an export, a variant written by `s2c generate`), to the site it went
//! to last time on that service — or to a new one — and remembering where it went.

use super::access::Access;
use super::error::{PublishError, Result};
use super::git::{push_to_github, PushReport};
use super::http::{ServiceClient, Timing};
use super::record::{Records, Shelf};
use super::run::{publish_with, site_name, PublishRequest};
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
    /// Where it went last time on this service, unless a new site is asked for; else a site
    /// of that name an earlier publish made and did not finish (`true`).
    fn previous(&self, records: Records<'_>, name: &str) -> Result<Option<(Publication, bool)>> {
        let on_service =
            |all: Vec<Publication>| all.into_iter().find(|p| p.service == self.service);
        if !self.new_site {
            if let Some(live) = on_service(records.read(Shelf::Live)?) {
                return Ok(Some((live, false)));
            }
        }
        let wanted = site_name(name);
        Ok(on_service(records.read(Shelf::Unfinished)?)
            .filter(|p| p.site_name.rsplit('/').next() == Some(wanted.as_str()))
            .map(|p| (p, true)))
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
    let site = Site::from_version(project, version, variant).await?;
    let name = match &target.name {
        Some(name) => name.clone(),
        None => project.info()?.name,
    };
    let job = Recorded {
        records: Records::Project(project),
        target,
        access,
        site: &site,
        name: &name,
        version: Some(version),
    };
    job.publish(progress, cancel).await
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
    let site = Site::from_folder(dir)?;
    let name = target.name.clone().unwrap_or_else(|| {
        dir.canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_default()
    });
    let job = Recorded {
        records: Records::Folder(dir),
        target,
        access,
        site: &site,
        name: &name,
        version: None,
    };
    job.publish(progress, cancel).await
}

/// One publish with its records: to the site it went to before (or the one an unfinished
/// publish made), a new site remembered as soon as it exists, the publication when it is live.
struct Recorded<'a> {
    records: Records<'a>,
    target: &'a Target,
    access: &'a Access,
    site: &'a Site,
    name: &'a str,
    version: Option<VersionId>,
}

impl Recorded<'_> {
    async fn publish(
        &self,
        progress: ProgressSink<'_>,
        cancel: CancellationToken,
    ) -> Result<Publication> {
        let previous = self.target.previous(self.records, self.name)?;
        let records = self.records;
        let made = move |p: &Publication| {
            if let Err(e) = records.write(Shelf::Unfinished, p) {
                tracing::warn!("could not remember the new site: {e}");
            }
        };
        let first = self.request(previous.as_ref().map(|(p, _)| p), progress, cancel.clone());
        let mut outcome = publish_with(first, &made).await;
        // The unfinished site was deleted since: make a new one.
        if let (Some((_, true)), Err(PublishError::SiteGone { .. })) = (&previous, &outcome) {
            records.forget(Shelf::Unfinished, self.target.service)?;
            outcome = publish_with(self.request(None, progress, cancel), &made).await;
        }
        let mut publication = outcome?;
        publication.version_id = self.version;
        records.write(Shelf::Live, &publication)?;
        Ok(publication)
    }

    fn request<'b>(
        &'b self,
        previous: Option<&'b Publication>,
        progress: ProgressSink<'b>,
        cancel: CancellationToken,
    ) -> PublishRequest<'b> {
        PublishRequest {
            service: self.target.service,
            site: self.site,
            token: &self.access.token,
            base_url: self.access.base_url.clone(),
            previous,
            name: self.name,
            account_id: self.access.account_id.clone(),
            progress,
            cancel,
            timing: self.target.timing,
        }
    }
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
