//! `s2c`: Screenshot to Code from a terminal — the same core as the desktop app. A library so the
//! desktop binary can be `s2c` too: the Linux packages install `/usr/bin/s2c` as a link to
//! `s2c-desktop` (one binary instead of two copies of the core and its vendored libraries).

mod ask;
mod build;
mod demo_tools;
mod eval;
mod export;
mod generate;
mod key_destination;
mod key_sources;
mod keys;
mod media_files;
mod models;
mod project_folder;
mod provider_choice;
mod publish;
mod render;
mod score;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// `s2c --version`: the one version of the app, the CLI and the packages, and the commit.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("S2C_COMMIT"),
    ")"
);

#[derive(Parser)]
#[command(name = "s2c", version = VERSION, about = "Screenshot to Code from a terminal")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print what this build is and what this machine lets it do, as JSON.
    Info,
    /// Ask a provider one question and stream the answer ("does this key / base URL work?").
    Ask(ask::AskArgs),
    /// Run a generation headless: variants side by side, files to OUT/variant-N/.
    Generate(Box<generate::GenerateArgs>),
    /// List the models each vendor offers, what they can do and what they cost.
    Models(models::ModelsArgs),
    /// Score how closely a page, rendered, matches a screenshot (JSON; optional diff image).
    Score(score::ScoreArgs),
    /// Generate every screenshot of a folder with every model, score each: report.html + CSV.
    Eval(eval::EvalArgs),
    /// Publish a page to a live link (Netlify, Vercel, GitHub Pages, Cloudflare Pages).
    Publish(publish::PublishArgs),
    /// Export a project: its page as a folder or zip, or its history as a git repository.
    Export(export::ExportArgs),
    /// Build a React + Vite project folder into a static site, offline, with no Node.
    Build(build::BuildArgs),
    /// Take a screenshot of a project's route or of a page, offline, as the preview shows it.
    Render(render::RenderArgs),
    /// API keys in the OS keychain: set, status, clear.
    Keys {
        #[command(subcommand)]
        command: keys::KeysCommand,
    },
}

/// Run the command line: parse `std::env::args_os()` and do what it says.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Info => info(),
        Command::Keys { command } => keys::run(command),
        Command::Models(args) => models::run(args),
        Command::Ask(args) => block_on(ask::run(args)),
        Command::Generate(args) => block_on(generate::run(*args)),
        Command::Score(args) => block_on(score::run(args)),
        Command::Eval(args) => block_on(eval::run(args)),
        Command::Publish(args) => block_on(publish::run(args)),
        Command::Export(args) => block_on(export::run(args)),
        Command::Build(args) => build::run(args),
        Command::Render(args) => block_on(render::run(args)),
    }
}

fn block_on(task: impl std::future::Future<Output = ExitCode>) -> ExitCode {
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(task),
        Err(e) => {
            eprintln!("s2c: could not start the async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

fn info() -> ExitCode {
    let info = s2c_core::app_info::AppInfo::detect(env!("CARGO_PKG_VERSION"));
    match serde_json::to_string_pretty(&info) {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("s2c: {e}");
            ExitCode::FAILURE
        }
    }
}
