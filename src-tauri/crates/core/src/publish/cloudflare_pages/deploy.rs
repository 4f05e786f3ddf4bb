//! Cloudflare Pages' flow: the account and the project, an upload session, the assets it
//! lacks in buckets, then a production deployment of the manifest, watched until it is live.

use super::super::error::{PublishError, Result};
use super::super::job::Job;
use super::super::site::{hex, SiteFile};
use super::super::types::{now_ms, Publication, PublishStage};
use super::api;
use base64::Engine;
use std::collections::BTreeMap;

/// wrangler's bucket limits: a request carries at most this many bytes / files.
const MAX_BUCKET_BYTES: u64 = 40 * 1024 * 1024;
const MAX_BUCKET_FILES: usize = 2000;

pub async fn run(job: &mut Job<'_>) -> Result<Publication> {
    job.report(PublishStage::Site);
    let client = job.client.clone();
    let service = client.service();
    let account = match job.previous.and_then(|p| p.account_id.clone()) {
        Some(account) => account,
        None => api::account(&client, job.account_id.as_deref()).await?,
    };
    let project = match job.previous {
        Some(p) => api::get_project(&client, &account, &p.site_id)
            .await?
            .ok_or_else(|| job.site_gone(p))?,
        None => {
            let project = api::create_project(&client, &account, &job.name).await?;
            let url = project.live_url();
            job.made_site(&project.name, &project.name, url, Some(account.clone()));
            project
        }
    };
    let jwt = api::upload_token(&client, &account, &project.name).await?;
    let assets = client.with_bearer(&jwt)?;
    let hashed: Vec<(&SiteFile, String)> = job
        .site
        .files()
        .iter()
        .map(|f| (f, asset_hash(f)))
        .collect();
    let mut hashes: Vec<String> = hashed.iter().map(|(_, h)| h.clone()).collect();
    hashes.sort();
    hashes.dedup();
    let missing = api::check_missing(&assets, &hashes).await?;
    let mut wanted: Vec<(&SiteFile, &str)> = Vec::new();
    for (file, hash) in &hashed {
        if missing.contains(hash) && !wanted.iter().any(|(_, h)| h == hash) {
            wanted.push((file, hash));
        }
    }
    job.will_send(wanted.len(), wanted.iter().map(|(f, _)| f.size()).sum());
    for bucket in buckets(wanted) {
        client.check_cancelled()?;
        api::upload(&assets, &bucket).await?;
        for (file, _) in &bucket {
            job.sent(file.size());
        }
    }
    api::upsert_hashes(&assets, &hashes).await?;
    client.check_cancelled()?;
    let manifest: BTreeMap<String, String> = hashed
        .iter()
        .map(|(f, h)| (format!("/{}", f.path), h.clone()))
        .collect();
    job.report(PublishStage::GoingLive);
    let mut deployment =
        api::create_deployment(&client, &account, &project.name, &manifest).await?;
    let started = std::time::Instant::now();
    let mut looks = 0;
    loop {
        let stage = deployment.latest_stage.clone();
        match stage.as_ref().map(|s| (s.name.as_str(), s.status.as_str())) {
            Some(("deploy", "success")) => break,
            Some((_, "failure" | "canceled")) => {
                return Err(PublishError::DeployFailed {
                    service,
                    detail: format!(
                        "the {} step failed",
                        stage.map(|s| s.name).unwrap_or_default()
                    ),
                })
            }
            _ => {}
        }
        client.within_deadline(started)?;
        client.before_look(&mut looks).await?;
        deployment = api::get_deployment(&client, &account, &project.name, &deployment.id).await?;
    }
    Ok(Publication {
        service,
        site_id: project.name.clone(),
        site_name: project.name.clone(),
        url: project.live_url(),
        account_id: Some(account),
        version_id: None,
        published_at: now_ms(),
        files: job.state.files,
        uploaded: job.state.to_send,
    })
}

/// How Cloudflare names an asset (wrangler's `hashFile`): BLAKE3 of the base64 content followed
/// by the extension, the first 32 hex digits.
pub fn asset_hash(file: &SiteFile) -> String {
    let extension = file
        .path
        .rsplit('/')
        .next()
        .and_then(|name| name.rsplit_once('.'))
        .map(|(_, ext)| ext)
        .unwrap_or("");
    let mut hasher = blake3::Hasher::new();
    hasher.update(
        base64::engine::general_purpose::STANDARD
            .encode(&file.bytes)
            .as_bytes(),
    );
    hasher.update(extension.as_bytes());
    let mut digest = hex(hasher.finalize().as_bytes());
    digest.truncate(32);
    digest
}

/// Files in request-sized buckets, largest first.
fn buckets<'a>(mut files: Vec<(&'a SiteFile, &'a str)>) -> Vec<Vec<(&'a SiteFile, &'a str)>> {
    files.sort_by_key(|(f, _)| std::cmp::Reverse(f.size()));
    let mut out: Vec<(u64, Vec<(&'a SiteFile, &'a str)>)> = Vec::new();
    for (file, hash) in files {
        let fits = out.iter_mut().find(|(bytes, b)| {
            bytes + file.size() <= MAX_BUCKET_BYTES && b.len() < MAX_BUCKET_FILES
        });
        match fits {
            Some((bytes, bucket)) => {
                *bytes += file.size();
                bucket.push((file, hash));
            }
            None => out.push((file.size(), vec![(file, hash)])),
        }
    }
    out.into_iter().map(|(_, b)| b).collect()
}

#[cfg(test)]
#[path = "deploy_tests.rs"]
mod tests;
