//! Gemini's Files API, for recordings too big to send inline: a resumable upload
//! (`POST {host}/upload/v1beta/files` with `X-Goog-Upload-Command: start`, then the bytes to the
//! returned `x-goog-upload-url` with `upload, finalize`), then `GET /v1beta/files/{id}` until the
//! video is `ACTIVE`. The request then names it by `fileData.fileUri`, and every later turn of
//! the session sends only that reference.
//!
//! The key goes only to the configured base URL's host: an upload URL on another origin is
//! refused, and the upload itself is authorised by the session id in that URL, not by the key.

use super::super::error::{Origin, ProviderError, ProviderErrorCode};
use super::super::transport::retry::retry_after;
use super::super::wire::secret_value;
use crate::vocab::http_client::{read_capped, BodyError};
use crate::vocab::{ApiKey, VideoAttachment};
use reqwest::header::{HeaderMap, HeaderName, HeaderValue, CONTENT_TYPE};
use reqwest::{Client, Response, Url};
use serde::Deserialize;
use std::time::Duration;
use tokio_util::sync::CancellationToken;

/// Recordings up to this size go inline. Gemini refuses inline requests above 20 MB in all, and
/// base64 adds a third; the rest of the request (prompt, screenshots) needs room too.
pub const INLINE_VIDEO_MAX_BYTES: usize = 14 * 1024 * 1024;

/// How long a video may stay `PROCESSING` before the turn gives up.
const PROCESSING_DEADLINE: Duration = Duration::from_secs(300);
const POLL_FIRST: Duration = Duration::from_millis(500);
const POLL_MAX: Duration = Duration::from_secs(5);
/// An upload or status answer larger than this is not a file description.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

