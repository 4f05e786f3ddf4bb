//! `s2c generate`: a whole generation headless — the same engine the app runs — writing each
//! variant's files to `OUT/variant-N/` and, with `--events`, every event as JSON lines.

mod args;
mod figma;
mod progress;
mod providers;
mod request;
mod widths;

pub use args::GenerateArgs;
pub use request::variant_dir;
pub use widths::WidthsMode;

use progress::CliSink;
use s2c_core::engine::{self, EventEmitter, GenerationOutcome, VariantEnd};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

pub async fn run(args: GenerateArgs) -> ExitCode {
    match generate(args).await {
        Ok(code) => code,
        Err(message) => {
            eprintln!("s2c generate: {message}");
            ExitCode::from(2)
        }
    }
}

async fn generate(args: GenerateArgs) -> Result<ExitCode, String> {
    let Finished { outcome, events } = execute(&args).await?;
    summarize(&args, &outcome, events);
    let any_complete = outcome.variants.iter().any(|v| {
        matches!(
            v.status,
            VariantEnd::Complete | VariantEnd::Truncated { .. }
        )
    });
    Ok(if any_complete {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// A generation that ran to its end, its files written.
pub struct Finished {
    pub outcome: GenerationOutcome,
    /// Lines and bytes written to the events file, when there was one.
    pub events: Option<(u64, u64)>,
}

/// One whole generation as `s2c generate` runs it: prepare, run (Ctrl-C cancels), write each
/// variant's files to `OUT/variant-N/`. `s2c eval` runs its generations through here too.
pub async fn execute(args: &GenerateArgs) -> Result<Finished, String> {
    let prepared = request::prepare(args).await?;
    let events_file = match &args.events {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| format!("cannot write the events file {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let sink = Arc::new(CliSink::new(
        events_file,
        args.quiet,
        prepared.spec.variants.len(),
    ));
    let emitter = Arc::new(EventEmitter::new(sink.clone()));
    let handle = engine::start(prepared.spec, emitter);
    let cancel = handle.cancel_token();
    let ctrl_c = tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            eprintln!("s2c generate: cancelling…");
            cancel.cancel();
        }
    });
    let outcome = handle.wait().await;
    // `s2c eval` runs many generations in one process: each listens only while it runs.
    ctrl_c.abort();
    if let Some(renderer) = &prepared.renderer {
        renderer.shutdown().await;
    }
    write_outputs(&args.out, &outcome)?;
    let sink = Arc::into_inner(sink).ok_or("the event sink is still in use")?;
    let events = sink
        .finish()
        .map_err(|e| format!("writing the events file failed: {e}"))?;
    Ok(Finished { outcome, events })
}

/// Each variant's text files into `out/variant-N/`, atomically (assets are already there: the
/// tools that make them write them).
fn write_outputs(out: &Path, outcome: &GenerationOutcome) -> Result<(), String> {
    for variant in &outcome.variants {
        let dir = request::variant_dir(out, variant.index);
        for (path, content) in variant.files.files() {
            let target = dir.join(path.as_str());
            s2c_core::atomic_file::write_atomic(&target, content.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
        }
    }
    Ok(())
}

fn summarize(args: &GenerateArgs, outcome: &GenerationOutcome, events: Option<(u64, u64)>) {
    if args.quiet {
        return;
    }
    for v in &outcome.variants {
        let state = match &v.status {
            VariantEnd::Complete => "complete".to_owned(),
            VariantEnd::Truncated { message } => format!("truncated: {message}"),
            VariantEnd::Cancelled => "cancelled".to_owned(),
            VariantEnd::Error { message, .. } => format!("failed: {message}"),
        };
        let state = match &v.model_switch {
            Some(switch) => format!("{state} (switched from {} to {})", switch.from, switch.to),
            None => state,
        };
        let files: Vec<&str> = v.files.paths().map(|p| p.as_str()).collect();
        eprintln!(
            "option {}: {state}; files: {} in {}",
            v.index + 1,
            if files.is_empty() {
                "none".to_owned()
            } else {
                files.join(", ")
            },
            request::variant_dir(&args.out, v.index).display()
        );
    }
    let cost = outcome
        .cost_usd()
        .map(|c| format!("${c:.4}"))
        .unwrap_or_else(|| "unknown".into());
    eprintln!("total cost: {cost}");
    if let Some((lines, bytes)) = events {
        eprintln!("events: {lines} lines, {bytes} bytes");
    }
}
