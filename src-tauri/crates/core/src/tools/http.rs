//! The HTTP client the image tools use: the one the providers share (rustls, HTTP/2, the system
//! proxy, a direct connection for this machine, no redirects followed), so keys and proxies
//! behave the same everywhere.

use crate::vocab::http_client;

/// The shared client for requests to `base_url` (a vendor API); `None` only when no client can
/// start at all (TLS cannot initialise), and then the tools that need one are not offered. A
/// base URL that does not parse still gets the shared client (its requests then fail and say
/// why): never a default client, which would follow a redirect with the key attached.
pub fn shared_client(base_url: &str) -> Option<reqwest::Client> {
    let url = reqwest::Url::parse(base_url)
        .or_else(|_| reqwest::Url::parse("https://base-url.invalid/"))
        .ok()?;
    http_client::shared_client(&url).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_http::{Answer, TestServer};

    #[tokio::test]
    async fn no_tool_client_follows_a_redirect_whatever_its_base_url() {
        let elsewhere = TestServer::start(vec![("/x", Answer::ok("text/plain", b"moved here"))]);
        let server = TestServer::start(vec![("/r", Answer::redirect(&elsewhere.url("/x")))]);
        for base in [server.url("/"), "not a url".to_owned(), String::new()] {
            let client = shared_client(&base).expect("a client");
            let answer = client
                .get(server.url("/r"))
                .send()
                .await
                .expect("an answer");
            assert_eq!(answer.status().as_u16(), 302, "base {base:?}");
        }
        assert!(elsewhere.hits().is_empty(), "a redirect was followed");
    }
}
