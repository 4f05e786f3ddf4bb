//! The words of publishing: the services, where a page went, and how far an upload is.

use crate::vocab::Vendor;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a page can go live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum Service {
    Netlify,
    Vercel,
    GithubPages,
    CloudflarePages,
}

impl Service {
    pub const ALL: [Service; 4] = [
        Service::Netlify,
        Service::Vercel,
        Service::GithubPages,
        Service::CloudflarePages,
    ];

    /// The serde name (`github_pages`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Netlify => "netlify",
            Self::Vercel => "vercel",
            Self::GithubPages => "github_pages",
            Self::CloudflarePages => "cloudflare_pages",
        }
    }

    /// The name on the command line (`s2c publish --to github-pages`).
    pub const fn cli_name(self) -> &'static str {
        match self {
            Self::Netlify => "netlify",
            Self::Vercel => "vercel",
            Self::GithubPages => "github-pages",
            Self::CloudflarePages => "cloudflare-pages",
        }
    }

    /// Either spelling.
    pub fn parse(name: &str) -> Option<Self> {
        let name = name.trim();
        Self::ALL
            .into_iter()
            .find(|s| s.as_str() == name || s.cli_name() == name)
    }

    /// How a person names it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Netlify => "Netlify",
            Self::Vercel => "Vercel",
            Self::GithubPages => "GitHub Pages",
            Self::CloudflarePages => "Cloudflare Pages",
        }
    }

    /// Whose token it takes (GitHub's serves Pages and "Push to GitHub" alike).
    pub const fn vendor(self) -> Vendor {
        match self {
            Self::Netlify => Vendor::Netlify,
            Self::Vercel => Vendor::Vercel,
            Self::GithubPages => Vendor::Github,
            Self::CloudflarePages => Vendor::Cloudflare,
        }
    }

    /// The largest file the service documents accepting, when it documents one; otherwise the
    /// service's own refusal (HTTP 413) is reported.
    pub const fn max_file_bytes(self) -> Option<u64> {
        match self {
            // Cloudflare Pages: 25 MiB per asset (Pages limits; wrangler's MAX_ASSET_SIZE).
            Self::CloudflarePages => Some(25 * 1024 * 1024),
            // GitHub refuses files over 100 MiB.
            Self::GithubPages => Some(100 * 1024 * 1024),
            Self::Netlify | Self::Vercel => None,
        }
    }
}

impl fmt::Display for Service {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Where a page was published, so the next publish updates the same site. Holds no token: a
/// site id lets nobody publish without a token of their own that can reach the site.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct Publication {
    pub service: Service,
    /// Netlify's site id, Vercel's project id, `owner/repo` on GitHub, the Cloudflare Pages
    /// project name.
    pub site_id: String,
    /// The name people see (the site's subdomain, the repository).
    pub site_name: String,
    /// The live address (https).
    pub url: String,
    /// The Cloudflare account the project lives in.
    #[serde(default)]
    pub account_id: Option<String>,
    /// The project version that went live (none for a plain folder).
    #[serde(default)]
    pub version_id: Option<u32>,
    /// When it went live, in milliseconds since the epoch.
    #[specta(type = f64)]
    pub published_at: i64,
    /// Files in the site, and how many had to be sent (the others the service already had).
    #[serde(default)]
    pub files: u32,
    #[serde(default)]
    pub uploaded: u32,
}

/// What an upload is doing now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum PublishStage {
    /// Gathering the files and their digests.
    Preparing,
    /// Finding (or making) the site on the service.
    Site,
    /// Sending the files the service does not have yet.
    Uploading,
    /// The service is putting the new version live.
    GoingLive,
}

/// Progress of one publish, sent as it changes.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct Progress {
    pub service: Service,
    pub stage: PublishStage,
    pub files: u32,
    /// Files the service lacked, and how many of them are sent.
    pub to_send: u32,
    pub sent: u32,
    #[specta(type = f64)]
    pub bytes_to_send: u64,
    #[specta(type = f64)]
    pub bytes_sent: u64,
}

/// Where progress goes (a UI channel, a terminal line).
pub type ProgressSink<'a> = &'a (dyn Fn(Progress) + Send + Sync);

/// Milliseconds since the epoch.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
