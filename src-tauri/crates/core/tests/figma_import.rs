//! The Figma import against a local mock of Figma's REST API and image store: every request
//! checked (path, query, the token on the API host only), each error Figma documents, and the
//! tokens the prompt gets.

mod support;

use s2c_core::figma::{import_frame, parse_link, FigmaError};
use s2c_core::prompts::design_tokens_section;
use serde_json::json;
use support::figma::{working_api, FigmaMock, FILE_KEY, LINK, TOKEN};
use support::Reply;

#[tokio::test]
async fn a_frame_link_gives_both_renders_and_the_tokens_with_every_request_checked() {
    let mock = FigmaMock::start(working_api).await;
    let client = mock.client(TOKEN);
    let frame = import_frame(&client, &parse_link(LINK).unwrap())
        .await
        .expect("import");

    assert_eq!(frame.file_name, "Marketing site");
    assert_eq!(
        support::images::size_of(&frame.png_2x),
        (64, 40),
        "the 2× render"
    );
    assert_eq!(
        support::images::size_of(&frame.png_1x),
        (32, 20),
        "the 1× render"
    );
    assert_eq!(frame.tokens.frame_name, "Pricing");
    assert_eq!(frame.tokens.colors[0].hex, "#ffffff");
    assert_eq!(frame.tokens.texts[0], "Simple pricing");

    let paths = mock.api_paths();
    assert_eq!(
        paths,
        [
            format!("/v1/files/{FILE_KEY}/nodes?ids=1%3A2"),
            format!("/v1/images/{FILE_KEY}?ids=1%3A2&format=png&scale=2"),
            format!("/v1/images/{FILE_KEY}?ids=1%3A2&format=png&scale=1"),
        ]
    );
    let image_paths: Vec<String> = mock.images.requests().into_iter().map(|r| r.path).collect();
    assert_eq!(
        image_paths,
        ["/images/frame@2x.png", "/images/frame@1x.png"]
    );
    mock.assert_token_only_on_the_api(TOKEN);

    let section = design_tokens_section(&frame.tokens, 2);
    assert!(
        section.contains("Figma frame “Pricing”, rendered at 2×"),
        "{section}"
    );
    assert!(section.contains("- #1e40af (2 uses)"), "{section}");
    assert!(
        section.contains(
            "font-family “Inter”, 40px, weight 700, line-height 48px, letter-spacing -0.8px"
        ),
        "{section}"
    );
    assert!(
        section.contains("- Simple pricing\n- Free\n- Pro\n- Prices in USD. / Cancel any time."),
        "{section}"
    );
    assert!(!section.contains("internal note"), "hidden layers stay out");
}

async fn import_error(
    route: impl Fn(&support::Captured, &str) -> Reply + Send + Sync + 'static,
) -> (FigmaError, FigmaMock) {
    let mock = FigmaMock::start(route).await;
    let client = mock.client(TOKEN);
    let err = import_frame(&client, &parse_link(LINK).unwrap())
        .await
        .expect_err("must fail");
    assert!(
        !err.to_string().contains(TOKEN),
        "the token leaked into: {err}"
    );
    assert!(
        !format!("{err:?}").contains(TOKEN),
        "the token leaked into: {err:?}"
    );
    mock.assert_token_only_on_the_api(TOKEN);
    (err, mock)
}

#[tokio::test]
async fn an_invalid_token_or_a_file_it_cannot_read_is_forbidden() {
    for body in [
        json!({"status": 403, "err": "Invalid token"}),
        json!({"status": 403, "err": "File not accessible"}),
    ] {
        let said = body["err"].as_str().unwrap().to_owned();
        let (err, _) = import_error(move |_, _| Reply::json(403, &body)).await;
        assert!(matches!(err, FigmaError::Forbidden(_)), "{err:?}");
        let text = err.to_string();
        assert!(
            text.contains(&said) && text.contains("Settings → API keys"),
            "{text}"
        );
        assert_eq!(err.code(), s2c_core::ErrorCode::Forbidden);
    }
}

#[tokio::test]
async fn a_missing_file_or_node_is_not_found() {
    let (err, _) =
        import_error(|_, _| Reply::json(404, &json!({"status": 404, "err": "Not found"}))).await;
    assert!(matches!(err, FigmaError::NotFound(_)), "{err:?}");
    assert_eq!(err.to_string(), "Figma has no such file: check the link");

    let (err, _) =
        import_error(|_, _| Reply::json(200, &json!({"name": "F", "nodes": {"1:2": null}}))).await;
    assert_eq!(
        err.to_string(),
        "Figma has no such node 1:2: check the link"
    );
}

#[tokio::test]
async fn rate_limiting_is_retried_after_retry_after_then_reported_with_the_wait() {
    // One 429 with a short Retry-After, then the file answers: the import succeeds.
    let hits = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let seen = hits.clone();
    let mock = FigmaMock::start(move |r, base| {
        if seen.fetch_add(1, std::sync::atomic::Ordering::SeqCst) == 0 {
            Reply::json(429, &json!({"status": 429, "err": "Rate limit exceeded"}))
                .header("Retry-After", "0")
        } else {
            working_api(r, base)
        }
    })
    .await;
    let frame = import_frame(&mock.client(TOKEN), &parse_link(LINK).unwrap()).await;
    assert!(frame.is_ok(), "{:?}", frame.err());
    assert_eq!(
        mock.api_paths().len(),
        4,
        "the 429 was retried once: {:?}",
        mock.api_paths()
    );

    // A long wait is not waited out: the error says how long.
    let (err, mock) = import_error(|_, _| {
        Reply::json(429, &json!({"status": 429, "err": "Rate limit exceeded"}))
            .header("Retry-After", "180")
    })
    .await;
    assert!(matches!(err, FigmaError::RateLimited(Some(_))), "{err:?}");
    assert_eq!(
        err.to_string(),
        "Figma is rate limiting this token; try again in 3 min"
    );
    assert_eq!(
        mock.api_paths().len(),
        1,
        "no retry for a wait longer than the cap"
    );
}

