//! What a service's flow is handed: the client for its token, the site, where it went last
//! time, and the progress it reports as it goes.

use super::error::{PublishError, Result};
use super::http::ServiceClient;
use super::site::{Site, SiteFile};
use super::types::{now_ms, Progress, ProgressSink, Publication, PublishStage};

/// Hears of a site the moment a flow has made it, before anything is uploaded to it.
pub type MadeSink<'a> = &'a (dyn Fn(&Publication) + Send + Sync);

/// What a service's flow is handed.
pub struct Job<'a> {
    pub client: ServiceClient,
    pub site: &'a Site,
    pub previous: Option<&'a Publication>,
    pub name: String,
    pub account_id: Option<String>,
    progress: ProgressSink<'a>,
    made: MadeSink<'a>,
    pub state: Progress,
}

impl<'a> Job<'a> {
    pub fn new(
        client: ServiceClient,
        site: &'a Site,
        previous: Option<&'a Publication>,
        name: String,
        account_id: Option<String>,
        progress: ProgressSink<'a>,
        made: MadeSink<'a>,
    ) -> Self {
        let state = Progress {
            service: client.service(),
            stage: PublishStage::Preparing,
            files: u32::try_from(site.len()).unwrap_or(u32::MAX),
            to_send: 0,
            sent: 0,
            bytes_to_send: 0,
            bytes_sent: 0,
        };
        Self {
            client,
            site,
            previous,
            name,
            account_id,
            progress,
            made,
            state,
        }
    }

    /// The error for the site `previous` names, which the service no longer has (or this token
    /// cannot reach).
    pub fn site_gone(&self, previous: &Publication) -> PublishError {
        PublishError::SiteGone {
            service: self.client.service(),
            site: previous.site_name.clone(),
        }
    }

    /// The flow made a new site: it is remembered at once, so that if the upload fails the
    /// next publish finishes it there (its name is the user's now).
    pub fn made_site(
        &self,
        site_id: &str,
        site_name: &str,
        url: String,
        account_id: Option<String>,
    ) {
        (self.made)(&Publication {
            service: self.client.service(),
            site_id: site_id.to_owned(),
            site_name: site_name.to_owned(),
            url,
            account_id,
            version_id: None,
            published_at: now_ms(),
            files: 0,
            uploaded: 0,
        });
    }

    /// The site's files the service asked for by SHA-1, each content once.
    pub fn wanted(&self, sha1s: &[String]) -> Result<Vec<&'a SiteFile>> {
        let mut wanted: Vec<&'a SiteFile> = Vec::new();
        for sha in sha1s {
            let file = self
                .site
                .by_sha1(sha)
                .ok_or_else(|| PublishError::BadAnswer {
                    service: self.client.service(),
                    detail: format!("it asked for a file the site does not have ({sha})"),
                })?;
            if !wanted.iter().any(|w| w.sha1 == *sha) {
                wanted.push(file);
            }
        }
        Ok(wanted)
    }

    /// Tell the front end where the publish stands.
    pub fn report(&mut self, stage: PublishStage) {
        self.state.stage = stage;
        (self.progress)(self.state.clone());
    }

    /// The files the service lacks are known: `count` files, `bytes` bytes.
    pub fn will_send(&mut self, count: usize, bytes: u64) {
        self.state.to_send = u32::try_from(count).unwrap_or(u32::MAX);
        self.state.bytes_to_send = bytes;
        self.report(PublishStage::Uploading);
    }

    /// One more file is there.
    pub fn sent(&mut self, bytes: u64) {
        self.state.sent = self.state.sent.saturating_add(1);
        self.state.bytes_sent = self.state.bytes_sent.saturating_add(bytes);
        self.report(PublishStage::Uploading);
    }
}
