//! `s2c build --project DIR --out dist/`: a React + Vite project (the `react_vite` stack's
//! tree, or any project of that shape) built into a static site in process, with no Node and
//! no network: each module compiled, the ESM pack files it uses copied into
//! `assets/vendor/`, an import map in `index.html`.
//!
//! The site routes on the client (react-router), so a host must answer unknown paths with
//! `index.html` (Netlify's and Vercel's SPA rewrites, `try_files $uri /index.html` in nginx);
//! `404.html` is a copy of it for hosts that serve that instead (GitHub Pages).

use crate::project_folder::read_tree;
use clap::Args;
use s2c_webproject::Cache;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
#[command(
    after_help = "Example:\n  s2c build --project out/variant-1 --out site/\n\nServe site/ from the root of a static host that answers unknown paths with index.html\n(client-side routes); 404.html is the same page for hosts that serve that instead."
)]
pub struct BuildArgs {
    /// The project folder: index.html, src/… (node_modules/, dist/ and hidden files are skipped).
    #[arg(long)]
    pub project: PathBuf,
    /// Where to write the site; files already there are replaced, others are left.
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run(args: BuildArgs) -> ExitCode {
    match build(&args.project, &args.out) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("s2c build: {e}");
            ExitCode::FAILURE
        }
    }
}

fn build(project: &Path, out: &Path) -> Result<String, String> {
    let tree = read_tree(project)?;
    let dist = s2c_webproject::build(&tree, &Cache::new()).map_err(|e| {
        format!(
            "{} does not build; fix these and run it again:\n{e}",
            project.display()
        )
    })?;
    let mut bytes = 0usize;
    for (path, content) in &dist {
        let target = out.join(path);
        s2c_core::atomic_file::write_atomic(&target, content)
            .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
        bytes += content.len();
    }
    Ok(format!(
        "built {} files ({} KB) into {}",
        dist.len(),
        bytes.div_ceil(1024),
        out.display()
    ))
}
