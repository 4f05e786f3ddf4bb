//! `s2c`: Screenshot to Code from a terminal — the same core as the desktop app.

mod keys;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "s2c", version, about = "Screenshot to Code from a terminal")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print what this build is and what this machine lets it do, as JSON.
    Info,
    /// API keys in the OS keychain: set, status, clear.
    Keys {
        #[command(subcommand)]
        command: keys::KeysCommand,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Keys { command } => keys::run(command),
        Command::Info => {
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
    }
}
