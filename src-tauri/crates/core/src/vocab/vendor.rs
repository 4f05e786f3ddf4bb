//! The vendors the app knows by name, in one place: their names and aliases, labels, default
//! base URLs and the environment variables that carry their keys. The keychain, the settings,
//! the provider layer, the publishing services, the IPC surface and the CLI all take their
//! names from here.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A built-in vendor. Every one holds a key in the keychain; all but Replicate (images only),
/// Figma (design files, read by the Figma import) and the publishing services (Netlify, Vercel,
/// GitHub, Cloudflare: where a page goes live) serve chat models.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case")]
pub enum Vendor {
    Openai,
    Anthropic,
    Gemini,
    Replicate,
    Figma,
    Netlify,
    Vercel,
    Github,
    Cloudflare,
}

impl Vendor {
    /// Every vendor, in the order the UI and key listings show them.
    pub const ALL: [Vendor; 9] = [
        Vendor::Openai,
        Vendor::Anthropic,
        Vendor::Gemini,
        Vendor::Replicate,
        Vendor::Figma,
        Vendor::Netlify,
        Vendor::Vercel,
        Vendor::Github,
        Vendor::Cloudflare,
    ];

    /// The vendors whose chat models a variant can run on.
    pub const MODEL_VENDORS: [Vendor; 3] = [Vendor::Openai, Vendor::Anthropic, Vendor::Gemini];

    /// The services a page is published to with the user's own token.
    pub const PUBLISHING: [Vendor; 4] = [
        Vendor::Netlify,
        Vendor::Vercel,
        Vendor::Github,
        Vendor::Cloudflare,
    ];

    /// The name on disk, in the keychain, in settings and over IPC.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Openai => "openai",
            Self::Anthropic => "anthropic",
            Self::Gemini => "gemini",
            Self::Replicate => "replicate",
            Self::Figma => "figma",
            Self::Netlify => "netlify",
            Self::Vercel => "vercel",
            Self::Github => "github",
            Self::Cloudflare => "cloudflare",
        }
    }

    /// Other names users type for it (`google:gemini-2.5-pro`).
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            Self::Gemini => &["google"],
            _ => &[],
        }
    }

    /// The vendor whose name is exactly `name` (no aliases): keychain accounts and settings
    /// keys are only ever written with the canonical name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// How the UI names it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Openai => "OpenAI",
            Self::Anthropic => "Anthropic",
            Self::Gemini => "Google Gemini",
            Self::Replicate => "Replicate",
            Self::Figma => "Figma",
            Self::Netlify => "Netlify",
            Self::Vercel => "Vercel",
            Self::Github => "GitHub",
            Self::Cloudflare => "Cloudflare",
        }
    }

    /// Whether its chat models can run a variant.
    pub const fn serves_models(self) -> bool {
        matches!(self, Self::Openai | Self::Anthropic | Self::Gemini)
    }

    /// Whether it is a service pages are published to.
    pub const fn publishes(self) -> bool {
        matches!(
            self,
            Self::Netlify | Self::Vercel | Self::Github | Self::Cloudflare
        )
    }

    /// Where its API lives when the settings name no other base URL.
    pub const fn default_base_url(self) -> &'static str {
        match self {
            Self::Openai => "https://api.openai.com/v1",
            Self::Anthropic => "https://api.anthropic.com/v1",
            Self::Gemini => "https://generativelanguage.googleapis.com/v1beta",
            Self::Replicate => "https://api.replicate.com",
            Self::Figma => "https://api.figma.com",
            Self::Netlify => "https://api.netlify.com/api/v1",
            Self::Vercel => "https://api.vercel.com",
            Self::Github => "https://api.github.com",
            Self::Cloudflare => "https://api.cloudflare.com/client/v4",
        }
    }

    /// The environment variables that may hold its key, first wins — the way each vendor's
    /// own SDK names them.
    pub const fn key_env_names(self) -> &'static [&'static str] {
        match self {
            Self::Openai => &["OPENAI_API_KEY"],
            Self::Anthropic => &["ANTHROPIC_API_KEY"],
            Self::Gemini => &["GEMINI_API_KEY", "GOOGLE_API_KEY"],
            // Replicate's own clients read REPLICATE_API_TOKEN.
            Self::Replicate => &["REPLICATE_API_KEY", "REPLICATE_API_TOKEN"],
            // A Figma personal access token; Figma's own examples call it FIGMA_TOKEN.
            Self::Figma => &["FIGMA_API_KEY", "FIGMA_TOKEN"],
            // Each service's own CLI reads these (netlify-cli, vercel, gh, wrangler).
            Self::Netlify => &["NETLIFY_AUTH_TOKEN"],
            Self::Vercel => &["VERCEL_TOKEN"],
            Self::Github => &["GITHUB_TOKEN", "GH_TOKEN"],
            Self::Cloudflare => &["CLOUDFLARE_API_TOKEN"],
        }
    }

    /// The environment variable that overrides its base URL.
    pub const fn base_url_env(self) -> &'static str {
        match self {
            Self::Openai => "OPENAI_BASE_URL",
            Self::Anthropic => "ANTHROPIC_BASE_URL",
            Self::Gemini => "GEMINI_BASE_URL",
            Self::Replicate => "REPLICATE_BASE_URL",
            Self::Figma => "FIGMA_BASE_URL",
            Self::Netlify => "NETLIFY_BASE_URL",
            Self::Vercel => "VERCEL_BASE_URL",
            Self::Github => "GITHUB_BASE_URL",
            Self::Cloudflare => "CLOUDFLARE_BASE_URL",
        }
    }

    /// What the UI needs to know of every vendor.
    pub fn infos() -> Vec<VendorInfo> {
        Self::ALL.into_iter().map(VendorInfo::of).collect()
    }
}

/// Not a vendor's name or alias.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is not a built-in vendor")]
pub struct UnknownVendor(pub String);

impl FromStr for Vendor {
    type Err = UnknownVendor;

    /// The canonical name or an alias, exactly as written.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|v| v.as_str() == name || v.aliases().contains(&name))
            .ok_or_else(|| UnknownVendor(name.to_owned()))
    }
}

impl fmt::Display for Vendor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One vendor as the settings UI lists it (exported to the UI as the `VENDORS` constant).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct VendorInfo {
    pub id: Vendor,
    pub label: &'static str,
    /// Its models need its key (custom providers may need none).
    pub needs_key: bool,
    pub serves_models: bool,
    /// A service pages are published to (its token lives under Settings → Publishing).
    pub publishes: bool,
    pub default_base_url: &'static str,
}

impl VendorInfo {
    pub fn of(vendor: Vendor) -> Self {
        Self {
            id: vendor,
            label: vendor.label(),
            needs_key: true,
            serves_models: vendor.serves_models(),
            publishes: vendor.publishes(),
            default_base_url: vendor.default_base_url(),
        }
    }
}

#[cfg(test)]
#[path = "vendor_tests.rs"]
mod tests;
