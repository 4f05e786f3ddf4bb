//! Figma's REST API with a personal access token. The token goes in `X-Figma-Token` to the
//! configured base URL only; redirects are not followed (the shared vendor client refuses them),
//! so it cannot ride along to another host. The rendered PNGs are downloaded from wherever the
//! API says (Figma's image store, not the API host) through the safe fetcher, with no token, and
//! only from the allowed image hosts, every redirect included.

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

/// The hosts rendered images come from: the render API's S3 bucket, and the image stores of
/// Figma's own domain. Exact names: a suffix like `amazonaws.com` would admit any S3 bucket,
/// anyone's. Every redirect is held to the same list.
pub const DEFAULT_IMAGE_HOSTS: &[&str] = &[
    "figma-alpha-api.s3.us-west-2.amazonaws.com",
    "s3-alpha.figma.com",
    "s3-alpha-sig.figma.com",
];
/// A node tree answer larger than this is refused.
const MAX_ANSWER_BYTES: usize = 32 * 1024 * 1024;
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

pub struct FigmaConfig {
    /// `https://api.figma.com`, or the settings' override (`base_urls.figma`).
    pub base_url: String,
    pub token: ApiKey,
    /// The hosts images are downloaded from, exactly (tests give the mock's `ip:port`).
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
        let mut cfg = cfg;
        cfg.downloads = cfg
            .downloads
            .only_to(&cfg.image_hosts)
            .map_err(|e| FigmaError::Network(e.to_string()))?;
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
        self.image_url_at(link, &scale.to_string()).await
    }

    /// [`Self::image_url`] at a fractional scale (Figma takes 0.01 to 4): a small preview.
    pub async fn image_url_scaled(
        &self,
        link: &FigmaLink,
        scale: f64,
    ) -> Result<String, FigmaError> {
        let scale = format!("{:.3}", scale.clamp(0.01, 4.0));
        let scale = scale.trim_end_matches('0').trim_end_matches('.');
        self.image_url_at(link, scale).await
    }

    async fn image_url_at(&self, link: &FigmaLink, scale: &str) -> Result<String, FigmaError> {
        let answer: ImagesAnswer = self
            .get_json(
                &format!("/v1/images/{}", link.file_key),
                &[("ids", &link.node_id), ("format", "png"), ("scale", scale)],
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
        self.node_to_depth(link, None).await
    }

    /// The file's name and the linked node without its descendants (`depth=1`): its name, type
    /// and size, cheaply, for a preview before anything is imported.
    pub async fn node_summary(&self, link: &FigmaLink) -> Result<(String, Node), FigmaError> {
        self.node_to_depth(link, Some("1")).await
    }

    async fn node_to_depth(
        &self,
        link: &FigmaLink,
        depth: Option<&str>,
    ) -> Result<(String, Node), FigmaError> {
        let mut query = vec![("ids", link.node_id.as_str())];
        if let Some(depth) = depth {
            query.push(("depth", depth));
        }
        let answer: NodesAnswer = self
            .get_json(
                &format!("/v1/files/{}/nodes", link.file_key),
                &query,
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
        let host = parsed.host_str().unwrap_or("").to_ascii_lowercase();
        let with_port = format!("{host}:{}", parsed.port_or_known_default().unwrap_or(0));
        let allowed = self
            .cfg
            .image_hosts
            .iter()
            .any(|h| h.eq_ignore_ascii_case(&host) || h.eq_ignore_ascii_case(&with_port));
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
