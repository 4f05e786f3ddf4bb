//! results.csv: one row per screenshot × model. `rounds` is the score of each fidelity check
//! the run made while it worked, space-separated; `score` is the final page's; for a page at
//! several widths, the lowest, with each width's in `widths` ("desktop 1280 93.10; mobile 390
//! 61.52").

use super::Run;

const HEADER: &str = "screenshot,model,status,score,block,position,visual,color,text,rounds,cost_usd,seconds,turns,variant_dir,diff_image,notes,widths";

pub fn render(runs: &[Run]) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for run in runs {
        let report = run.score.as_ref().ok();
        let number = |v: Option<f64>| v.map(|v| format!("{v:.2}")).unwrap_or_default();
        let notes = match &run.score {
            Ok(report) => report.notes.join("; "),
            Err(error) => error.clone(),
        };
        let fields = [
            run.screenshot.clone(),
            run.model.clone(),
            run.status.clone(),
            number(report.map(|r| r.total)),
            number(report.map(|r| r.components.block)),
            number(report.map(|r| r.components.position)),
            number(report.map(|r| r.components.visual)),
            number(report.map(|r| r.components.color)),
            number(report.and_then(|r| r.components.text)),
            run.rounds
                .iter()
                .map(|s| format!("{s:.2}"))
                .collect::<Vec<_>>()
                .join(" "),
            run.cost_usd.map(|c| format!("{c:.6}")).unwrap_or_default(),
            format!("{:.2}", run.seconds),
            run.turns.to_string(),
            run.variant_dir.clone(),
            run.diff_image.clone().unwrap_or_default(),
            notes,
            run.widths
                .iter()
                .map(|w| format!("{} {:.2}", w.width.label(), w.total))
                .collect::<Vec<_>>()
                .join("; "),
        ];
        let row: Vec<String> = fields.iter().map(|f| field(f)).collect();
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// RFC 4180: quote a field with a comma, quote or line break; double its quotes.
fn field(value: &str) -> String {
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value.to_owned()
    }
}
