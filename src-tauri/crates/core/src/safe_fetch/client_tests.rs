use super::*;
use crate::test_http::{Answer, TestServer};

const PNG: &[u8] = b"\x89PNG\r\n\x1a\nfake-image";

fn fetcher_for(server: &TestServer, limits: FetchLimits) -> SafeFetcher {
    SafeFetcher::with_exceptions(limits, vec![server.addr]).unwrap()
}

#[tokio::test]
async fn a_redirect_to_loopback_is_refused_and_never_followed() {
    let inner = TestServer::start(vec![("/secret", Answer::ok("image/png", PNG))]);
    let outer = TestServer::start(vec![
        ("/to-ip", Answer::redirect(&inner.url("/secret"))),
        (
            "/to-name",
            Answer::redirect(&format!("http://localhost:{}/secret", inner.addr.port())),
        ),
    ]);
    let fetcher = fetcher_for(&outer, FetchLimits::default());

    for path in ["/to-ip", "/to-name"] {
        let result = fetcher.fetch(&outer.url(path)).await;
        assert!(
            matches!(result, Err(FetchError::Refused { .. })),
            "{path}: {result:?}"
        );
    }
    assert!(
        inner.hits().is_empty(),
        "the private server was reached: {:?}",
        inner.hits()
    );
}

#[tokio::test]
async fn literal_private_addresses_and_other_schemes_are_refused() {
    let fetcher = SafeFetcher::new(FetchLimits::default()).unwrap();
    for url in [
        "http://127.0.0.1:9/x.png",
        "http://[::1]/x.png",
        "http://169.254.169.254/latest/meta-data",
        "http://10.0.0.1/x.png",
        "http://localhost/x.png",
        "http://foo.localhost/x.png",
        "file:///etc/passwd",
        "ftp://example.com/x",
    ] {
        let result = fetcher.fetch(url).await;
        assert!(
            matches!(result, Err(FetchError::Refused { .. })),
            "{url}: {result:?}"
        );
    }
}

#[tokio::test]
async fn the_resolver_refuses_names_of_private_addresses() {
    use std::str::FromStr;
    let result = PublicOnlyResolver
        .resolve(Name::from_str("localhost").unwrap())
        .await;
    let message = result.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(message.contains("not a public address"), "{message}");
}

#[tokio::test]
async fn allowed_fetches_return_bytes_and_respect_the_size_limit() {
    let server = TestServer::start(vec![
        ("/a.png", Answer::ok("image/png; charset=binary", PNG)),
        ("/big.png", Answer::ok("image/png", &vec![0u8; 4096])),
        ("/hop", Answer::redirect("/a.png")),
    ]);
    let limits = FetchLimits {
        max_bytes: 1024,
        ..FetchLimits::default()
    };
    let fetcher = fetcher_for(&server, limits);

    let ok = fetcher.fetch(&server.url("/hop")).await.unwrap();
    assert_eq!(ok.bytes, PNG);
    assert_eq!(ok.content_type.as_deref(), Some("image/png"));

    let big = fetcher.fetch(&server.url("/big.png")).await;
    assert!(matches!(big, Err(FetchError::TooLarge { .. })), "{big:?}");
}
