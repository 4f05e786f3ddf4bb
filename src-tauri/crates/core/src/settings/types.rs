use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use crate::prompts::Stack;
pub use crate::providers::openai_compat::CustomProvider;
pub use crate::updates::UpdateChannel;
use crate::vocab::vendor::Vendor;

/// Fidelity rounds unless the user chooses otherwise.
pub const DEFAULT_FIDELITY_ROUNDS: u32 = 2;
/// The most fidelity rounds the settings accept: each is a model turn or two.
pub const MAX_FIDELITY_ROUNDS: u32 = 5;

/// The longest model id the settings accept (slots and fallback models alike).
pub(super) const MAX_MODEL_CHARS: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    System,
    Light,
    Dark,
}

/// How many agents run for a new page and which model each uses, by position. A slot that is
/// missing (a list shorter than `count`) or holds `"auto"` is chosen automatically from the keys
/// present.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct VariantSettings {
    pub count: u32,
    pub models: Vec<String>,
}

impl Default for VariantSettings {
    fn default() -> Self {
        Self {
            count: 4,
            models: Vec::new(),
        }
    }
}

/// Base URL overrides per vendor (a proxy, a regional endpoint); `None` uses the vendor's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct BaseUrls {
    pub openai: Option<String>,
    pub anthropic: Option<String>,
    pub gemini: Option<String>,
    pub replicate: Option<String>,
    pub figma: Option<String>,
    pub netlify: Option<String>,
    pub vercel: Option<String>,
    pub github: Option<String>,
    pub cloudflare: Option<String>,
}

impl BaseUrls {
    /// The override for `vendor`, if the settings name one.
    pub fn get(&self, vendor: Vendor) -> Option<&String> {
        match vendor {
            Vendor::Openai => self.openai.as_ref(),
            Vendor::Anthropic => self.anthropic.as_ref(),
            Vendor::Gemini => self.gemini.as_ref(),
            Vendor::Replicate => self.replicate.as_ref(),
            Vendor::Figma => self.figma.as_ref(),
            Vendor::Netlify => self.netlify.as_ref(),
            Vendor::Vercel => self.vercel.as_ref(),
            Vendor::Github => self.github.as_ref(),
            Vendor::Cloudflare => self.cloudflare.as_ref(),
        }
    }
}

/// How the installed app keeps itself current (release builds only; docs/RELEASING.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct UpdateSettings {
    /// Look for a new version each time the app starts.
    pub check_automatically: bool,
    pub channel: UpdateChannel,
}

impl Default for UpdateSettings {
    fn default() -> Self {
        Self {
            check_automatically: true,
            channel: UpdateChannel::Stable,
        }
    }
}

/// How pages are published, besides the tokens (which live in the keychain).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct PublishingSettings {
    /// The Cloudflare account Pages projects live in; unset: the only account the token reaches.
    pub cloudflare_account_id: Option<String>,
}

impl PublishingSettings {
    pub fn is_empty(&self) -> bool {
        self.cloudflare_account_id.is_none()
    }
}

/// A named text handed to the agent with every request (colours, type scale, components…).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct DesignSystem {
    pub name: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct Settings {
    pub default_stack: Stack,
    pub variants: VariantSettings,
    pub custom_providers: Vec<CustomProvider>,
    pub base_urls: BaseUrls,
    /// The most one variant may spend, in US dollars; `None` for no limit.
    pub budget_per_variant_usd: Option<f64>,
    pub image_generation: bool,
    pub asset_extraction: bool,
    /// A Chromium-family browser for preview screenshots; `None` looks on PATH.
    pub chromium_path: Option<String>,
    /// Rounds of "check the page against the screenshot, fix what differs" each variant gets
    /// after writing a page from a screenshot (0: no fidelity checks; at most
    /// [`MAX_FIDELITY_ROUNDS`]).
    pub fidelity_rounds: u32,
    pub theme: Theme,
    pub design_systems: Vec<DesignSystem>,
    /// The model a variant carries on with when its own stays overloaded, keyed by model id
    /// (or `provider:model`) or by vendor: `{"claude-opus-4-1": "claude-sonnet-4-5",
    /// "anthropic": "openai:gpt-5.4"}`. A model's key wins over its vendor's (see
    /// [`Settings::fallback_for`]). Values are model ids or `provider:model`. Left out when
    /// empty, so front ends that do not know it yet still build a complete value.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fallback_models: BTreeMap<String, String>,
    pub updates: UpdateSettings,
    /// Left out when it holds nothing, like `fallback_models`.
    #[serde(skip_serializing_if = "PublishingSettings::is_empty")]
    pub publishing: PublishingSettings,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            default_stack: Stack::HtmlTailwind,
            variants: VariantSettings::default(),
            custom_providers: Vec::new(),
            base_urls: BaseUrls::default(),
            budget_per_variant_usd: Some(1.0),
            image_generation: true,
            asset_extraction: true,
            chromium_path: None,
            fidelity_rounds: DEFAULT_FIDELITY_ROUNDS,
            theme: Theme::System,
            design_systems: Vec::new(),
            fallback_models: BTreeMap::new(),
            updates: UpdateSettings::default(),
            publishing: PublishingSettings::default(),
        }
    }
}
