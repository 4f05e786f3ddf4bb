//! The command line of `s2c eval`.

use std::path::PathBuf;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example:\n  s2c eval --inputs samples/ --stack html_tailwind --model gpt-5.4 --model claude-sonnet-4-5 --out eval/\n\nA screenshot NAME.png with NAME.html beside it (or in src/) has its text compared too.\nA folder NAME/ of screenshots (a desktop and a mobile one) is one page at several widths: one row, scored at each width, the lowest counting.\nWrites OUT/report.html, OUT/results.csv, OUT/results.json and OUT/runs/NAME/MODEL/ (the variant, diff.png)."
)]
pub struct EvalArgs {
    /// A folder of screenshots (PNG, JPEG, WebP); each is generated with every model. A
    /// sub-folder of screenshots is one page at several widths.
    #[arg(long, value_name = "DIR")]
    pub inputs: PathBuf,
    /// html_tailwind, html_css, react_tailwind, bootstrap, vue_tailwind or ionic_tailwind.
    #[arg(long, default_value = "html_tailwind")]
    pub stack: String,
    /// A model to evaluate, as for `s2c generate --model`; repeat for several.
    #[arg(long = "model", value_name = "MODEL", required = true)]
    pub models: Vec<String>,
    /// Where the report, the CSV and every run's files go.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Spending limit per run in USD.
    #[arg(long, value_name = "USD")]
    pub budget: Option<f64>,
    /// Model turns per run.
    #[arg(long, default_value_t = 20)]
    pub max_turns: u32,
    /// Rounds of "check the page against the screenshot, fix what differs" per run, after it
    /// writes a page from a screenshot (0: none; at most 5).
    #[arg(long, value_name = "N", default_value_t = s2c_core::settings::DEFAULT_FIDELITY_ROUNDS,
          value_parser = clap::value_parser!(u32).range(0..=5))]
    pub fidelity_rounds: u32,
    /// Output token limit per turn.
    #[arg(long)]
    pub max_tokens: Option<u32>,
    /// Base URL for every model's provider (else `<PROVIDER>_BASE_URL` or the vendor's).
    #[arg(long)]
    pub base_url: Option<String>,
    /// The Chromium-family browser for scoring and preview screenshots (default: on PATH).
    #[arg(long, value_name = "PATH")]
    pub chromium: Option<PathBuf>,
    /// Don't offer the agents preview screenshots (nor fidelity checks, which render the same way).
    #[arg(long)]
    pub no_preview_screenshots: bool,
    /// No progress lines on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}
