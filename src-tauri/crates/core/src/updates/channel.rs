use serde::{Deserialize, Serialize};

/// Which releases an installed app follows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum UpdateChannel {
    /// Releases a person published: the latest non-draft, non-pre-release GitHub release.
    #[default]
    Stable,
    /// What the release workflow builds every night from main, published as the `nightly`
    /// pre-release.
    Nightly,
}

impl UpdateChannel {
    pub fn name(self) -> &'static str {
        match self {
            Self::Stable => "stable",
            Self::Nightly => "nightly",
        }
    }
}

/// Where feed URLs in the app's config name the channel.
pub const CHANNEL_PLACEHOLDER: &str = "{{channel}}";

/// The feeds (`latest.json`) to ask for `channel`: the ones the build's config names, with
/// `{{channel}}` filled in, else the project's GitHub releases at `repository`. Releases are
/// the normal case; a config that names feeds is a test's or a mirror's.
pub fn feed_urls(configured: &[String], repository: &str, channel: UpdateChannel) -> Vec<String> {
    if !configured.is_empty() {
        return configured
            .iter()
            .map(|url| {
                url.replace(CHANNEL_PLACEHOLDER, channel.name())
                    .replace("%7B%7Bchannel%7D%7D", channel.name())
            })
            .collect();
    }
    let repository = repository.trim_end_matches('/');
    vec![match channel {
        // GitHub answers this with the newest published release, so a draft stays private
        // until a person publishes it.
        UpdateChannel::Stable => format!("{repository}/releases/latest/download/latest.json"),
        UpdateChannel::Nightly => format!("{repository}/releases/download/nightly/latest.json"),
    }]
}

#[cfg(test)]
#[path = "channel_tests.rs"]
mod tests;
