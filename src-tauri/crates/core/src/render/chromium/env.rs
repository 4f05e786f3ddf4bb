//! What of the app's environment a Chromium process may see. The browser renders pages a model
//! wrote; it has no use for the keys a user exported in their shell (`OPENAI_API_KEY`…), and a
//! crash report or a page exploit could carry them off. chromiumoxide can only add variables,
//! so every secret-looking one is overridden with an empty value.

use std::ffi::OsString;

/// Parts of a variable name that mark it as a secret.
const SECRET_MARKERS: &[&str] = &["KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"];

/// The overrides that blank every secret-looking variable of `vars`.
pub(super) fn blanked_secrets(
    vars: impl IntoIterator<Item = (OsString, OsString)>,
) -> Vec<(String, String)> {
    vars.into_iter()
        .filter_map(|(name, _)| name.into_string().ok())
        .filter(|name| {
            let upper = name.to_ascii_uppercase();
            SECRET_MARKERS.iter().any(|m| upper.contains(m))
        })
        .map(|name| (name, String::new()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tokens_and_passwords_are_blanked_and_the_rest_kept() {
        let vars = [
            "OPENAI_API_KEY",
            "anthropic_api_key",
            "GITHUB_TOKEN",
            "AWS_SECRET_ACCESS_KEY",
            "PGPASSWORD",
            "GOOGLE_APPLICATION_CREDENTIALS",
            "PATH",
            "HOME",
            "DISPLAY",
            "LANG",
        ]
        .map(|n| (OsString::from(n), OsString::from("value")));
        let blanked: Vec<String> = blanked_secrets(vars).into_iter().map(|(n, _)| n).collect();
        assert_eq!(
            blanked,
            [
                "OPENAI_API_KEY",
                "anthropic_api_key",
                "GITHUB_TOKEN",
                "AWS_SECRET_ACCESS_KEY",
                "PGPASSWORD",
                "GOOGLE_APPLICATION_CREDENTIALS"
            ]
        );
    }
}