#[derive(Debug, Deserialize)]
struct Uploaded {
    file: FileInfo,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FileInfo {
    name: String,
    #[serde(default)]
    uri: String,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

/// The id in a file's resource name. The name comes from the vendor: only `files/<id>` may be
/// joined to the base URL.
fn file_id(name: &str) -> Option<&str> {
    name.strip_prefix("files/").filter(|id| {
        !id.is_empty()
            && id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}

/// Who uploads: the session's client, origin, base URL and key.
pub struct Uploader<'a> {
    pub client: &'a Client,
    pub origin: &'a Origin,
    /// The API base, e.g. `https://generativelanguage.googleapis.com/v1beta`.
    pub base: &'a Url,
    pub key: &'a ApiKey,
}

impl Uploader<'_> {
    /// Upload `video` and wait until Gemini can read it; the answer is its `fileUri`.
    pub async fn upload(
        &self,
        video: &VideoAttachment,
        cancel: &CancellationToken,
    ) -> Result<String, ProviderError> {
        let session = self.start(video).await?;
        let uploaded: Uploaded = self.finish(&session, &video.data).await?;
        self.wait_active(uploaded.file, cancel).await
    }

    fn fail(&self, message: impl Into<String>) -> ProviderError {
        ProviderError::setup(self.origin, ProviderErrorCode::Server, message)
    }

    fn network(&self, e: reqwest::Error) -> ProviderError {
        let code = if e.is_timeout() {
            ProviderErrorCode::Timeout
        } else {
            ProviderErrorCode::Network
        };
        ProviderError::setup(
            self.origin,
            code,
            format!("uploading the recording failed: {e}"),
        )
    }

    fn keyed(&self) -> Result<HeaderMap, ProviderError> {
        let mut headers = HeaderMap::new();
        headers.insert(
            HeaderName::from_static("x-goog-api-key"),
            secret_value(self.origin, self.key.expose())?,
        );
        Ok(headers)
    }

    /// `{scheme}://{host}/upload/{base path}/files`.
    fn upload_url(&self) -> Url {
        let mut url = self.base.clone();
        let path = format!(
            "/upload/{}/files",
            self.base.path().trim_matches('/').trim_end_matches('/')
        );
        url.set_path(&path.replace("//", "/"));
        url
    }

    async fn start(&self, video: &VideoAttachment) -> Result<Url, ProviderError> {
        let mut headers = self.keyed()?;
        let pairs = [
            ("x-goog-upload-protocol", "resumable".to_owned()),
            ("x-goog-upload-command", "start".to_owned()),
            (
                "x-goog-upload-header-content-length",
                video.data.len().to_string(),
            ),
            (
                "x-goog-upload-header-content-type",
                video.media_type.clone(),
            ),
        ];
        for (name, value) in pairs {
            let value = HeaderValue::from_str(&value)
                .map_err(|_| self.fail(format!("the recording's {name} cannot be sent")))?;
            headers.insert(HeaderName::from_static(name), value);
        }
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        let response = self
            .client
            .post(self.upload_url())
            .headers(headers)
            .body(r#"{"file":{"display_name":"recording"}}"#)
            .send()
            .await
            .map_err(|e| self.network(e))?;
        let response = self.checked(response).await?;
        let location = response
            .headers()
            .get("x-goog-upload-url")
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| self.fail("the upload was not started (no x-goog-upload-url)"))?;
        let session = Url::parse(location)
            .map_err(|_| self.fail("the upload URL Gemini answered is not a URL"))?;
        if session.origin() != self.base.origin() {
            return Err(self.fail(format!(
                "the upload URL points to another host ({}); not sending the recording there",
                session.host_str().unwrap_or("?")
            )));
        }
        Ok(session)
    }

    async fn finish(&self, session: &Url, bytes: &[u8]) -> Result<Uploaded, ProviderError> {
        let response = self
            .client
            .post(session.clone())
            .header("x-goog-upload-offset", "0")
            .header("x-goog-upload-command", "upload, finalize")
            .body(bytes.to_vec())
            .send()
            .await
            .map_err(|e| self.network(e))?;
        let response = self.checked(response).await?;
        self.read_json(response).await
    }

    async fn wait_active(
        &self,
        mut file: FileInfo,
        cancel: &CancellationToken,
    ) -> Result<String, ProviderError> {
        let started = tokio::time::Instant::now();
        let mut pause = POLL_FIRST;
        loop {
            match file.state.as_deref() {
                None | Some("ACTIVE") => break,
                Some("FAILED") => {
                    let why = file
                        .error
                        .as_ref()
                        .and_then(|e| e.get("message"))
                        .and_then(|m| m.as_str())
                        .unwrap_or("no reason given");
                    return Err(ProviderError::setup(
                        self.origin,
                        ProviderErrorCode::InvalidRequest,
                        format!("Gemini could not process the recording: {why}"),
                    ));
                }
                Some(_) if started.elapsed() >= PROCESSING_DEADLINE => {
                    return Err(ProviderError::setup(
                        self.origin,
                        ProviderErrorCode::Timeout,
                        "Gemini was still processing the recording after 5 minutes",
                    ));
                }
                Some(_) => {}
            }
            tokio::select! {
                () = cancel.cancelled() => {
                    return Err(ProviderError::Cancelled { origin: self.origin.clone() });
                }
                () = tokio::time::sleep(pause) => {}
            }
            pause = (pause * 2).min(POLL_MAX);
            file = self.status(&file.name).await?;
        }
        if file.uri.is_empty() {
            return Err(self.fail("the uploaded recording has no URI"));
        }
        Ok(file.uri)
    }

    async fn status(&self, name: &str) -> Result<FileInfo, ProviderError> {
        let id = file_id(name).ok_or_else(|| {
            self.fail(format!(
                "the uploaded file's name {name:?} is not files/<id>"
            ))
        })?;
        let mut url = self.base.clone();
        let path = format!("{}/files/{id}", self.base.path().trim_end_matches('/'));
        url.set_path(&path);
        let response = self
            .client
            .get(url)
            .headers(self.keyed()?)
            .send()
            .await
            .map_err(|e| self.network(e))?;
        let response = self.checked(response).await?;
        self.read_json(response).await
    }

    async fn checked(&self, response: Response) -> Result<Response, ProviderError> {
        let status = response.status().as_u16();
        if response.status().is_success() {
            return Ok(response);
        }
        let wait = retry_after(response.headers());
        let body = self.read_capped(response).await.unwrap_or_default();
        Err(ProviderError::from_http(
            self.origin,
            status,
            &String::from_utf8_lossy(&body),
            wait,
        ))
    }

    async fn read_capped(&self, response: Response) -> Result<Vec<u8>, ProviderError> {
        read_capped(response, MAX_ANSWER_BYTES)
            .await
            .map_err(|e| match e {
                BodyError::Transport(e) => self.network(e),
                too_large => self.fail(format!("the Files API answer: {too_large}")),
            })
    }

    async fn read_json<T: serde::de::DeserializeOwned>(
        &self,
        response: Response,
    ) -> Result<T, ProviderError> {
        let body = self.read_capped(response).await?;
        serde_json::from_slice(&body).map_err(|e| {
            self.fail(format!(
                "the Files API answer is not what it documents: {e}"
            ))
        })
    }
}

#[cfg(test)]
#[path = "files_tests.rs"]
mod tests;
