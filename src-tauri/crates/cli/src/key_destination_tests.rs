use super::*;

struct Fixed(Option<&'static str>);

impl KeyLookup for Fixed {
    fn key(&self, _provider: &str) -> Option<ApiKey> {
        self.0.map(ApiKey::new)
    }
}

const ENV: &str = "env-key-0123456789";
const STORED: &str = "keychain-key-0123456789";

fn sent(
    env: Option<&'static str>,
    stored: Option<&'static str>,
    provider: &str,
    url: Option<&str>,
) -> Result<Option<String>, String> {
    key_from(&Fixed(env), &Fixed(stored), provider, url).map(|k| k.map(|k| k.expose().to_owned()))
}

#[test]
fn a_keychain_key_goes_only_to_its_providers_own_address() {
    for (provider, url) in [
        ("openai", None),
        ("openai", Some("https://api.openai.com/v1/")),
        (
            "gemini",
            Some("https://generativelanguage.googleapis.com/v1beta"),
        ),
        ("figma", Some("https://API.figma.com")),
        ("openrouter", Some("https://openrouter.ai/api/v1")),
        ("ollama", Some("http://localhost:11434/v1")),
    ] {
        assert_eq!(
            sent(None, Some(STORED), provider, url),
            Ok(Some(STORED.into())),
            "{provider} {url:?}"
        );
    }
    for (provider, url, env_name) in [
        ("figma", "https://evil.example", "FIGMA_API_KEY"),
        ("gemini", "http://127.0.0.1:9/v1beta", "GEMINI_API_KEY"),
        (
            "replicate",
            "https://api.replicate.com.evil.example",
            "REPLICATE_API_KEY",
        ),
        ("openai", "https://api.openai.com:8443/v1", "OPENAI_API_KEY"),
        ("my-llm", "https://llm.example/v1", "MY_LLM_API_KEY"),
    ] {
        let refused = sent(None, Some(STORED), provider, Some(url)).expect_err(url);
        assert!(
            refused.contains(env_name) && refused.contains(url),
            "{refused}"
        );
        assert!(!refused.contains(STORED), "{refused}");
    }
}

#[test]
fn an_environment_base_url_gets_an_environment_key_over_https_or_on_this_machine() {
    for url in [
        "https://proxy.example/v1",
        "http://127.0.0.1:8080/v1",
        "http://localhost:1/v1",
        "http://[::1]:2/",
    ] {
        assert_eq!(
            sent(Some(ENV), Some(STORED), "openai", Some(url)),
            Ok(Some(ENV.into())),
            "{url}"
        );
    }
    for url in [
        "http://proxy.example/v1",
        "http://10.0.0.5/v1",
        "ftp://x/",
        "not a url",
    ] {
        let refused = sent(Some(ENV), Some(STORED), "openai", Some(url)).expect_err(url);
        assert!(!refused.contains(ENV), "{refused}");
    }
    // Nothing secret leaves without a key: a local server with no key is asked as it is.
    assert_eq!(
        sent(None, None, "my-llm", Some("http://192.168.1.5:11434/v1")),
        Ok(None)
    );
    // The environment's key wins at the provider's own address too.
    assert_eq!(
        sent(Some(ENV), Some(STORED), "openai", None),
        Ok(Some(ENV.into()))
    );
}
