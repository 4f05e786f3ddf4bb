//! Vercel's endpoints and their wire types (base `https://api.vercel.com`).

use super::super::error::{PublishError, Result};
use super::super::http::{segment, Call, ServiceClient};
use super::super::site::SiteFile;
use reqwest::Method;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct ProjectAnswer {
    pub id: String,
    #[serde(default)]
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentAnswer {
    pub id: String,
    #[serde(default)]
    pub url: Option<String>,
    #[serde(default)]
    pub ready_state: Option<String>,
    #[serde(default)]
    pub alias: Vec<String>,
    #[serde(default)]
    pub alias_assigned: Option<serde_json::Value>,
    #[serde(default)]
    pub alias_error: Option<serde_json::Value>,
}

impl DeploymentAnswer {
    /// The production domain when Vercel has given it, else the deployment's own address.
    pub fn live_url(&self) -> Option<String> {
        self.alias
            .first()
            .or(self.url.as_ref())
            .map(|host| format!("https://{}", host.trim_start_matches("https://")))
    }

    /// Why the production domain could not be assigned, when Vercel says so.
    pub fn alias_problem(&self) -> Option<String> {
        let error = self.alias_error.as_ref().filter(|e| !e.is_null())?;
        Some(
            error
                .get("message")
                .and_then(|m| m.as_str())
                .unwrap_or("no reason given")
                .chars()
                .take(200)
                .collect(),
        )
    }

    pub fn aliased(&self) -> bool {
        self.alias_assigned
            .as_ref()
            .is_some_and(|v| !v.is_null() && v != &serde_json::Value::Bool(false))
    }
}

/// What creating a deployment came to.
pub enum Created {
    Deployment(Box<DeploymentAnswer>),
    /// Vercel lacks these files (by SHA-1).
    Missing(Vec<String>),
}

#[derive(Deserialize)]
struct UserAnswer {
    user: User,
}

#[derive(Deserialize)]
struct User {
    #[serde(default)]
    username: Option<String>,
    #[serde(default)]
    email: Option<String>,
}

/// `GET /v2/user`.
pub async fn whoami(client: &ServiceClient) -> Result<String> {
    let answer: UserAnswer = client.json(&Call::get("/v2/user"), "the user").await?;
    Ok(answer
        .user
        .username
        .or(answer.user.email)
        .unwrap_or_else(|| "a Vercel user".into()))
}

/// `GET /v9/projects/{idOrName}`; `None` when it is gone.
pub async fn get_project(client: &ServiceClient, id: &str) -> Result<Option<ProjectAnswer>> {
    client
        .json_or_gone(
            &Call::get(format!("/v9/projects/{}", segment(id)?)),
            "the project",
        )
        .await
}

/// `POST /v11/projects`: a static project (no framework, nothing to build).
pub async fn create_project(client: &ServiceClient, name: &str) -> Result<ProjectAnswer> {
    let call = Call::new(Method::POST, "/v11/projects", false)
        .json(&serde_json::json!({ "name": name, "framework": null }));
    let answer = client.send(&call).await?;
    if answer.status == 409 {
        return Err(PublishError::NameTaken {
            service: client.service(),
            name: name.to_owned(),
        });
    }
    client.expect(&answer, "the new project")
}

/// `POST /v2/files`: one file, named by its SHA-1.
pub async fn upload_file(client: &ServiceClient, file: &SiteFile) -> Result<()> {
    let call = Call::new(Method::POST, "/v2/files", true)
        .header("x-vercel-digest", file.sha1.clone())
        .bytes(file.bytes.clone(), "application/octet-stream");
    let answer = client.send(&call).await?;
    if answer.status == 413 {
        return Err(PublishError::FileTooLarge {
            service: client.service(),
            path: file.path.clone(),
            size: file.size(),
            limit: None,
        });
    }
    client.expect_ok(&answer)
}

/// `POST /v13/deployments` for production, naming every file by its SHA-1.
pub async fn create_deployment(
    client: &ServiceClient,
    project: &ProjectAnswer,
    files: &[SiteFile],
) -> Result<Created> {
    let listed: Vec<serde_json::Value> = files
        .iter()
        .map(|f| serde_json::json!({ "file": f.path, "sha": f.sha1, "size": f.size() }))
        .collect();
    let call = Call::new(Method::POST, "/v13/deployments", false)
        .query("skipAutoDetectionConfirmation", "1")
        .json(&serde_json::json!({
            "name": project.name,
            "project": project.id,
            "target": "production",
            "files": listed,
            "projectSettings": { "framework": null },
        }));
    let answer = client.send(&call).await?;
    if answer.status == 400 {
        let body: serde_json::Value = serde_json::from_slice(&answer.body).unwrap_or_default();
        if body.pointer("/error/code").and_then(|c| c.as_str()) == Some("missing_files") {
            let missing = body
                .pointer("/error/missing")
                .and_then(|m| m.as_array())
                .map(|m| {
                    m.iter()
                        .filter_map(|s| s.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            return Ok(Created::Missing(missing));
        }
    }
    if answer.status == 404 {
        return Err(PublishError::SiteGone {
            service: client.service(),
            site: project.name.clone(),
        });
    }
    Ok(Created::Deployment(
        client.expect(&answer, "the deployment")?,
    ))
}

/// `GET /v13/deployments/{id}`.
pub async fn get_deployment(client: &ServiceClient, id: &str) -> Result<DeploymentAnswer> {
    client
        .json(
            &Call::get(format!("/v13/deployments/{}", segment(id)?)),
            "the deployment",
        )
        .await
}

/// `PATCH /v12/deployments/{id}/cancel`, best effort: a deployment that is not ready never
/// takes the production domain anyway.
pub async fn cancel_deployment(client: &ServiceClient, id: &str) {
    let Ok(id) = segment(id) else { return };
    let call = Call::new(Method::PATCH, format!("/v12/deployments/{id}/cancel"), true);
    if let Err(e) = client.detached().send(&call).await {
        tracing::warn!("could not cancel the unfinished Vercel deployment: {e}");
    }
}
