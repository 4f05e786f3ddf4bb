//! Which provider serves a model the user named: `provider:model`, a model id the catalog
//! knows, or one whose vendor is clear from its name.

use super::catalog::ModelCatalog;
use crate::vocab::vendor::Vendor;

/// `(provider, model)` for `provider:model`, or a bare model id the catalog knows or whose vendor is clear from its name.
pub fn split_model_spec(spec: &str) -> Result<(String, String), String> {
    let spec = spec.trim();
    if let Some(info) = ModelCatalog::bundled().get(spec) {
        return Ok((info.provider.clone(), spec.to_owned()));
    }
    if let Some((provider, model)) = spec.split_once(':') {
        if !provider.is_empty() && !model.is_empty() && !provider.contains('/') {
            return Ok((provider.to_owned(), model.to_owned()));
        }
    }
    let vendor = if spec.starts_with("gpt-")
        || spec.starts_with("o1")
        || spec.starts_with("o3")
        || spec.starts_with("o4")
        || spec.starts_with("chatgpt-")
    {
        Vendor::Openai
    } else if spec.starts_with("claude-") {
        Vendor::Anthropic
    } else if spec.starts_with("gemini-") {
        Vendor::Gemini
    } else {
        return Err(format!(
            "cannot tell which provider serves `{spec}`: write it as provider:model (e.g. openai:{spec} or ollama:{spec})"
        ));
    };
    Ok((vendor.as_str().to_owned(), spec.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_specs_name_their_provider() {
        let cases = [
            ("gpt-5.4", Ok(("openai", "gpt-5.4"))),
            ("claude-sonnet-4-5", Ok(("anthropic", "claude-sonnet-4-5"))),
            ("gemini-2.5-pro", Ok(("gemini", "gemini-2.5-pro"))),
            ("ollama:qwen3:8b", Ok(("ollama", "qwen3:8b"))),
            (
                "openrouter:qwen/qwen3-coder",
                Ok(("openrouter", "qwen/qwen3-coder")),
            ),
        ];
        for (spec, expected) in cases {
            let got = split_model_spec(spec);
            let expected: Result<(String, String), String> =
                expected.map(|(p, m): (&str, &str)| (p.to_owned(), m.to_owned()));
            assert_eq!(got, expected, "{spec}");
        }
        assert!(split_model_spec("llama3")
            .unwrap_err()
            .contains("provider:model"));
    }
}
