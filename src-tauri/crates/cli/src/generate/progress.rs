//! What `s2c generate` shows while it runs: a progress line per variant on stderr at each turn
//! and at its end, and (with `--events`) every event as a JSON line.

use s2c_core::engine::{AgentEvent, EventKind, EventSink, JsonLinesSink};
use s2c_core::tools::ToolDetail;
use std::fs::File;
use std::io::Write;
use std::sync::{Mutex, PoisonError};

#[derive(Default, Clone)]
struct VariantProgress {
    label: String,
    turns: u32,
    tools: u32,
    code_bytes: usize,
    cost_usd: Option<f64>,
}

pub struct CliSink {
    events: Option<JsonLinesSink<File>>,
    quiet: bool,
    variants: Mutex<Vec<VariantProgress>>,
}

impl CliSink {
    pub fn new(events: Option<File>, quiet: bool, variant_count: usize) -> Self {
        Self {
            events: events.map(JsonLinesSink::new),
            quiet,
            variants: Mutex::new(vec![VariantProgress::default(); variant_count]),
        }
    }

    /// Flush the events file; returns its line and byte counts.
    pub fn finish(self) -> std::io::Result<Option<(u64, u64)>> {
        match self.events {
            Some(sink) => {
                let (mut file, stats) = sink.finish()?;
                file.flush()?;
                Ok(Some((stats.lines, stats.bytes)))
            }
            None => Ok(None),
        }
    }

    fn line(&self, progress: &VariantProgress, state: &str) {
        if self.quiet {
            return;
        }
        let cost = progress
            .cost_usd
            .map(|c| format!("${c:.4}"))
            .unwrap_or_else(|| "cost unknown".into());
        let tools = if progress.tools == 1 { "tool" } else { "tools" };
        let turns = if progress.turns == 1 { "turn" } else { "turns" };
        eprintln!(
            "{}: {state} · {} {turns} · {} {tools} · {} · {cost}",
            progress.label,
            progress.turns,
            progress.tools,
            kilobytes(progress.code_bytes)
        );
    }
}

fn kilobytes(bytes: usize) -> String {
    if bytes < 1024 {
        format!("{bytes} B")
    } else {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    }
}

impl EventSink for CliSink {
    fn emit(&self, event: AgentEvent) {
        {
            let mut variants = self.variants.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(p) = variants.get_mut(event.variant as usize) {
                match &event.kind {
                    EventKind::Started { provider, model } => {
                        p.label = format!("option {} ({provider} {model})", event.variant + 1);
                        self.line(p, "started");
                    }
                    EventKind::CodeDelta { text, .. } => p.code_bytes += text.len(),
                    EventKind::ToolResult { detail, .. } => {
                        p.tools += 1;
                        if let (Some(ToolDetail::FidelityCheck(check)), false) =
                            (detail, self.quiet)
                        {
                            eprintln!(
                                "{}: fidelity check {} of {}: {:.1}{}",
                                p.label,
                                check.round,
                                check.max_rounds,
                                check.total,
                                check
                                    .previous
                                    .map(|b| format!(" (was {b:.1})"))
                                    .unwrap_or_default()
                            );
                        }
                    }
                    EventKind::Status { message }
                        if !self.quiet && message.starts_with("Fidelity") =>
                    {
                        eprintln!("{}: {message}", p.label);
                    }
                    EventKind::Usage { cost_usd, .. } => {
                        p.turns += 1;
                        p.cost_usd = *cost_usd;
                        self.line(p, "working");
                    }
                    EventKind::Retrying {
                        attempt,
                        delay_ms,
                        reason,
                        discard_from,
                        ..
                    } if !self.quiet => {
                        let restart = if discard_from.is_some() {
                            ", restarting the turn"
                        } else {
                            ""
                        };
                        eprintln!(
                            "{}: retrying{restart} (attempt {attempt}) in {:.1} s: {reason}",
                            p.label,
                            f64::from(*delay_ms) / 1000.0
                        );
                    }
                    EventKind::ModelSwitched { to, reason, .. } => {
                        if !self.quiet {
                            eprintln!(
                                "{}: stayed overloaded, switching to {to} ({reason})",
                                p.label
                            );
                        }
                        p.label = format!("option {} ({to})", event.variant + 1);
                    }
                    EventKind::VariantComplete { .. } => self.line(p, "done"),
                    EventKind::VariantTruncated { message, .. } => {
                        self.line(p, "truncated");
                        if !self.quiet {
                            eprintln!("{}: {message}", p.label);
                        }
                    }
                    EventKind::VariantCancelled => self.line(p, "cancelled"),
                    EventKind::VariantError { message, .. } if !self.quiet => {
                        eprintln!("{}: failed: {message}", p.label);
                    }
                    _ => {}
                }
            }
        }
        if let Some(events) = &self.events {
            events.emit(event);
        }
    }
}
