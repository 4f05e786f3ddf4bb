// The footprint's figures as a Markdown table for docs/PERFORMANCE.md: each beside its budget
// from issue 36, ticked or crossed.
import { median, reactionStats, round } from "./stats.mjs";

const mib = (x) => `${round(x)} MiB`;
const ms = (x) => (x === null ? "—" : `${round(x)} ms`);
const check = (ok) => (ok ? "✓" : "✗");
const byRole = (o) =>
  Object.entries(o)
    .sort((a, b) => b[1] - a[1])
    .map(([n, m]) => `${n} ${mib(m)}`)
    .join(", ");

export const BUDGETS = { launchMs: 1500, idleMiB: 250, maxGapMs: 150, slowMaxGapMs: 100, latePct: 1, uiCores: 0.8, peakMiB: 600, reactionMs: 100 };

function launchRows({ cold, warm, idle, coldCachesDropped }) {
  if (!cold) return [];
  const w = warm.map((x) => x.uptimeMs);
  return [
    [`launch → interactive start screen, cold${coldCachesDropped ? " (page cache dropped)" : " (first launch, fresh data folder)"}`, ms(cold.uptimeMs), `< 1.5 s ${check(cold.uptimeMs < BUDGETS.launchMs)}`],
    [`launch → interactive, warm (median of ${w.length}; min–max)`, `${ms(median(w))} (${Math.min(...w)}–${Math.max(...w)})`, `< 1.5 s ${check(median(w) < BUDGETS.launchMs)}`],
    ["idle PSS at the start screen, all processes", `${mib(idle.totalMiB)} (${byRole(idle.byRole)})`, `≤ 250 MiB ${check(idle.totalMiB <= BUDGETS.idleMiB)}`],
  ];
}

/** Where the median reaction's time went. */
const splitText = (split) => (split ? `; medians: ${ms(split.waitMs)} waiting for the page's thread, ${ms(split.workMs)} the app's work, ${ms(split.drawMs)} drawing` : "");

/** Reactions to input made while options were writing (those after, apart). */
function reactionRow(what, samples) {
  const during = samples.filter((x) => x.streaming !== false);
  const s = reactionStats(during);
  if (s.n === 0) return [what, "not measured: no input of this kind while options were writing", "≤ 100 ms ✗"];
  const later = samples.length - during.length;
  const failed = s.failed ? `, ${s.failed} never shown` : "";
  return [
    what,
    `worst ${ms(s.worstMs)}, median ${ms(s.medianMs)} (${s.n} inputs while writing${failed}${later ? `; ${later} more after` : ""})${splitText(s.medianSplit)}`,
    `≤ 100 ms ${check(s.failed === 0 && s.worstMs <= BUDGETS.reactionMs)}`,
  ];
}

function streamRows(run, config, maxGapBudget) {
  const label = `${config.label}`;
  const ui = run.cpu["UI web"] ?? 0;
  const f = run.frames;
  const rows = [
    [
      `**${label}**: wall`,
      `${round(run.wallS, 1)} s (options: ${run.statuses.join(", ")}; pages sent at ${Object.entries(run.paceKBs).map(([model, p]) => `${round(p, 2)} KB/s (${model})`).join(", ")})`,
      "—",
    ],
    ["… UI frames", `${f.count} frames, median gap ${round(f.medianGapMs, 1)} ms, ~${f.droppedAt60Hz} dropped at 60 Hz`, "—"],
    ["… frame gaps over 50 ms", `${f.late50ms} (${round(f.late50msPct, 1)} %)`, `≤ 1 % ${check(f.late50msPct <= BUDGETS.latePct)}`],
    ["… longest frame gap", ms(f.maxGapMs), `≤ ${maxGapBudget} ms ${check(f.maxGapMs <= maxGapBudget)}`],
    ["… UI web process CPU", `${round(ui / run.wallS, 2)} core`, `≤ 0.8 core ${check(ui / run.wallS <= BUDGETS.uiCores)}`],
    [
      "… CPU by process",
      Object.entries(run.cpu)
        .filter(([, s]) => s > 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([name, s]) => `${name} ${round(s, 1)} s (${round(s / run.wallS, 2)} core)`)
        .join(", "),
      "—",
    ],
    ["… peak PSS, all processes at once", `${mib(run.peak.totalMiB)} (${byRole(run.peak.atPeak)})`, `≤ 600 MiB ${check(run.peak.totalMiB <= BUDGETS.peakMiB)}`],
    ["… peak PSS of each process", byRole(run.peak.byRole), "—"],
    ["… preview (re)loads", `${run.previewLoads} (${round(run.previewLoads / run.wallS, 1)} per second)`, "—"],
    ["… previews that followed their page in place", `${run.previewRefreshes ?? 0} (${round((run.previewRefreshes ?? 0) / run.wallS, 1)} per second)`, "—"],
    ["… pictures shown in the option cards (the app's browser pictures the pages being written)", `${run.cardPictures ?? 0} (${round((run.cardPictures ?? 0) / run.wallS, 1)} per second)`, "—"],
  ];
  if (run.input) {
    rows.push(
      reactionRow("… input: click an option card → shown selected", run.input.card),
      reactionRow("… input: Desktop/Mobile/Code tab → shown selected", run.input.view),
      reactionRow("… input: key in the prompt box → character shown", run.input.type),
    );
  }
  if (run.editor) {
    const s = reactionStats(run.editor.samples);
    rows.push([
      `code editor, ${round(run.bytesPerVariant / 1024)} KB page: key → character shown`,
      `median ${ms(s.medianMs)}, worst ${ms(s.worstMs)} (${s.n} keys${s.failed ? `, ${s.failed} never shown` : ""}${run.editor.quiet ? "" : "; the app was still busy"})`,
      "—",
    ]);
  }
  return rows;
}

