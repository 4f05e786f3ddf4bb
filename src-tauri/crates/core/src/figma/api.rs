//! Figma's REST API with a personal access token. The token goes in `X-Figma-Token` to the
//! configured base URL only; redirects are not followed (the shared vendor client refuses them),
//! so it cannot ride along to another host. The rendered PNGs are downloaded from wherever the
//! API says (Figma's image store, not the API host) through the safe fetcher, with no token, and
//! only from the allowed image hosts.

use super::error::FigmaError;
use super::link::FigmaLink;
use super::nodes::{Node, NodesAnswer};
use crate::redact::redact_secrets;
use crate::safe_fetch::SafeFetcher;
use crate::vocab::http_client::{read_capped, retry_after, shared_client, RetryPolicy};
use crate::vocab::ApiKey;
use reqwest::header::{HeaderValue, ACCEPT};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::collections::HashMap;
use std::time::Duration;
use url::Url;

/// Hosts (and their subdomains) the rendered images may come from: Figma serves them from its
/// own domain and from Amazon S3 buckets.
pub const DEFAULT_IMAGE_HOSTS: &[&str] = &["figma.com", "amazonaws.com"];
/// A node tree answer larger than this is refused.
const MAX_ANSWER_BYTES: usize = 32 * 1024 * 1024;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

pub struct FigmaConfig {
    /// `https://api.figma.com`, or the settings' override (`base_urls.figma`).
    pub base_url: String,
    pub token: ApiKey,
    /// Suffixes of the hosts images are downloaded from (tests add the mock's address).
    pub image_hosts: Vec<String>,
    pub downloads: SafeFetcher,
    /// Retries after a 429 or a 5xx.
    pub max_retries: u32,
    /// A 429 asking to wait longer than this is reported (with the wait), not waited out.
    pub max_wait: Duration,
}

impl FigmaConfig {
    pub fn new(base_url: impl Into<String>, token: ApiKey, downloads: SafeFetcher) -> Self {
        Self {
            base_url: base_url.into(),
            token,
            image_hosts: DEFAULT_IMAGE_HOSTS.iter().map(|h| h.to_string()).collect(),
            downloads,
            max_retries: 2,
            max_wait: Duration::from_secs(20),
        }
    }
}

/// Who the token belongs to (`GET /v1/me`), for Settings → Test.
#[derive(Debug, Clone, Deserialize)]
pub struct FigmaUser {
    #[serde(default)]
    pub handle: String,
    #[serde(default)]
    pub email: String,
}

#[derive(Deserialize)]
struct ImagesAnswer {
    #[serde(default)]
    err: Option<serde_json::Value>,
    #[serde(default)]
    images: HashMap<String, Option<String>>,
}

pub struct FigmaClient {
    cfg: FigmaConfig,
    base: Url,
    http: reqwest::Client,
}

impl FigmaClient {
    pub fn new(cfg: FigmaConfig) -> Result<Self, FigmaError> {
        let base = Url::parse(cfg.base_url.trim()).map_err(|_| {
            FigmaError::Network(format!(
                "the Figma base URL “{}” is not a URL",
                cfg.base_url
            ))
        })?;
        let http = shared_client(&base).map_err(|e| FigmaError::Network(e.to_string()))?;
        Ok(Self { cfg, base, http })
    }

    fn endpoint(&self, path: &str, query: &[(&str, &str)]) -> Result<Url, FigmaError> {
        let joined = format!("{}{path}", self.base.as_str().trim_end_matches('/'));
        let mut url = Url::parse(&joined).map_err(|e| FigmaError::Network(e.to_string()))?;
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        Ok(url)
    }

