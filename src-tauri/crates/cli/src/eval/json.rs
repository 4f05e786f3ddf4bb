//! results.json: one object per screenshot × model, as `s2c score` reports a page: its score
//! and, for a page at several widths, each width with its score and the lowest.

use super::Run;
use s2c_core::responsive::{Breakpoint, ScreenshotWidth};
use serde::Serialize;

#[derive(Serialize)]
struct Row<'a> {
    screenshot: &'a str,
    model: &'a str,
    status: &'a str,
    /// The page's score: at several widths, the lowest.
    score: Option<f64>,
    /// Why there is no score.
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    widths: Vec<Width<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lowest: Option<Lowest<'a>>,
    rounds: &'a [f64],
    cost_usd: Option<f64>,
    seconds: f64,
    turns: u32,
    variant_dir: &'a str,
    diff_image: Option<&'a str>,
}

#[derive(Serialize)]
struct Width<'a> {
    screenshot: &'a str,
    #[serde(flatten)]
    width: ScreenshotWidth,
    total: f64,
    diff_image: &'a str,
}

#[derive(Serialize)]
struct Lowest<'a> {
    screenshot: &'a str,
    css: u32,
    breakpoint: Breakpoint,
    total: f64,
}

pub fn render(runs: &[Run]) -> String {
    let rows: Vec<Row> = runs.iter().map(row).collect();
    let mut json = serde_json::to_string_pretty(&rows).unwrap_or_else(|_| "[]".to_owned());
    json.push('\n');
    json
}

fn row(run: &Run) -> Row<'_> {
    let widths: Vec<Width> = run
        .widths
        .iter()
        .map(|w| Width {
            screenshot: &w.screenshot,
            width: w.width,
            total: w.total,
            diff_image: &w.diff_image,
        })
        .collect();
    // The first of equal lowest scores, as `s2c score` picks it.
    let lowest = run
        .widths
        .iter()
        .reduce(|low, w| if w.total < low.total { w } else { low })
        .map(|w| Lowest {
            screenshot: &w.screenshot,
            css: w.width.css,
            breakpoint: w.width.breakpoint,
            total: w.total,
        });
    Row {
        screenshot: &run.screenshot,
        model: &run.model,
        status: &run.status,
        score: run.score.as_ref().ok().map(|r| r.total),
        error: run.score.as_ref().err().map(String::as_str),
        widths,
        lowest,
        rounds: &run.rounds,
        cost_usd: run.cost_usd,
        seconds: run.seconds,
        turns: run.turns,
        variant_dir: &run.variant_dir,
        diff_image: run.diff_image.as_deref(),
    }
}
