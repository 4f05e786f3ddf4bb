//! Netlify's flow: find or make the site, a deploy of digests, upload what Netlify lacks, wait
//! until it is live. An unfinished deploy is cancelled and never goes live.

use super::super::error::{PublishError, Result};
use super::super::job::Job;
use super::super::types::{now_ms, Publication, PublishStage};
use super::api;
use std::collections::BTreeMap;

pub async fn run(job: &mut Job<'_>) -> Result<Publication> {
    job.report(PublishStage::Site);
    let client = job.client.clone();
    let site = match job.previous {
        Some(p) => api::get_site(&client, &p.site_id)
            .await?
            .ok_or_else(|| job.site_gone(p))?,
        None => {
            let site = api::create_site(&client, &job.name).await?;
            job.made_site(&site.id, &site.name, site.live_url(), None);
            site
        }
    };
    let digests: BTreeMap<String, String> = job
        .site
        .files()
        .iter()
        .map(|f| (format!("/{}", f.path), f.sha1.clone()))
        .collect();
    let deploy = api::create_deploy(
        &client,
        &site.id,
        &digests,
        "Published from Screenshot to Code",
    )
    .await?;
    let outcome = upload_and_wait(job, &deploy).await;
    if outcome.is_err() {
        api::cancel_deploy(&client, &deploy.id).await;
    }
    outcome?;
    Ok(Publication {
        service: client.service(),
        site_id: site.id.clone(),
        site_name: site.name.clone(),
        url: site.live_url(),
        account_id: None,
        version_id: None,
        published_at: now_ms(),
        files: job.state.files,
        uploaded: job.state.to_send,
    })
}

async fn upload_and_wait(job: &mut Job<'_>, deploy: &api::DeployAnswer) -> Result<()> {
    let client = job.client.clone();
    let service = client.service();
    // Several paths may share a digest; Netlify needs the content once.
    let wanted = job.wanted(&deploy.required)?;
    job.will_send(wanted.len(), wanted.iter().map(|f| f.size()).sum());
    for file in wanted {
        client.check_cancelled()?;
        api::upload_file(&client, &deploy.id, &file.path, &file.bytes).await?;
        job.sent(file.size());
    }
    job.report(PublishStage::GoingLive);
    let started = std::time::Instant::now();
    let mut looks = 0;
    let mut state = deploy.clone();
    loop {
        match state.state.as_str() {
            "ready" => return Ok(()),
            "error" | "rejected" => {
                return Err(PublishError::DeployFailed {
                    service,
                    detail: state
                        .error_message
                        .clone()
                        .unwrap_or_else(|| "the deploy ended in an error".into()),
                })
            }
            _ => {}
        }
        client.within_deadline(started)?;
        client.before_look(&mut looks).await?;
        state = api::get_deploy(&client, &deploy.id).await?;
    }
}