    /// One API call, retried on 429 (after Figma's `Retry-After`) and 5xx (with backoff).
    async fn get_json<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, &str)],
        what: &str,
    ) -> Result<T, FigmaError> {
        let url = self.endpoint(path, query)?;
        let mut token = HeaderValue::from_str(self.cfg.token.expose()).map_err(|_| {
            FigmaError::Forbidden("the token contains characters a header cannot carry".into())
        })?;
        token.set_sensitive(true);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let sent = self
                .http
                .get(url.clone())
                .header("X-Figma-Token", token.clone())
                .header(ACCEPT, "application/json")
                .timeout(REQUEST_TIMEOUT)
                .send()
                .await;
            let policy = RetryPolicy {
                max_retries: self.cfg.max_retries,
                max_wait: self.cfg.max_wait,
            };
            let response = match sent {
                Ok(r) => r,
                Err(e) => match policy.after_send_error(attempt, &e) {
                    Some(wait) => {
                        tokio::time::sleep(wait).await;
                        continue;
                    }
                    None => {
                        return Err(FigmaError::Network(
                            redact_secrets(&e.to_string()).into_owned(),
                        ))
                    }
                },
            };
            let status = response.status().as_u16();
            let wait = retry_after(response.headers());
            let body = read_capped(response, MAX_ANSWER_BYTES)
                .await
                .map_err(|e| FigmaError::BadAnswer(e.to_string()))?;
            if !(200..=299).contains(&status) {
                if let Some(delay) = policy.after_status(attempt, status, wait) {
                    tokio::time::sleep(delay).await;
                    continue;
                }
            }
            match status {
                200..=299 => {
                    return serde_json::from_slice(&body)
                        .map_err(|e| FigmaError::BadAnswer(format!("{what}: {e}")))
                }
                429 => return Err(FigmaError::RateLimited(wait)),
                400 | 401 | 403 => {
                    return Err(FigmaError::Forbidden(answer_message(status, &body)))
                }
                404 => return Err(FigmaError::NotFound(what.to_owned())),
                _ => {
                    return Err(FigmaError::Network(format!(
                        "Figma answered {}",
                        answer_message(status, &body)
                    )))
                }
            }
        }
    }

    pub async fn me(&self) -> Result<FigmaUser, FigmaError> {
        self.get_json("/v1/me", &[], "user").await
    }

    /// Where Figma put the frame rendered as PNG at `scale`.
    pub async fn image_url(&self, link: &FigmaLink, scale: u32) -> Result<String, FigmaError> {
        let scale = scale.to_string();
        let answer: ImagesAnswer = self
            .get_json(
                &format!("/v1/images/{}", link.file_key),
                &[("ids", &link.node_id), ("format", "png"), ("scale", &scale)],
                "file",
            )
            .await?;
        if let Some(err) = answer.err.filter(|e| !e.is_null()) {
            return Err(FigmaError::BadAnswer(
                redact_secrets(&err.to_string()).into_owned(),
            ));
        }
        match answer.images.get(&link.node_id) {
            Some(Some(url)) => Ok(url.clone()),
            Some(None) => Err(FigmaError::NotRendered(link.node_id.clone())),
            None => Err(FigmaError::NotFound(format!("node {}", link.node_id))),
        }
    }

    /// The file's name and the linked node's tree.
    pub async fn node(&self, link: &FigmaLink) -> Result<(String, Node), FigmaError> {
        let answer: NodesAnswer = self
            .get_json(
                &format!("/v1/files/{}/nodes", link.file_key),
                &[("ids", &link.node_id)],
                "file",
            )
            .await?;
        match answer.nodes.get(&link.node_id) {
            Some(Some(entry)) => Ok((answer.name, entry.document.clone())),
            _ => Err(FigmaError::NotFound(format!("node {}", link.node_id))),
        }
    }

    /// A rendered image, from an allowed image host, without the token.
    pub async fn download(&self, url: &str) -> Result<Vec<u8>, FigmaError> {
        let parsed = Url::parse(url)
            .map_err(|_| FigmaError::Download("Figma gave no valid image URL".into()))?;
        let host = match parsed.host() {
            Some(url::Host::Domain(d)) => d.to_ascii_lowercase(),
            Some(other) => other.to_string(),
            None => String::new(),
        };
        let allowed = self
            .cfg
            .image_hosts
            .iter()
            .any(|h| host == *h || host.ends_with(&format!(".{h}")));
        if !allowed {
            return Err(FigmaError::Download(format!(
                "the image is on {host}, which is not one of Figma's image hosts"
            )));
        }
        let fetched = self
            .cfg
            .downloads
            .fetch(url)
            .await
            .map_err(|e| FigmaError::Download(e.to_string()))?;
        Ok(fetched.bytes)
    }
}

/// Figma's error body (`{"status":403,"err":"Invalid token"}`), short and scrubbed.
fn answer_message(status: u16, body: &[u8]) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    let said = parsed.as_ref().and_then(|v| {
        v.get("err")
            .or_else(|| v.get("message"))
            .and_then(|m| m.as_str())
            .map(str::to_owned)
    });
    let said: String = said.unwrap_or_default().chars().take(200).collect();
    let said = redact_secrets(&said).into_owned();
    if said.is_empty() {
        format!("HTTP {status}")
    } else {
        format!("HTTP {status}: {said}")
    }
}
