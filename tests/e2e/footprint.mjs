// The app's footprint, measured (scripts/footprint.sh runs this under Xvfb and a private
// Secret Service), every figure beside its budget from issue 36:
// - launch → interactive start screen, cold and warm, and idle memory (footprint/launch.mjs);
// - run (a), "fast": 4 options stream a 300 KB Tailwind page each at ~16 KB/s (~20× a fast model)
//   while input is clicked and typed into the window and timed; then typing in the code editor
//   on one of those pages (footprint/stream.mjs, footprint/interact.mjs);
// - run (b), "slow": 4 × 60 KB at ~1 KB/s each, a real model's pace;
// - a 20-version project's history: opening it until its thumbnails show, scrolling it
//   (footprint/history.mjs);
// - a stored generation of 4 × 300 KB options: opening it until the window is quiet, the pages
//   it loaded and what it holds then, and opened again after a restart, when the stage first
//   shows the page's picture or the page, and when the page (footprint/options.mjs, stage.mjs).
// Prints a Markdown table (footprint/report.mjs) and writes everything as JSON.
//
// Environment (all optional):
//   S2C_FOOTPRINT_ONLY        parts to run, comma-separated: launch, fast, slow, history, options (all)
//   S2C_FOOTPRINT_TAILWIND    4 (the v4 browser build our prompts name), 3 (the v3 Play CDN), 0 (none)
//   S2C_FOOTPRINT_WARM_RUNS   warm launches (5)
//   S2C_FOOTPRINT_PAGE_KB, _CHUNK, _DELAY_MS             run (a): 300 KB, 80 characters every 5 ms
//   S2C_FOOTPRINT_SLOW_PAGE_KB, _SLOW_CHUNK, _SLOW_DELAY_MS   run (b): 60 KB, 20 characters every 20 ms
//   S2C_FOOTPRINT_AHEAD       run (a)'s first option streams this many times faster (1: all four
//                             at one pace; the prompt box takes text while its option writes)
//   S2C_FOOTPRINT_ROUNDS      rounds of input during run (a) (4; 0 = none)
//   S2C_FOOTPRINT_CSS         CSS added to the UI page for both runs and the history's scroll,
//                             for experiments
//   S2C_FOOTPRINT_JSON        where the JSON goes (footprint.json)
//   S2C_FOOTPRINT_TIMELINE    1: what changed in the window beside each long frame, in the JSON
//   S2C_FOOTPRINT_DUMP        a path prefix: each run's frame times and (with the timeline) every
//                             change, selections included, to <prefix>-<run>.json, and the
//                             history's scroll's frame times to <prefix>-history.json
//   S2C_FOOTPRINT_PIDS        a file: which process is which, for a profiler attached from outside
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APP_BINARY } from "./harness.mjs";
import { historyRun } from "./footprint/history.mjs";
import { optionsRun } from "./footprint/options.mjs";
import { dropCaches, launchOnce } from "./footprint/launch.mjs";
import { markdown } from "./footprint/report.mjs";
import { round } from "./footprint/stats.mjs";
import { streamingRun } from "./footprint/stream.mjs";

const env = (name, fallback) => Number(process.env[`S2C_FOOTPRINT_${name}`] ?? fallback);
const PARTS = new Set((process.env.S2C_FOOTPRINT_ONLY ?? "launch,fast,slow,history,options").split(",").map((p) => (p === "stream" ? "fast" : p.trim())));
const TAILWIND = env("TAILWIND", 4);
const VARIANTS = 4;
const WARM_RUNS = env("WARM_RUNS", 5);

const rate = (chunk, delayMs) => round((chunk / Math.max(delayMs, 1)) * 1000 / 1024, 1);
const tailwindLabel = TAILWIND === 0 ? "plain HTML" : `Tailwind v${TAILWIND}`;
const fast = {
  name: "fast",
  variants: VARIANTS,
  pageKb: env("PAGE_KB", 300),
  chunk: env("CHUNK", 80),
  delayMs: env("DELAY_MS", 5),
  aheadFactor: env("AHEAD", 1),
  interact: env("ROUNDS", 4),
  editor: true,
  tailwind: TAILWIND,
  css: process.env.S2C_FOOTPRINT_CSS,
};
fast.label = `(a) ${VARIANTS} × ${fast.pageKb} KB (${tailwindLabel}) at ~${rate(fast.chunk, fast.delayMs)} KB/s each${fast.aheadFactor > 1 ? ` (option 1 ${fast.aheadFactor}× faster)` : ""}`;
const slow = {
  name: "slow",
  variants: VARIANTS,
  pageKb: env("SLOW_PAGE_KB", 60),
  chunk: env("SLOW_CHUNK", 20),
  delayMs: env("SLOW_DELAY_MS", 20),
  aheadFactor: 1,
  interact: 0,
  editor: false,
  tailwind: TAILWIND,
  css: process.env.S2C_FOOTPRINT_CSS,
};
slow.label = `(b) ${VARIANTS} × ${slow.pageKb} KB (${tailwindLabel}) at ~${rate(slow.chunk, slow.delayMs)} KB/s each`;

if (!existsSync(APP_BINARY)) throw new Error(`no app binary at ${APP_BINARY}`);
const report = { binary: APP_BINARY, tailwind: TAILWIND, runs: { fast, slow }, coldCachesDropped: false, cold: null, warm: [], idle: null, fast: null, slow: null, history: null, options: null };
const started = Date.now();
if (PARTS.has("launch")) {
  const home = mkdtempSync(join(tmpdir(), "s2c-footprint-"));
  report.coldCachesDropped = dropCaches();
  report.cold = await launchOnce(home);
  for (let i = 0; i < WARM_RUNS; i++) report.warm.push(await launchOnce(home));
  report.idle = (await launchOnce(home, { measureIdle: true })).idle;
}
if (PARTS.has("fast")) report.fast = await streamingRun(fast);
if (PARTS.has("slow")) report.slow = await streamingRun(slow);
if (PARTS.has("history")) report.history = await historyRun({ tailwind: TAILWIND });
if (PARTS.has("options")) report.options = await optionsRun({ tailwind: TAILWIND });
report.totalS = (Date.now() - started) / 1000;
writeFileSync(process.env.S2C_FOOTPRINT_JSON ?? "footprint.json", JSON.stringify(report, null, 2));
console.log(markdown(report, { fast, slow }));
console.log(`(measured in ${round(report.totalS)} s)`);
