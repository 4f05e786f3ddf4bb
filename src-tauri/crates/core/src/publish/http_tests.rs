use super::*;

fn key() -> ApiKey {
    ApiKey::new("nfp_test-token-0123456789abcdef".to_owned())
}

#[test]
fn a_token_only_goes_to_https_or_this_machine() {
    let ok = [
        "https://api.netlify.com/api/v1",
        "http://127.0.0.1:8080/api/v1",
        "http://localhost:9000",
        "http://[::1]:9000",
    ];
    for url in ok {
        assert!(
            ServiceClient::new(Service::Netlify, url, &key(), CancellationToken::new()).is_ok(),
            "{url} was refused"
        );
    }
    let refused = [
        "http://api.netlify.com/api/v1",
        "http://10.0.0.5/api",
        "ftp://api.netlify.com",
        "https://user:pass@api.netlify.com",
        "not a url",
    ];
    for url in refused {
        let err = ServiceClient::new(Service::Netlify, url, &key(), CancellationToken::new())
            .err()
            .unwrap_or_else(|| panic!("{url} was accepted"));
        assert_eq!(err.code(), crate::ErrorCode::Forbidden, "{url}");
        assert!(!err.to_string().contains("nfp_"), "{err}");
    }
}

#[test]
fn segments_cannot_climb_or_add_parts() {
    assert_eq!(segment("my-site_1.x").expect("plain"), "my-site_1.x");
    assert_eq!(segment("a/b?c#d").expect("encoded"), "a%2Fb%3Fc%23d");
    for bad in ["", ".", "..", "..."] {
        assert!(segment(bad).is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        file_path("assets/my logo.png").expect("path"),
        "assets/my%20logo.png"
    );
    assert!(file_path("a/../b").is_err());
}

#[test]
fn the_service_own_words_are_found_in_each_shape() {
    let answer = |body: &str| Answer {
        status: 400,
        headers: HeaderMap::new(),
        body: body.as_bytes().to_vec(),
    };
    let cases = [
        (r#"{"message":"Bad credentials"}"#, "Bad credentials"),
        (
            r#"{"error":{"code":"forbidden","message":"Not authorized"}}"#,
            "Not authorized",
        ),
        (
            r#"{"success":false,"errors":[{"code":8000007,"message":"Project not found"}]}"#,
            "Project not found",
        ),
        ("<html><body>Bad gateway</body></html>", ""),
        ("plain words", "plain words"),
    ];
    for (body, says) in cases {
        assert_eq!(answer(body).message(), says, "{body}");
    }
}

#[test]
fn a_rate_limit_reset_time_becomes_a_wait() {
    let reset = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock")
        .as_secs()
        + 90;
    let mut headers = HeaderMap::new();
    headers.insert(
        "x-ratelimit-reset",
        reset.to_string().parse().expect("value"),
    );
    headers.insert("x-ratelimit-remaining", "0".parse().expect("value"));
    let answer = Answer {
        status: 403,
        headers,
        body: br#"{"message":"API rate limit exceeded"}"#.to_vec(),
    };
    let wait = answer.wait().expect("a wait");
    assert!((85..=90).contains(&wait.as_secs()), "{wait:?}");
    assert!(answer.rate_limited());
}

#[test]
fn a_403_is_a_bad_token_only_when_the_service_says_the_token_is_no_good() {
    let client = ServiceClient::new(
        Service::Vercel,
        "https://api.vercel.com",
        &key(),
        tokio_util::sync::CancellationToken::new(),
    )
    .expect("client");
    let answer = |body: &str| Answer {
        status: 403,
        headers: HeaderMap::new(),
        body: body.as_bytes().to_vec(),
    };
    let cases = [
        (
            r#"{"error":{"code":"forbidden","message":"Not authorized","invalidToken":true}}"#,
            true,
        ),
        (
            r#"{"success":false,"errors":[{"code":9109,"message":"Invalid access token"}]}"#,
            true,
        ),
        (
            r#"{"error":{"code":"forbidden","message":"You don't have permission to create the project."}}"#,
            false,
        ),
        (
            r#"{"success":false,"errors":[{"code":10000,"message":"Authentication error"}]}"#,
            false,
        ),
    ];
    for (body, bad_token) in cases {
        let error = client.refusal(&answer(body));
        assert_eq!(
            matches!(error, PublishError::BadToken { .. }),
            bad_token,
            "{body}: {error:?}"
        );
        if !bad_token {
            assert!(
                matches!(error, PublishError::NotAllowed { .. }),
                "{body}: {error:?}"
            );
        }
    }
}
