use serde::{Deserialize, Serialize};

/// The stacks the prompts know how to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum Stack {
    HtmlTailwind,
    HtmlCss,
    ReactTailwind,
    Bootstrap,
    VueTailwind,
    IonicTailwind,
}

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

/// An OpenAI-compatible Chat Completions server (Ollama, LM Studio, OpenRouter, vLLM…). Its key,
/// if any, lives in the keychain under the provider's name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct CustomProvider {
    pub name: String,
    pub base_url: String,
    pub models: Vec<String>,
    /// Whether its models accept images (screenshots need it).
    pub vision: bool,
}

/// Base URL overrides per vendor (a proxy, a regional endpoint); `None` uses the vendor's own.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(default)]
pub struct BaseUrls {
    pub openai: Option<String>,
    pub anthropic: Option<String>,
    pub gemini: Option<String>,
    pub replicate: Option<String>,
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
    pub theme: Theme,
    pub design_systems: Vec<DesignSystem>,
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
            theme: Theme::System,
            design_systems: Vec::new(),
        }
    }
}
