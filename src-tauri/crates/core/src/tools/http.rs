//! The HTTP client the image tools use: the providers' shared one (rustls, HTTP/2, the system
//! proxy, a direct connection for this machine), so keys and proxies behave the same everywhere.

use crate::providers::transport::client_for;
use crate::providers::Origin;

/// The shared client for requests to `base_url` (a vendor API; `tool` names the caller in
/// errors).
pub fn shared_client(tool: &str, base_url: &str) -> reqwest::Client {
    let client = reqwest::Url::parse(base_url)
        .ok()
        .and_then(|url| client_for(&Origin::new(tool, "-"), &url).ok());
    // Building a client only fails when TLS cannot initialise; the default one would too, and
    // then every request reports the problem.
    client.unwrap_or_default()
}
