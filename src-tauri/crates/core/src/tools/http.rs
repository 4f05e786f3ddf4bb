//! The HTTP client the image tools use: the one the providers share (rustls, HTTP/2, the system
//! proxy, a direct connection for this machine), so keys and proxies behave the same everywhere.

use crate::vocab::http_client;

/// The shared client for requests to `base_url` (a vendor API).
pub fn shared_client(base_url: &str) -> reqwest::Client {
    let client = reqwest::Url::parse(base_url)
        .ok()
        .and_then(|url| http_client::shared_client(&url).ok());
    // Building a client only fails when TLS cannot initialise; the default one would too, and
    // then every request reports the problem.
    client.unwrap_or_default()
}
