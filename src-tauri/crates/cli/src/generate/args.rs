//! The command line of `s2c generate`.

use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  s2c generate --input shot.png --stack html_tailwind --model gpt-5.4 --model claude-sonnet-4-5 --out out/\n  s2c generate --from out/variant-1 --prompt \"make the header sticky\" --model gpt-5.4 --out out2/\n  s2c generate --input shot.png --model claude-opus-4-1 --fallback-model openai:gpt-5.4 --out out/\n  s2c generate --figma 'https://www.figma.com/design/KEY/Name?node-id=1-2' --out out/\n  s2c generate --stack react_vite --input home.png --input pricing.png --out site/"
)]
pub struct GenerateArgs {
    /// A screenshot to rebuild (PNG, JPEG, WebP or GIF); repeat for up to 5.
    #[arg(long = "input", value_name = "IMAGE")]
    pub inputs: Vec<PathBuf>,
    /// Which screenshots are one page at different widths (a desktop and a mobile screenshot):
    /// `auto` finds them, `same-page` says all are, `separate` says none are. One page at
    /// several widths is built as one responsive page and scored at each width.
    #[arg(long, value_enum, default_value_t, value_name = "HOW")]
    pub widths: super::widths::WidthsMode,
    /// A screen recording to rebuild (Gemini models only).
    #[arg(long, value_name = "VIDEO", conflicts_with_all = ["inputs", "text", "from"])]
    pub video: Option<PathBuf>,
    /// A Figma frame to rebuild, by its link (`https://www.figma.com/design/<file>/…?node-id=1-2`).
    /// Needs a Figma personal access token: FIGMA_API_KEY / FIGMA_TOKEN or the keychain
    /// (`s2c keys set figma`). The frame's 1× and 2× renders and its design tokens are written
    /// to `OUT/figma/`.
    #[arg(long, value_name = "URL", conflicts_with_all = ["inputs", "video", "from"])]
    pub figma: Option<String>,
    /// A description of the page to build (or, with --input, extra instructions).
    #[arg(long)]
    pub text: Option<String>,
    /// Update: start from the files of an earlier variant's folder.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["inputs", "video", "figma"], requires = "prompt")]
    pub from: Option<PathBuf>,
    /// Update: what to change.
    #[arg(long, requires = "from")]
    pub prompt: Option<String>,
    /// An image the model may save into the project (`save_assets`); repeatable.
    #[arg(long = "asset", value_name = "IMAGE")]
    pub assets: Vec<PathBuf>,
    /// html_tailwind, html_css, react_tailwind, bootstrap, vue_tailwind, ionic_tailwind, or
    /// react_vite (react_vite_shadcn: with shadcn/ui components): a multi-file React + Vite
    /// project, one page per --input named after its file
    /// (home.png → Home at /, pricing.png → Pricing at /pricing); build it with `s2c build`.
    #[arg(long, default_value = "html_tailwind")]
    pub stack: String,
    /// A model per variant, as `provider:model` or a model id whose vendor is clear
    /// (gpt-…, claude-…, gemini-…). Repeat for several variants. Without it, models are chosen
    /// from the providers that have a key.
    #[arg(long = "model", value_name = "MODEL")]
    pub models: Vec<String>,
    /// How many variants (1–4; default: as many as --model, else 4 for a new page, 2 for an
    /// update). Slots without a --model are chosen automatically.
    #[arg(long, value_name = "N")]
    pub variants: Option<usize>,
    /// When a variant's model stays overloaded after the retries, carry on with this model
    /// (same syntax as --model), once, from the same conversation. Applies to every variant
    /// whose own model differs. Its base URL is --base-url when it has the variant's provider,
    /// else `<PROVIDER>_BASE_URL` or the vendor's.
    #[arg(long, value_name = "MODEL")]
    pub fallback_model: Option<String>,
    /// Where to write each variant's files (`DIR/variant-N/`).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Write every event as one JSON object per line to this file.
    #[arg(long, value_name = "FILE")]
    pub events: Option<PathBuf>,
    /// Spending limit per variant in USD.
    #[arg(long, value_name = "USD")]
    pub budget: Option<f64>,
    /// Model turns per variant.
    #[arg(long, default_value_t = 20)]
    pub max_turns: u32,
    /// Rounds of "check the page against the screenshot, fix what differs" per variant, after it
    /// writes a page from a screenshot (0: none; at most 5).
    #[arg(long, value_name = "N", default_value_t = s2c_core::settings::DEFAULT_FIDELITY_ROUNDS,
          value_parser = clap::value_parser!(u32).range(0..=5))]
    pub fidelity_rounds: u32,
    /// Output token limit per turn.
    #[arg(long)]
    pub max_tokens: Option<u32>,
    /// Base URL for every variant's provider (else `<PROVIDER>_BASE_URL` or the vendor's).
    #[arg(long)]
    pub base_url: Option<String>,
    /// A design system to follow, as a text file.
    #[arg(long, value_name = "FILE")]
    pub design_system: Option<PathBuf>,
    /// Retries after the first attempt for transient errors.
    #[arg(long, default_value_t = 3)]
    pub max_retries: u32,
    /// Seconds of silence from the vendor before giving up.
    #[arg(long, default_value_t = 120)]
    pub idle_timeout: u64,
    /// Let the agent generate images (Replicate; needs a Replicate key). Without it, pages use
    /// placeholder images.
    #[arg(long)]
    pub generate_images: bool,
    /// The Chromium-family browser for preview screenshots (default: found on PATH).
    #[arg(long, value_name = "PATH")]
    pub chromium: Option<PathBuf>,
    /// Don't offer the agent preview screenshots even when a Chromium is found (nor fidelity
    /// checks, which render the same way).
    #[arg(long)]
    pub no_preview_screenshots: bool,
    /// No progress lines on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}
