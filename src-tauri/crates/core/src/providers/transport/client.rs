//! A vendor's client and endpoint URL, with failures as provider errors (the clients themselves
//! are shared by the whole app: `vocab::http_client`).

use super::super::error::{Origin, ProviderError, ProviderErrorCode};
pub use crate::vocab::http_client::is_loopback;
use crate::vocab::http_client::shared_client;
use reqwest::{Client, Url};

/// The client to use for `url` (cheap: clients share one connection pool each).
pub fn client_for(origin: &Origin, url: &Url) -> Result<Client, ProviderError> {
    shared_client(url).map_err(|e| {
        ProviderError::setup(
            origin,
            ProviderErrorCode::Network,
            format!("could not start the HTTP client: {e}"),
        )
    })
}

/// Parse a base URL and join an API path to it, keeping any path prefix the base has
/// (`https://host/openai/v1` + `responses` → `https://host/openai/v1/responses`).
pub fn endpoint(origin: &Origin, base_url: &str, path: &str) -> Result<Url, ProviderError> {
    let invalid = || {
        ProviderError::setup(
            origin,
            ProviderErrorCode::InvalidRequest,
            format!("the base URL `{base_url}` is not an http(s) URL"),
        )
    };
    let mut url = Url::parse(base_url.trim()).map_err(|_| invalid())?;
    if !matches!(url.scheme(), "http" | "https") || url.cannot_be_a_base() {
        return Err(invalid());
    }
    // The query stays at the end (Azure's `?api-version=`).
    let joined = format!(
        "{}/{}",
        url.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    url.set_path(&joined);
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_paths_and_spots_loopback_hosts() {
        let origin = Origin::new("openai", "m");
        let cases = [
            (
                "https://api.openai.com/v1",
                "responses",
                "https://api.openai.com/v1/responses",
                false,
            ),
            (
                "http://localhost:11434/v1/",
                "/chat/completions",
                "http://localhost:11434/v1/chat/completions",
                true,
            ),
            (
                "http://127.0.0.1:9/x",
                "models",
                "http://127.0.0.1:9/x/models",
                true,
            ),
            ("http://[::1]:9", "models", "http://[::1]:9/models", true),
            ("https://r.openai.azure.com/openai/deployments/d?api-version=2024-10-21", "chat/completions",
                "https://r.openai.azure.com/openai/deployments/d/chat/completions?api-version=2024-10-21", false),
        ];
        for (base, path, joined, loopback) in cases {
            let url = endpoint(&origin, base, path).expect(base);
            assert_eq!(url.as_str(), joined);
            assert_eq!(is_loopback(&url), loopback, "{base}");
        }
        for bad in ["ftp://x", "not a url", ""] {
            let err = endpoint(&origin, bad, "responses").expect_err(bad);
            assert_eq!(err.code(), ProviderErrorCode::InvalidRequest);
        }
    }
}