#[tokio::test]
async fn a_node_figma_cannot_render_is_reported() {
    let (err, _) = import_error(|r, base| {
        if r.path.starts_with("/v1/images/") {
            Reply::json(200, &json!({"err": null, "images": {"1:2": null}}))
        } else {
            working_api(r, base)
        }
    })
    .await;
    assert!(matches!(err, FigmaError::NotRendered(_)), "{err:?}");
}

#[tokio::test]
async fn a_link_to_a_text_layer_is_not_a_frame() {
    let (err, mock) = import_error(|r, base| {
        if r.path.starts_with("/v1/files/") {
            let mut nodes = support::figma::nodes_fixture();
            nodes["nodes"]["1:2"]["document"]["type"] = json!("TEXT");
            nodes["nodes"]["1:2"]["document"]["name"] = json!("Title");
            Reply::json(200, &nodes)
        } else {
            working_api(r, base)
        }
    })
    .await;
    assert_eq!(
        err.to_string(),
        "“Title” is a TEXT node, not a frame: link to a frame, component, instance, section or group (right-click it → Copy link)"
    );
    assert_eq!(
        mock.api_paths().len(),
        1,
        "nothing is rendered for a node that is not a frame"
    );
}

#[tokio::test]
async fn images_are_only_downloaded_from_the_allowed_hosts() {
    // The render URL points at a server the fetcher can reach (the image mock), on a host that
    // is not in the client's list: only the host check keeps the download away.
    let mock = FigmaMock::start(working_api).await;
    let client = mock.client_allowing(TOKEN, &["figma-alpha-api.s3.us-west-2.amazonaws.com"]);
    let err = import_frame(&client, &parse_link(LINK).unwrap())
        .await
        .expect_err("a render on a host not in the list must be refused");
    assert!(matches!(err, FigmaError::Download(_)), "{err:?}");
    assert!(err.to_string().contains("127.0.0.1"), "{err}");
    assert!(
        mock.images.requests().is_empty(),
        "the image host was asked although it is not allowed"
    );
    mock.assert_token_only_on_the_api(TOKEN);
}

/// Figma's image hosts are exact names: any S3 bucket, or a look-alike of figma.com, is not one.
#[tokio::test]
async fn only_figmas_own_image_hosts_are_allowed_by_default() {
    use s2c_core::figma::{FigmaClient, FigmaConfig};
    use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
    use s2c_core::vocab::ApiKey;
    let downloads = SafeFetcher::new(FetchLimits::default()).expect("fetcher");
    let cfg = FigmaConfig::new("https://api.figma.com", ApiKey::new(TOKEN), downloads);
    let client = FigmaClient::new(cfg).expect("client");
    for url in [
        "https://attacker-bucket.s3.amazonaws.com/images/x.png",
        "https://s3.amazonaws.com/attacker/x.png",
        "https://evil.figma.com.attacker.example/x.png",
        "https://figma.com@attacker.example/x.png",
        "http://127.0.0.1/x.png",
    ] {
        let err = client.download(url).await.expect_err(url);
        assert!(
            err.to_string().contains("not one of Figma's image hosts"),
            "{url}: {err}"
        );
    }
}

/// The image host is allowed, but it answers with a redirect to another server (one the safe
/// fetcher itself would reach): every hop is held to the image hosts, so it is never asked.
#[tokio::test]
async fn a_redirect_from_an_image_host_to_another_host_is_not_followed() {
    use s2c_core::figma::{FigmaClient, FigmaConfig};
    use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
    use s2c_core::vocab::ApiKey;
    let mock = FigmaMock::start(working_api).await;
    let elsewhere = support::MockServer::start(vec![]).await;
    elsewhere.respond_with(|_| Reply::new(200, "image/png", support::figma::png(64, 40)));
    let target = elsewhere.url("/x.png");
    mock.images
        .respond_with(move |_| Reply::new(302, "text/plain", "moved").header("location", &target));
    let elsewhere_addr = elsewhere
        .url("")
        .trim_start_matches("http://")
        .parse()
        .expect("addr");
    let downloads = SafeFetcher::with_exceptions(
        FetchLimits::default(),
        vec![mock.images_addr(), elsewhere_addr],
    )
    .expect("fetcher");
    let mut cfg = FigmaConfig::new(mock.api.url(""), ApiKey::new(TOKEN), downloads);
    cfg.image_hosts = vec![mock.images_addr().to_string()];
    let client = FigmaClient::new(cfg).expect("client");

    let err = import_frame(&client, &parse_link(LINK).unwrap())
        .await
        .expect_err("a redirect off the image hosts must be refused");
    assert!(matches!(err, FigmaError::Download(_)), "{err:?}");
    assert!(err.to_string().contains("not one of the hosts"), "{err}");
    assert!(
        !mock.images.requests().is_empty(),
        "the image host was asked"
    );
    assert!(
        elsewhere.requests().is_empty(),
        "the redirect was followed to another host"
    );
}

#[tokio::test]
async fn test_key_asks_who_the_token_belongs_to() {
    let mock = FigmaMock::start(working_api).await;
    let me = mock.client(TOKEN).me().await.expect("me");
    assert_eq!(me.handle, "Ada");
    assert_eq!(mock.api_paths(), ["/v1/me"]);
    mock.assert_token_only_on_the_api(TOKEN);
}
