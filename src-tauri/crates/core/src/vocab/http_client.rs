//! The HTTP clients every part of the app shares for vendor APIs: rustls, HTTP/2, the system
//! proxy honoured. Requests to this machine (a local Ollama or LM Studio, the test mock) never go
//! through a proxy: a corporate proxy cannot reach them, and reqwest only skips it for hosts
//! listed in NO_PROXY.

use reqwest::{Client, Url};
use std::sync::OnceLock;
use std::time::Duration;

const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

static PROXIED: OnceLock<Client> = OnceLock::new();
static DIRECT: OnceLock<Client> = OnceLock::new();

fn build(direct: bool) -> Result<Client, reqwest::Error> {
    let builder = Client::builder()
        .user_agent(concat!("s2c/", env!("CARGO_PKG_VERSION")))
        // Every request these clients send carries a key, and reqwest strips only
        // `Authorization` on a redirect to another host: `x-api-key` or `x-goog-api-key` would
        // follow. A vendor API answers where it was asked; a redirect is reported, not followed.
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(CONNECT_TIMEOUT)
        .tcp_nodelay(true);
    let builder = if direct { builder.no_proxy() } else { builder };
    builder.build()
}

fn shared(cell: &'static OnceLock<Client>, direct: bool) -> Result<Client, reqwest::Error> {
    if let Some(client) = cell.get() {
        return Ok(client.clone());
    }
    let client = build(direct)?;
    // Two threads may build at once; one wins and both use it.
    Ok(cell.get_or_init(|| client).clone())
}

/// Whether `url` points at this machine.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

/// The shared client for `url` (cheap: the clients share one connection pool each). Building
/// one only fails when TLS cannot initialise.
pub fn shared_client(url: &Url) -> Result<Client, reqwest::Error> {
    if is_loopback(url) {
        shared(&DIRECT, true)
    } else {
        shared(&PROXIED, false)
    }
}

/// Why a whole body was not read.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    #[error("the answer is larger than {} KB", .0 / 1024)]
    TooLarge(usize),
    #[error(transparent)]
    Transport(#[from] reqwest::Error),
}

/// The whole body of `response`, read chunk by chunk and refused as soon as it passes `max`
/// bytes: a vendor (or anything posing as one) cannot make the app buffer without end.
pub async fn read_capped(
    mut response: reqwest::Response,
    max: usize,
) -> Result<Vec<u8>, BodyError> {
    if response.content_length().is_some_and(|n| n > max as u64) {
        return Err(BodyError::TooLarge(max));
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > max {
            return Err(BodyError::TooLarge(max));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// [`read_capped`] as text (invalid UTF-8 replaced: these are JSON answers and error pages).
pub async fn text_capped(response: reqwest::Response, max: usize) -> Result<String, BodyError> {
    let body = read_capped(response, max).await?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}
