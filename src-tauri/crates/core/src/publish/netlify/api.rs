//! Netlify's endpoints and their wire types (base `https://api.netlify.com/api/v1`).

use super::super::error::{PublishError, Result};
use super::super::http::{file_path, segment, Call, ServiceClient};
use reqwest::Method;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
pub struct SiteAnswer {
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub ssl_url: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
}

impl SiteAnswer {
    /// The live address: Netlify gives both; the https one is the one to share.
    pub fn live_url(&self) -> String {
        self.ssl_url
            .clone()
            .or_else(|| {
                self.url
                    .as_ref()
                    .map(|u| u.replacen("http://", "https://", 1))
            })
            .unwrap_or_default()
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct DeployAnswer {
    pub id: String,
    #[serde(default)]
    pub state: String,
    /// SHA-1s of the files Netlify does not have yet.
    #[serde(default)]
    pub required: Vec<String>,
    #[serde(default)]
    pub error_message: Option<String>,
}

#[derive(Deserialize)]
struct User {
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    full_name: Option<String>,
    #[serde(default)]
    slug: Option<String>,
}

/// `GET /user`: whose token it is.
pub async fn whoami(client: &ServiceClient) -> Result<String> {
    let user: User = client.json(&Call::get("/user"), "the user").await?;
    Ok(user
        .full_name
        .or(user.email)
        .or(user.slug)
        .unwrap_or_else(|| "a Netlify user".into()))
}

/// `GET /sites/{site_id}`; `None` when it is gone (or not this token's).
pub async fn get_site(client: &ServiceClient, id: &str) -> Result<Option<SiteAnswer>> {
    client
        .json_or_gone(&Call::get(format!("/sites/{}", segment(id)?)), "the site")
        .await
}

/// `POST /sites`: a new site with `name` as its subdomain.
pub async fn create_site(client: &ServiceClient, name: &str) -> Result<SiteAnswer> {
    let call = Call::new(Method::POST, "/sites", false).json(&serde_json::json!({ "name": name }));
    let answer = client.send(&call).await?;
    if answer.status == 422 {
        return Err(PublishError::NameTaken {
            service: client.service(),
            name: name.to_owned(),
        });
    }
    client.expect(&answer, "the new site")
}

/// `POST /sites/{site_id}/deploys` with every file's digest; Netlify answers which it lacks.
pub async fn create_deploy(
    client: &ServiceClient,
    site_id: &str,
    files: &BTreeMap<String, String>,
    title: &str,
) -> Result<DeployAnswer> {
    let call = Call::new(
        Method::POST,
        format!("/sites/{}/deploys", segment(site_id)?),
        false,
    )
    .query("title", title)
    .json(&serde_json::json!({ "files": files, "draft": false }));
    let answer = client.send(&call).await?;
    if answer.status == 404 {
        return Err(PublishError::SiteGone {
            service: client.service(),
            site: site_id.to_owned(),
        });
    }
    client.expect(&answer, "the deploy")
}

/// `PUT /deploys/{deploy_id}/files/{path}`: one file's bytes.
pub async fn upload_file(
    client: &ServiceClient,
    deploy_id: &str,
    path: &str,
    bytes: &[u8],
) -> Result<()> {
    let call = Call::new(
        Method::PUT,
        format!(
            "/deploys/{}/files/{}",
            segment(deploy_id)?,
            file_path(path)?
        ),
        true,
    )
    .bytes(bytes.to_vec(), "application/octet-stream");
    let answer = client.send(&call).await?;
    if answer.status == 413 {
        return Err(PublishError::FileTooLarge {
            service: client.service(),
            path: path.to_owned(),
            size: bytes.len() as u64,
            limit: None,
        });
    }
    client.expect_ok(&answer)
}

/// `GET /deploys/{deploy_id}`.
pub async fn get_deploy(client: &ServiceClient, id: &str) -> Result<DeployAnswer> {
    client
        .json(
            &Call::get(format!("/deploys/{}", segment(id)?)),
            "the deploy",
        )
        .await
}

/// `POST /deploys/{deploy_id}/cancel`: an unfinished deploy never goes live. Best effort: the
/// publish already failed, and an unfinished deploy is never published anyway.
pub async fn cancel_deploy(client: &ServiceClient, id: &str) {
    let Ok(id) = segment(id) else { return };
    let call = Call::new(Method::POST, format!("/deploys/{id}/cancel"), true);
    if let Err(e) = client.detached().send(&call).await {
        tracing::warn!("could not cancel the unfinished Netlify deploy: {e}");
    }
}
