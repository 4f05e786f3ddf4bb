use super::*;

#[test]
fn scrubs_vendor_key_shapes() {
    let cases = [
        ("openai", "key=sk-proj-abcdefghijklmnopqrstuvwxyz0123"),
        (
            "anthropic",
            "using sk-ant-api03-AbCdEfGhIjKlMnOpQrStUv-wxyz now",
        ),
        ("google", "AIzaSyA1234567890abcdefghijklmnopqrstu"),
        ("replicate", "token r8_abcdefghijklmnopqrstuvwxyz12"),
        (
            "figma",
            "X-Figma-Token: figd_AbCdEfGhIjKlMnOpQrStUvWxYz-0123",
        ),
        (
            "bearer",
            "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def",
        ),
        (
            "github classic",
            "remote ghp_abcdefghijklmnopqrstuvwxyz0123 set",
        ),
        (
            "github fine-grained",
            "github_pat_11AbCdEfGh0123456789_abcdefghijklmnop",
        ),
        (
            "netlify",
            "NETLIFY_AUTH_TOKEN=nfp_abcdefghijklmnopqrstuvwxyz12",
        ),
        ("header", "x-api-key: 0123456789abcdef0123"),
        ("json field", r#"{"api_key":"whatever-it-is-123"}"#),
        ("goog header", "x-goog-api-key=zzzzzzzzzzzzzzzz"),
    ];
    for (name, text) in cases {
        let out = redact_secrets(text);
        assert!(out.contains(REDACTED), "{name}: not redacted: {out}");
        for secret in [
            "abcdefghijklmnop",
            "AbCdEfGh",
            "1234567890abcdef",
            "eyJhbGci",
            "whatever-it-is",
            "zzzzzzzz",
        ] {
            assert!(!out.contains(secret), "{name}: {secret} survived in {out}");
        }
    }
}

#[test]
fn scrubs_a_registered_secret_of_any_shape() {
    register_secret("plain-looking-but-secret");
    let out =
        redact_secrets("the value plain-looking-but-secret leaked twice: plain-looking-but-secret");
    assert_eq!(
        out,
        format!("the value {REDACTED} leaked twice: {REDACTED}")
    );
}

#[test]
fn leaves_ordinary_text_alone_without_copying() {
    let text = "Generated index.html (12 KB) with sky-500 and task-list classes";
    assert!(matches!(redact_secrets(text), Cow::Borrowed(_)));
}

#[test]
fn ignores_secrets_too_short_to_register() {
    register_secret("abc");
    assert_eq!(redact_secrets("abc def"), "abc def");
}
