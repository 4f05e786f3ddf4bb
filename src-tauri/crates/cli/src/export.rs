//! `s2c export PROJECT --out DEST`: a version as a self-contained folder or zip, or with
//! `--git` the project's whole history as a git repository (one commit per version, branches
//! for forks), optionally pushed to GitHub with `--push NAME`.

use crate::publish::{access, cancel_on_ctrl_c};
use clap::Args;
use s2c_core::project::export::{export_version, ExportFormat, ExportOptions, RemoteLimits};
use s2c_core::project::Project;
use s2c_core::publish::git::export_git;
use s2c_core::publish::{push_project, Service};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  s2c export bakery/ --out bakery-site/\n  s2c export bakery/ --zip --out bakery.zip\n  s2c export bakery/ --git --out bakery-repo/\n  GITHUB_TOKEN=… s2c export bakery/ --git --push bakery"
)]
pub struct ExportArgs {
    /// An app project folder.
    pub project: PathBuf,
    /// Where to write: a new folder, a zip file, or the repository's folder.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The project's history as a git repository.
    #[arg(long, conflicts_with = "zip")]
    pub git: bool,
    /// A zip file instead of a folder.
    #[arg(long)]
    pub zip: bool,
    /// With --git: push the history to GitHub, to a new repository of this name (or the one it
    /// was pushed to before). Private unless --public.
    #[arg(long, requires = "git")]
    pub push: Option<String>,
    #[arg(long, requires = "push")]
    pub public: bool,
}

pub async fn run(args: ExportArgs) -> ExitCode {
    match export(args).await {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("s2c export: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn export(args: ExportArgs) -> Result<String, String> {
    let project = Project::open(&args.project).map_err(|e| e.to_string())?;
    if args.git {
        let mut lines = Vec::new();
        if let Some(out) = &args.out {
            let repo = export_git(&project, out).await.map_err(|e| e.to_string())?;
            let branches: Vec<&str> = repo.branches.iter().map(|b| b.name.as_str()).collect();
            lines.push(format!(
                "{}: {} commits, branches {}",
                repo.path,
                repo.commits,
                branches.join(", ")
            ));
        }
        if let Some(name) = &args.push {
            let access = access(Service::GithubPages).map_err(|e| e.to_string())?;
            let progress =
                |sent: u32, total: u32| eprintln!("s2c export: pushed {sent} of {total} commits");
            let report = push_project(
                &project,
                &access,
                name,
                !args.public,
                &progress,
                cancel_on_ctrl_c(),
            )
            .await
            .map_err(|e| e.to_string())?;
            let mut line = format!("{} ({} new commits)", report.url, report.commits_sent);
            if !report.skipped.is_empty() {
                line.push_str(&format!(
                    "; left alone on GitHub (they have commits the app did not make): {}",
                    report.skipped.join(", ")
                ));
            }
            lines.push(line);
        }
        if lines.is_empty() {
            return Err("--git needs --out DIR, --push NAME, or both".into());
        }
        return Ok(lines.join("\n"));
    }
    let out = args.out.ok_or("--out is required")?;
    let version = project
        .info()
        .map_err(|e| e.to_string())?
        .current_version
        .ok_or("the project has no version yet")?;
    let options = ExportOptions {
        format: if args.zip {
            ExportFormat::Zip
        } else {
            ExportFormat::Folder
        },
        destination: out,
        fetcher: None,
        limits: RemoteLimits::default(),
    };
    let report = export_version(&project, version, None, &options)
        .await
        .map_err(|e| e.to_string())?;
    Ok(format!("{}: {} files", report.path, report.files))
}
