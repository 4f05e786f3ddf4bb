//! Cloudflare's endpoints and their wire types (base `https://api.cloudflare.com/client/v4`).

use super::super::error::{PublishError, Result};
use super::super::http::{segment, Answer, Call, ServiceClient};
use super::super::site::SiteFile;
use base64::Engine;
use reqwest::Method;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::BTreeMap;

/// Cloudflare's envelope.
#[derive(Deserialize)]
struct Envelope<T> {
    #[serde(default)]
    success: bool,
    result: Option<T>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ProjectAnswer {
    pub name: String,
    /// `name.pages.dev`, or another when that one was taken.
    #[serde(default)]
    pub subdomain: Option<String>,
}

impl ProjectAnswer {
    pub fn live_url(&self) -> String {
        let host = self
            .subdomain
            .clone()
            .unwrap_or_else(|| format!("{}.pages.dev", self.name));
        format!("https://{host}")
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Stage {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub status: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct DeploymentAnswer {
    pub id: String,
    #[serde(default)]
    pub latest_stage: Option<Stage>,
}

#[derive(Deserialize)]
struct Account {
    id: String,
}

#[derive(Deserialize)]
struct UploadToken {
    jwt: String,
}

#[derive(Deserialize)]
struct Verified {
    #[serde(default)]
    status: String,
}

/// A 2xx answer's `result`, or the error the answer stands for.
fn result<T: DeserializeOwned>(client: &ServiceClient, answer: &Answer, what: &str) -> Result<T> {
    let envelope: Envelope<T> = client.expect(answer, what)?;
    match envelope.result {
        Some(result) if envelope.success => Ok(result),
        _ => Err(PublishError::BadAnswer {
            service: client.service(),
            detail: format!("{what}: {}", answer.message()),
        }),
    }
}

async fn call<T: DeserializeOwned>(
    client: &ServiceClient,
    call: &Call<'_>,
    what: &str,
) -> Result<T> {
    let answer = client.send(call).await?;
    result(client, &answer, what)
}

/// `GET /user/tokens/verify`, and the account the token reaches.
pub async fn whoami(client: &ServiceClient, account_id: Option<&str>) -> Result<String> {
    let verified: Verified = call(client, &Call::get("/user/tokens/verify"), "the token").await?;
    if verified.status != "active" {
        return Err(PublishError::BadToken {
            service: client.service(),
        });
    }
    let account = account(client, account_id).await?;
    Ok(format!("account {account}"))
}

/// The account to use: the one given, or the only one the token reaches.
pub async fn account(client: &ServiceClient, given: Option<&str>) -> Result<String> {
    if let Some(id) = given.filter(|id| !id.trim().is_empty()) {
        return Ok(id.trim().to_owned());
    }
    let accounts: Vec<Account> = call(client, &Call::get("/accounts"), "the accounts").await?;
    match accounts.as_slice() {
        [only] => Ok(only.id.clone()),
        [] => Err(PublishError::NotAllowed {
            service: client.service(),
            detail: "the token reaches no account".into(),
        }),
        _ => Err(PublishError::InvalidInput(
            "The Cloudflare token reaches several accounts: paste the one to publish to in Settings → Publishing (Cloudflare account ID).".into(),
        )),
    }
}

fn projects(account: &str) -> Result<String> {
    Ok(format!("/accounts/{}/pages/projects", segment(account)?))
}

/// `GET …/pages/projects/{name}`; `None` when it is gone.
pub async fn get_project(
    client: &ServiceClient,
    account: &str,
    name: &str,
) -> Result<Option<ProjectAnswer>> {
    let path = format!("{}/{}", projects(account)?, segment(name)?);
    let answer = client.send(&Call::get(path)).await?;
    match answer.status {
        404 => Ok(None),
        _ => result(client, &answer, "the project").map(Some),
    }
}

/// `POST …/pages/projects`: a direct-upload project whose production branch is `main`.
pub async fn create_project(
    client: &ServiceClient,
    account: &str,
    name: &str,
) -> Result<ProjectAnswer> {
    let call = Call::new(Method::POST, projects(account)?, false)
        .json(&serde_json::json!({ "name": name, "production_branch": "main" }));
    let answer = client.send(&call).await?;
    if answer.status == 409 {
        return Err(PublishError::NameTaken {
            service: client.service(),
            name: name.to_owned(),
        });
    }
    result(client, &answer, "the new project")
}

/// `GET …/projects/{name}/upload-token`: the JWT the asset endpoints take.
pub async fn upload_token(client: &ServiceClient, account: &str, name: &str) -> Result<String> {
    let path = format!("{}/{}/upload-token", projects(account)?, segment(name)?);
    let token: UploadToken = call(client, &Call::get(path), "the upload token").await?;
    Ok(token.jwt)
}

/// `POST /pages/assets/check-missing` (with the JWT): which hashes Cloudflare lacks.
pub async fn check_missing(assets: &ServiceClient, hashes: &[String]) -> Result<Vec<String>> {
    let call = Call::new(Method::POST, "/pages/assets/check-missing", true)
        .json(&serde_json::json!({ "hashes": hashes }));
    call_assets(assets, &call, "the missing files").await
}

/// `POST /pages/assets/upload` (with the JWT): one bucket of files.
pub async fn upload(assets: &ServiceClient, bucket: &[(&SiteFile, &str)]) -> Result<()> {
    let payload: Vec<serde_json::Value> = bucket
        .iter()
        .map(|(file, hash)| {
            serde_json::json!({
                "key": hash,
                "value": base64::engine::general_purpose::STANDARD.encode(&file.bytes),
                "metadata": { "contentType": file.content_type() },
                "base64": true,
            })
        })
        .collect();
    let call = Call::new(Method::POST, "/pages/assets/upload", true).json(&payload);
    let answer = assets.send(&call).await?;
    if answer.status == 413 {
        let largest = bucket.iter().max_by_key(|(f, _)| f.size());
        return Err(PublishError::FileTooLarge {
            service: assets.service(),
            path: largest.map(|(f, _)| f.path.clone()).unwrap_or_default(),
            size: largest.map(|(f, _)| f.size()).unwrap_or(0),
            limit: assets.service().max_file_bytes(),
        });
    }
    if !answer.ok() {
        return Err(refusal(assets, &answer));
    }
    Ok(())
}

/// `POST /pages/assets/upsert-hashes` (with the JWT): the next publish finds them all.
pub async fn upsert_hashes(assets: &ServiceClient, hashes: &[String]) -> Result<()> {
    let call = Call::new(Method::POST, "/pages/assets/upsert-hashes", true)
        .json(&serde_json::json!({ "hashes": hashes }));
    call_assets::<serde_json::Value>(assets, &call, "the stored files").await?;
    Ok(())
}

/// The asset endpoints answer 401 for an upload JWT that expired: not the user's token.
async fn call_assets<T: DeserializeOwned>(
    assets: &ServiceClient,
    call: &Call<'_>,
    what: &str,
) -> Result<T> {
    let answer = assets.send(call).await?;
    if !answer.ok() {
        return Err(refusal(assets, &answer));
    }
    result(assets, &answer, what)
}

fn refusal(assets: &ServiceClient, answer: &Answer) -> PublishError {
    if answer.status == 401 {
        return PublishError::Rejected {
            service: assets.service(),
            status: 401,
            detail: "the upload session expired; publish again".into(),
        };
    }
    assets.refusal(answer)
}

/// `POST …/projects/{name}/deployments`: the manifest of the production branch.
pub async fn create_deployment(
    client: &ServiceClient,
    account: &str,
    name: &str,
    manifest: &BTreeMap<String, String>,
) -> Result<DeploymentAnswer> {
    let boundary = format!("s2c-{:016x}", fastrand::u64(..));
    let mut body = Vec::new();
    for (field, value) in [
        (
            "manifest",
            serde_json::to_string(manifest).unwrap_or_default(),
        ),
        ("branch", "main".to_owned()),
    ] {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let path = format!("{}/{}/deployments", projects(account)?, segment(name)?);
    let mut call = Call::new(Method::POST, path, false);
    call.body = Some((body, &content_type));
    let answer = client.send(&call).await?;
    if answer.status == 404 {
        return Err(PublishError::SiteGone {
            service: client.service(),
            site: name.to_owned(),
        });
    }
    result(client, &answer, "the deployment")
}

/// `GET …/projects/{name}/deployments/{id}`.
pub async fn get_deployment(
    client: &ServiceClient,
    account: &str,
    name: &str,
    id: &str,
) -> Result<DeploymentAnswer> {
    let path = format!(
        "{}/{}/deployments/{}",
        projects(account)?,
        segment(name)?,
        segment(id)?
    );
    call(client, &Call::get(path), "the deployment").await
}