function historyRows(h) {
  if (!h) return [];
  const s = h.scroll;
  return [
    [`history of ${h.versions} versions (${round(h.pageBytes / 1024)} KB page): after the last save, the app has pictured every version in`, `${round(h.picturingS, 1)} s`, "—"],
    ["… open the project → every thumbnail shown", h.opened.ms === null ? `never shown (${h.opened.error})` : ms(h.opened.ms), "—"],
    [
      `… scrolling it down and up (${s.stepPx} px a frame, ${s.heightPx} px list in ${s.viewPx} px)`,
      `${s.count} frames, median gap ${round(s.medianGapMs, 1)} ms, ${s.late50ms} over 50 ms (${round(s.late50msPct, 1)} %), longest ${ms(s.maxGapMs)}`,
      "—",
    ],
  ];
}

function optionsRows(o) {
  if (!o) return [];
  const roles = Object.entries(o.memory.byRole)
    .sort((a, b) => b[1] - a[1])
    .map(([role, mib]) => `${role} ${round(mib)}`)
    .join(", ");
  return [
    [
      `a stored generation of ${o.variants} options (${round(o.pageBytes / 1024)} KB pages), opened: → its cards shown`,
      o.cards.ms === null ? `never shown (${o.cards.error})` : ms(o.cards.ms),
      "—",
    ],
    [
      `… → the app quiet again (${o.pictures ? `cards show pictures: ${o.picturesShown} of ${o.variants}` : "this build has no card pictures"})`,
      `${round(o.quietS, 1)} s${o.quiet ? "" : " (never quiet)"}, ${o.previewLoads} pages loaded; frames: median ${round(o.frames.medianGapMs, 1)} ms, ${o.frames.late50ms} over 50 ms, longest ${ms(o.frames.maxGapMs)}`,
      "—",
    ],
    ["… what the processes hold then", `${round(o.memory.totalMiB)} MiB (${roles})`, "—"],
    [
      "… after a restart, opened again (the stage read off the display): → the page's picture or the page on the stage; → the page",
      o.reopened ? `${o.reopened.somethingMs === null ? "never" : ms(o.reopened.somethingMs)}; ${o.reopened.pageMs === null ? "never" : ms(o.reopened.pageMs)} (${o.reopened.readings} readings)` : "not measured",
      "—",
    ],
  ];
}

/** The table, given the JSON report and each run's config ({label}). */
export function markdown(report, configs) {
  const rows = [
    ...launchRows(report),
    ...(report.fast ? streamRows(report.fast, configs.fast, BUDGETS.maxGapMs) : []),
    ...(report.slow ? streamRows(report.slow, configs.slow, BUDGETS.slowMaxGapMs) : []),
    ...historyRows(report.history),
    ...optionsRows(report.options),
  ];
  return `
## Footprint of ${report.binary}

| what | figure | budget |
| --- | --- | --- |
${rows.map((r) => `| ${r.join(" | ")} |`).join("\n")}
`;
}
