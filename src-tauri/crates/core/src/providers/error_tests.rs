use super::*;
use serde_json::json;

fn origin() -> Origin {
    Origin::new("openai", "gpt-5")
}

#[test]
fn classifies_http_answers_of_every_vendor() {
    use ProviderErrorCode as C;
    let cases: &[(&str, u16, &str, ProviderErrorCode, bool)] = &[
        (
            "openai bad key",
            401,
            r#"{"error":{"message":"Incorrect API key provided: sk-abc***xyz.","type":"invalid_request_error","code":"invalid_api_key"}}"#,
            C::Auth,
            false,
        ),
        (
            "forbidden",
            403,
            r#"{"error":{"message":"Project does not have access","type":"invalid_request_error"}}"#,
            C::Auth,
            false,
        ),
        (
            "openai rate limit",
            429,
            r#"{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}"#,
            C::RateLimit,
            true,
        ),
        (
            "openai quota",
            429,
            r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}"#,
            C::Quota,
            false,
        ),
        (
            "openai context",
            400,
            r#"{"error":{"message":"This model's maximum context length is 128000 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}"#,
            C::ContextTooLong,
            false,
        ),
        (
            "openai bad param",
            400,
            r#"{"error":{"message":"Unsupported parameter: 'temperature'","type":"invalid_request_error","param":"temperature","code":"unsupported_parameter"}}"#,
            C::InvalidRequest,
            false,
        ),
        (
            "model missing",
            404,
            r#"{"error":{"message":"The model `gpt-9` does not exist","type":"invalid_request_error","code":"model_not_found"}}"#,
            C::NotFound,
            false,
        ),
        (
            "server error",
            500,
            r#"{"error":{"message":"The server had an error","type":"server_error"}}"#,
            C::Server,
            true,
        ),
        (
            "bad gateway html",
            502,
            "<html>Bad Gateway</html>",
            C::Server,
            true,
        ),
        (
            "openai overloaded",
            503,
            r#"{"error":{"message":"The engine is currently overloaded","type":"server_error"}}"#,
            C::Overloaded,
            true,
        ),
        (
            "anthropic overloaded",
            529,
            r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
            C::Overloaded,
            true,
        ),
        (
            "anthropic prompt too long",
            400,
            r#"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}"#,
            C::ContextTooLong,
            false,
        ),
        (
            "anthropic billing",
            400,
            r#"{"type":"error","error":{"type":"billing_error","message":"Your credit balance is too low"}}"#,
            C::Quota,
            false,
        ),
        (
            "anthropic request too large",
            413,
            r#"{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum size"}}"#,
            C::ContextTooLong,
            false,
        ),
        (
            "gemini exhausted",
            429,
            r#"[{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}]"#,
            C::RateLimit,
            true,
        ),
        (
            "gemini bad argument",
            400,
            r#"{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT"}}"#,
            C::InvalidRequest,
            false,
        ),
        ("request timeout", 408, "", C::Timeout, true),
        ("conflict", 409, "", C::Server, true),
        ("teapot", 418, "short and stout", C::InvalidRequest, false),
        ("unprocessable", 422, "{}", C::InvalidRequest, false),
    ];
    for (name, status, body, code, retryable) in cases {
        let err = ProviderError::from_http(&origin(), *status, body, None);
        assert_eq!(err.code(), *code, "{name}: {err}");
        assert_eq!(err.retryable(), *retryable, "{name}");
        assert_eq!(err.status(), Some(*status), "{name}");
    }
}

#[test]
fn classifies_in_stream_errors_flat_and_nested() {
    use ProviderErrorCode as C;
    let cases = [
        (
            "openai flat",
            json!({"type":"error","code":"server_error","message":"boom","param":null,"sequence_number":3}),
            C::Server,
        ),
        (
            "openai nested",
            json!({"type":"error","sequence_number":2,"error":{"type":"tokens","code":"rate_limit_exceeded","message":"Rate limit reached"}}),
            C::RateLimit,
        ),
        (
            "openai nested quota",
            json!({"type":"error","error":{"type":"insufficient_quota","code":"credit_balance_exhausted","message":"no credits"}}),
            C::Quota,
        ),
        (
            "response.failed",
            json!({"type":"response.failed","response":{"status":"failed","error":{"code":"invalid_prompt","message":"flagged"}}}),
            C::InvalidRequest,
        ),
        (
            "anthropic overloaded",
            json!({"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}),
            C::Overloaded,
        ),
        (
            "gemini numeric",
            json!({"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}),
            C::Overloaded,
        ),
        (
            "unknown",
            json!({"type":"error","message":"who knows"}),
            C::Server,
        ),
        (
            "bad image",
            json!({"type":"error","code":"invalid_image_format","message":"bad"}),
            C::InvalidRequest,
        ),
    ];
    for (name, value, code) in cases {
        let err = ProviderError::from_stream_error(&origin(), &value);
        assert_eq!(err.code(), code, "{name}: {err}");
    }
}

#[test]
fn messages_name_vendor_model_status_and_never_a_key() {
    let body = r#"{"error":{"message":"Incorrect API key provided: sk-proj-abcdefghijklmnopqrstuvwxyz123456","code":"invalid_api_key"}}"#;
    let err = ProviderError::from_http(&origin(), 401, body, None);
    let text = err.to_string();
    assert!(text.contains("openai gpt-5"), "{text}");
    assert!(text.contains("HTTP 401"), "{text}");
    assert!(text.contains("invalid_api_key"), "{text}");
    assert!(!text.contains("abcdefghijklmnop"), "key leaked: {text}");
}

#[test]
fn retry_after_is_reported_and_used_as_the_delay() {
    let err = ProviderError::from_http(&origin(), 429, "{}", Some(Duration::from_secs(3)));
    assert_eq!(err.retry_after(), Some(Duration::from_secs(3)));
    assert_eq!(
        super::super::transport::retry::retry_delay(&err, 1),
        Some(Duration::from_secs(3))
    );
    assert!(err.to_string().contains("retry after 3000 ms"), "{err}");
    let auth = ProviderError::from_http(&origin(), 401, "{}", Some(Duration::from_secs(3)));
    assert_eq!(
        super::super::transport::retry::retry_delay(&auth, 1),
        None,
        "auth errors are never retried"
    );
}

#[test]
fn codes_serialize_as_their_stable_names() {
    for code in [
        ProviderErrorCode::RateLimit,
        ProviderErrorCode::ContextTooLong,
        ProviderErrorCode::InvalidRequest,
    ] {
        let json = serde_json::to_value(code).expect("serializes");
        assert_eq!(json, json!(code.as_str()));
    }
}
