//! report.html: a table per screenshot × model — the render's thumbnail (linking to the diff
//! image), the score and its components, cost, time — self-contained (thumbnails are data
//! URLs; only the full-size diff images are files beside it).

use super::{Input, Run};
use s2c_core::render::thumbnail::data_url;

const STYLE: &str = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#0f172a}\
table{border-collapse:collapse}th,td{border:1px solid #e2e8f0;padding:8px;vertical-align:top;text-align:left}\
th{background:#f8fafc}img{display:block;max-width:220px;border:1px solid #e2e8f0}\
.score{font-size:22px;font-weight:700}.meta{color:#64748b;font-size:12px}.failed{color:#b91c1c}";

pub fn render(stack: &str, models: &[String], inputs: &[Input], runs: &[Run]) -> String {
    let mut html = format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>s2c eval</title><style>{STYLE}</style></head><body>\
         <h1>s2c eval</h1><p>Stack {} · {} screenshot(s) × {} model(s). Scores are 0–100 \
         (docs/FIDELITY.md); click a render for its diff image.</p><table><thead><tr><th>screenshot</th>",
        escape(stack),
        inputs.len(),
        models.len()
    );
    for model in models {
        html.push_str(&format!("<th>{}</th>", escape(model)));
    }
    html.push_str("</tr></thead><tbody>");
    for input in inputs {
        html.push_str("<tr><td>");
        if let Some(thumb) = &input.thumbnail {
            html.push_str(&format!(
                "<img alt=\"\" src=\"{}\">",
                data_url("image/png", thumb)
            ));
        }
        html.push_str(&format!("<div>{}</div></td>", escape(&input.name)));
        for model in models {
            let run = runs
                .iter()
                .find(|r| r.screenshot == input.name && &r.model == model);
            html.push_str("<td>");
            if let Some(run) = run {
                cell(&mut html, run);
            }
            html.push_str("</td>");
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody><tfoot><tr><th>mean score</th>");
    for model in models {
        let scores: Vec<f64> = runs
            .iter()
            .filter(|r| &r.model == model)
            .filter_map(|r| r.score.as_ref().ok().map(|s| s.total))
            .collect();
        let mean = if scores.is_empty() {
            "–".to_owned()
        } else {
            format!("{:.1}", scores.iter().sum::<f64>() / scores.len() as f64)
        };
        html.push_str(&format!("<td class=\"score\">{mean}</td>"));
    }
    html.push_str("</tr></tfoot></table></body></html>\n");
    html
}

fn cell(html: &mut String, run: &Run) {
    let thumb = run
        .thumbnail
        .as_ref()
        .map(|t| format!("<img alt=\"render\" src=\"{}\">", data_url("image/png", t)));
    match (&run.diff_image, thumb) {
        (Some(diff), Some(img)) => {
            html.push_str(&format!("<a href=\"{}\">{img}</a>", escape(diff)))
        }
        (None, Some(img)) => html.push_str(&img),
        _ => {}
    }
    match &run.score {
        Ok(report) => {
            let text = report
                .components
                .text
                .map(|t| format!(" · text {t:.1}"))
                .unwrap_or_default();
            let c = &report.components;
            html.push_str(&format!(
                "<div class=\"score\">{:.1}</div><div class=\"meta\">block {:.1} · position {:.1} · visual {:.1} · color {:.1}{text}</div>",
                report.total, c.block, c.position, c.visual, c.color
            ));
            if !run.widths.is_empty() {
                let each: Vec<String> = run
                    .widths
                    .iter()
                    .map(|w| {
                        format!(
                            "<a href=\"{}\">{} {:.1}</a>",
                            escape(&w.diff_image),
                            w.width.label(),
                            w.total
                        )
                    })
                    .collect();
                html.push_str(&format!(
                    "<div class=\"meta\" title=\"the score at each width; the lowest is the page's\">{}</div>",
                    each.join(" · ")
                ));
            }
            if !run.rounds.is_empty() {
                let rounds: Vec<String> = run.rounds.iter().map(|s| format!("{s:.1}")).collect();
                html.push_str(&format!(
                    "<div class=\"meta\" title=\"each fidelity check while it worked\">rounds {}</div>",
                    rounds.join(" → ")
                ));
            }
        }
        Err(error) => html.push_str(&format!(
            "<div class=\"failed\">not scored: {}</div>",
            escape(error)
        )),
    }
    let cost = run
        .cost_usd
        .map(|c| format!("${c:.4}"))
        .unwrap_or_else(|| "cost unknown".to_owned());
    let status = if run.status == "complete" {
        String::new()
    } else {
        format!("<div class=\"failed\">{}</div>", escape(&run.status))
    };
    html.push_str(&format!(
        "<div class=\"meta\">{cost} · {:.1} s · {} turn(s)</div>{status}",
        run.seconds, run.turns
    ));
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
