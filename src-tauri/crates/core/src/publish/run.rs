//! One publish, whichever the service: the request, the client for its token, the service's
//! flow, and the publication that comes back (checked before anyone stores or shows it).

use super::error::{PublishError, Result};
use super::http::{ServiceClient, Timing};
use super::job::{Job, MadeSink};
use super::record::trustworthy;
use super::site::Site;
use super::types::{ProgressSink, Publication, PublishStage, Service};
use super::{cloudflare_pages, github_pages, netlify, vercel};
use crate::vocab::ApiKey;
use tokio_util::sync::CancellationToken;

/// Everything one publish needs.
pub struct PublishRequest<'a> {
    pub service: Service,
    pub site: &'a Site,
    pub token: &'a ApiKey,
    /// The service's API; the default unless the settings or `<SERVICE>_BASE_URL` name another.
    pub base_url: String,
    /// Where it went last time on this service: that site is updated.
    pub previous: Option<&'a Publication>,
    /// The name for a new site (a subdomain or a repository name), made safe first.
    pub name: &'a str,
    /// Cloudflare's account; unset: the only one the token reaches.
    pub account_id: Option<String>,
    pub progress: ProgressSink<'a>,
    pub cancel: CancellationToken,
    pub timing: Timing,
}

/// Publish `request.site`; the live site changes only when every file is there.
pub async fn publish(request: PublishRequest<'_>) -> Result<Publication> {
    publish_with(request, &|_| {}).await
}

/// [`publish`], telling `made` of a new site as soon as it exists.
pub async fn publish_with(request: PublishRequest<'_>, made: MadeSink<'_>) -> Result<Publication> {
    let service = request.service;
    let previous = request.previous.filter(|p| p.service == service);
    if let Some(p) = previous {
        if !trustworthy(p) {
            return Err(PublishError::Forbidden(format!(
                "The saved {} site of this project is not one the app can use. Publish to a new site instead.",
                service.label()
            )));
        }
    }
    let mut client = ServiceClient::new(service, &request.base_url, request.token, request.cancel)?;
    client.timing = request.timing;
    let mut job = Job::new(
        client,
        request.site,
        previous,
        site_name(request.name),
        request.account_id,
        request.progress,
        made,
    );
    check_sizes(service, request.site)?;
    job.report(PublishStage::Preparing);
    let publication = match service {
        Service::Netlify => netlify::deploy::run(&mut job).await?,
        Service::Vercel => vercel::deploy::run(&mut job).await?,
        Service::GithubPages => github_pages::deploy::run(&mut job).await?,
        Service::CloudflarePages => cloudflare_pages::deploy::run(&mut job).await?,
    };
    if !trustworthy(&publication) {
        return Err(PublishError::BadAnswer {
            service,
            detail: "the site's address is not an https address".into(),
        });
    }
    Ok(publication)
}

/// Who the token belongs to, for Settings → Test: a name to show, or why it was refused.
pub async fn whoami(
    service: Service,
    base_url: &str,
    token: &ApiKey,
    account_id: Option<&str>,
) -> Result<String> {
    let client = ServiceClient::new(service, base_url, token, CancellationToken::new())?;
    match service {
        Service::Netlify => netlify::api::whoami(&client).await,
        Service::Vercel => vercel::api::whoami(&client).await,
        Service::GithubPages => super::github::api::whoami(&client).await,
        Service::CloudflarePages => cloudflare_pages::api::whoami(&client, account_id).await,
    }
}

/// Every file within what the service documents accepting, checked before anything is sent.
fn check_sizes(service: Service, site: &Site) -> Result<()> {
    let Some(limit) = service.max_file_bytes() else {
        return Ok(());
    };
    match site.files().iter().find(|f| f.size() > limit) {
        Some(file) => Err(PublishError::FileTooLarge {
            service,
            path: file.path.clone(),
            size: file.size(),
            limit: Some(limit),
        }),
        None => Ok(()),
    }
}

/// A name every service accepts as a subdomain or a repository: lowercase letters, digits and
/// single dashes, 1–58 characters (Netlify's and Cloudflare's subdomain rules are the tightest).
pub fn site_name(raw: &str) -> String {
    let mut name = String::new();
    for c in raw.trim().chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('-') && !name.is_empty() {
            name.push('-');
        }
    }
    let name: String = name.trim_matches('-').chars().take(58).collect();
    let name = name.trim_end_matches('-').to_owned();
    if name.is_empty() {
        "my-page".to_owned()
    } else {
        name
    }
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
