//! Vercel's flow: find or make the project, ask for a production deployment of the files'
//! SHA-1s, upload the ones Vercel lacks and ask again, wait until it is ready.

use super::super::error::{PublishError, Result};
use super::super::job::Job;
use super::super::types::{now_ms, Publication, PublishStage};
use super::api::{self, Created};

pub async fn run(job: &mut Job<'_>) -> Result<Publication> {
    job.report(PublishStage::Site);
    let client = job.client.clone();
    let service = client.service();
    let project = match job.previous {
        Some(p) => api::get_project(&client, &p.site_id)
            .await?
            .ok_or_else(|| job.site_gone(p))?,
        None => {
            let project = api::create_project(&client, &job.name).await?;
            let url = format!("https://{}.vercel.app", project.name);
            job.made_site(&project.id, &project.name, url, None);
            project
        }
    };
    let files = job.site.files();
    let mut deployment = match api::create_deployment(&client, &project, files).await? {
        Created::Deployment(d) => {
            job.will_send(0, 0);
            *d
        }
        Created::Missing(missing) => {
            let wanted = job.wanted(&missing)?;
            job.will_send(wanted.len(), wanted.iter().map(|f| f.size()).sum());
            for file in wanted {
                client.check_cancelled()?;
                api::upload_file(&client, file).await?;
                job.sent(file.size());
            }
            match api::create_deployment(&client, &project, files).await? {
                Created::Deployment(d) => *d,
                Created::Missing(still) => {
                    return Err(PublishError::BadAnswer {
                        service,
                        detail: format!(
                            "{} files were still missing after the upload",
                            still.len()
                        ),
                    })
                }
            }
        }
    };
    job.report(PublishStage::GoingLive);
    let started = std::time::Instant::now();
    let mut looks = 0;
    loop {
        let state = deployment.ready_state.as_deref().unwrap_or("");
        if state == "READY" && deployment.aliased() {
            break;
        }
        if let Some(problem) = deployment.alias_problem() {
            return Err(PublishError::DeployFailed {
                service,
                detail: format!("the production address could not be assigned ({problem})"),
            });
        }
        if state == "ERROR" || state == "CANCELED" || state.ends_with("_ERROR") {
            return Err(PublishError::DeployFailed {
                service,
                detail: format!("the deployment ended as {}", state.to_lowercase()),
            });
        }
        if let Err(e) = client.within_deadline(started) {
            api::cancel_deployment(&client, &deployment.id).await;
            return Err(e);
        }
        if let Err(e) = client.before_look(&mut looks).await {
            api::cancel_deployment(&client, &deployment.id).await;
            return Err(e);
        }
        deployment = api::get_deployment(&client, &deployment.id).await?;
    }
    let url = deployment
        .live_url()
        .ok_or_else(|| PublishError::BadAnswer {
            service,
            detail: "the deployment has no address".into(),
        })?;
    Ok(Publication {
        service,
        site_id: project.id.clone(),
        site_name: project.name.clone(),
        url,
        account_id: None,
        version_id: None,
        published_at: now_ms(),
        files: job.state.files,
        uploaded: job.state.to_send,
    })
}
