use super::*;
use reqwest::header::{HeaderName, HeaderValue};
use std::time::Duration;

fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (k, v) in pairs {
        map.insert(
            HeaderName::from_bytes(k.as_bytes()).expect("header name"),
            HeaderValue::from_str(v).expect("header value"),
        );
    }
    map
}

#[test]
fn reads_every_retry_after_form() {
    let now = httpdate::parse_http_date("Sun, 29 Nov 2026 12:00:00 GMT").expect("date");
    let cases = [
        (
            "seconds",
            vec![("retry-after", "7")],
            Some(Duration::from_secs(7)),
        ),
        (
            "fractional seconds",
            vec![("retry-after", "1.5")],
            Some(Duration::from_millis(1500)),
        ),
        (
            "http date",
            vec![("retry-after", "Sun, 29 Nov 2026 12:00:30 GMT")],
            Some(Duration::from_secs(30)),
        ),
        (
            "http date in the past",
            vec![("retry-after", "Sun, 29 Nov 2026 11:00:00 GMT")],
            Some(Duration::ZERO),
        ),
        (
            "milliseconds win",
            vec![("retry-after-ms", "250"), ("retry-after", "9")],
            Some(Duration::from_millis(250)),
        ),
        ("garbage", vec![("retry-after", "soon")], None),
        ("negative", vec![("retry-after", "-3")], None),
        ("absent", vec![], None),
    ];
    for (name, pairs, expected) in cases {
        assert_eq!(retry_after_at(&headers(&pairs), now), expected, "{name}");
    }
}

#[test]
fn backoff_grows_exponentially_with_bounded_jitter() {
    for attempt in 1..=8u32 {
        let nominal = (500u64 << (attempt - 1)).min(16_000) as f64;
        for _ in 0..50 {
            let ms = backoff(attempt).as_millis() as f64;
            assert!(
                ms >= nominal * 0.75 - 1.0 && ms < nominal * 1.25 + 1.0,
                "attempt {attempt}: {ms}"
            );
        }
    }
    assert!(backoff(1000) <= Duration::from_secs(20), "capped");
}

#[test]
fn the_policy_retries_what_may_pass_and_reports_long_waits() {
    let policy = RetryPolicy {
        max_retries: 2,
        max_wait: Duration::from_secs(20),
    };
    let short = Some(Duration::from_secs(3));
    let long = Some(Duration::from_secs(60));
    assert_eq!(
        policy.after_status(1, 429, short),
        short,
        "a short asked wait is waited"
    );
    assert_eq!(
        policy.after_status(1, 429, long),
        None,
        "a long one is reported"
    );
    assert!(
        policy.after_status(1, 429, None).is_some(),
        "no wait given: backoff"
    );
    assert!(
        policy.after_status(2, 503, None).is_some(),
        "a 5xx is retried"
    );
    assert_eq!(
        policy.after_status(3, 503, None),
        None,
        "until the retries run out"
    );
    for status in [400, 401, 403, 404, 409, 413, 422] {
        assert_eq!(
            policy.after_status(1, status, None),
            None,
            "{status} is final"
        );
    }
}
