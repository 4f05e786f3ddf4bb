// One streaming run: options write a big Tailwind page each from the mock vendor through the
// real UI (a screenshot in, the project view on all of them), while /proc is sampled for memory
// and CPU and the page records its frames. Optionally, input during the run and typing in the
// code editor after it (interact.mjs).
import { writeFileSync } from "node:fs";
import { appProcesses, launchApp, poll, saveDrawnScreenshot, useMockOpenAi } from "../harness.mjs";
import { startMockVendor } from "../mock-vendor.mjs";
import { roles } from "../procs.mjs";
import { tailwindPage } from "../tailwind-page.mjs";
import { cards, generateFromScreenshot } from "../workspace.mjs";
import { addStyle, pageNow, recordedFrames, recordFrames } from "./in-page.mjs";
import { interactWhileStreaming, typeInEditor } from "./interact.mjs";
import { sampleTree, settle } from "./sampler.mjs";
import { gapStats } from "./stats.mjs";

export const MODEL = "gpt-5.4";
/** The first option's model when it runs ahead (so the prompt box has a finished option). */
export const AHEAD = "gpt-5.4-mini";

/**
 * `run`: {name, variants, pageKb, tailwind, chunk, delayMs, aheadFactor (the first option's
 * pace ×, 1 = same as the rest), interact (rounds, 0 = none), editor (bool), css (an
 * experiment's CSS in the UI page)}.
 */
export async function streamingRun(run) {
  const ahead = run.aheadFactor > 1;
  const page = (model) => tailwindPage({ kb: run.pageKb, label: `by ${model}`, tailwind: run.tailwind });
  const vendor = await startMockVendor({
    delayMs: () => run.delayMs,
    chunkSize: (model) => (model === AHEAD ? run.chunk * run.aheadFactor : run.chunk),
    page,
  });
  const app = await launchApp();
  try {
    const { browser } = app;
    await browser.setTimeout({ script: 120_000 });
    await useMockOpenAi(browser, vendor.url, "sk-footprint-0123456789abcdef");
    await browser.refresh();
    await (await browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
    const models = Array.from({ length: run.variants }, (_, i) => (i === 0 && ahead ? AHEAD : MODEL));
    const generate = await generateFromScreenshot(browser, models);
    await addStyle(browser, run.css);
    const [pid] = appProcesses();
    const timeline = process.env.S2C_FOOTPRINT_TIMELINE === "1";
    await recordFrames(browser, { timeline });
    const sampler = sampleTree(pid);
    const from = await pageNow(browser);
    const started = Date.now();
    await generate.click();
    // For a profiler attached from outside: which process is which.
    if (process.env.S2C_FOOTPRINT_PIDS) writeFileSync(process.env.S2C_FOOTPRINT_PIDS, JSON.stringify([...roles(pid)].map(([p, role]) => ({ pid: p, role }))));
    await poll("the option cards", async () => (await cards(browser)).length === run.variants, { timeout: 30_000 });

    const input = run.interact > 0 ? await interactWhileStreaming(browser, { rounds: run.interact }) : null;
    const statuses = await poll(
      "every option to finish",
      async () => {
        const now = await cards(browser);
        return now.every((c) => c.status !== "Generating" && c.status !== "Waiting") ? now.map((c) => c.status) : null;
      },
      { timeout: 900_000, interval: 250 },
    );
    const wallS = (Date.now() - started) / 1000;
    const to = await pageNow(browser);
    const { peak, cpu } = sampler.stop();
    const { frames, previewLoads, previewRefreshes, cardPictures, timeline: changes } = await recordedFrames(browser, from, to);
    if (process.env.S2C_FOOTPRINT_DUMP) writeFileSync(`${process.env.S2C_FOOTPRINT_DUMP}-${run.name}.json`, JSON.stringify({ from, frames, changes }));
    await saveDrawnScreenshot(browser, `footprint-${run.name}`);

    let editor = null;
    if (run.editor) {
      const quiet = await settle(pid);
      editor = { quiet, samples: await typeInEditor(browser) };
    }
    // The pace the page was really sent at, by model: its bytes over the time of the longest
    // answer (the one that writes it).
    const longest = new Map();
    for (const st of vendor.streams) if (st.bytes > (longest.get(st.model)?.bytes ?? 0)) longest.set(st.model, st);
    const paceKBs = Object.fromEntries([...longest].map(([model, st]) => [model, page(model).length / 1024 / Math.max(st.ms / 1000, 0.001)]));
    return {
      name: run.name,
      wallS,
      paceKBs,
      statuses,
      cpu,
      peak,
      frames: gapStats(frames),
      previewLoads,
      previewRefreshes,
      cardPictures,
      bytesPerVariant: page(MODEL).length,
      input,
      editor,
      longFrames: timeline ? longFrames(frames, changes, from) : undefined,
      // When each card's pictures came, and any page a card ran itself (ms from the start).
      cardEvents: timeline ? changes.filter((c) => /(img|iframe) added in (variant-card|card-live)/.test(c.what)).map((c) => `${Math.round(c.t - from)}: ${c.what}`) : undefined,
    };
  } finally {
    await app.close();
    await vendor.close();
  }
}

/** The frames over 100 ms, longest first, each with what changed in the window while it was
 *  made (times from the run's start, in ms): S2C_FOOTPRINT_TIMELINE=1. */
function longFrames(frames, changes, from) {
  const long = [];
  for (let i = 1; i < frames.length; i++) {
    const gap = frames[i] - frames[i - 1];
    if (gap <= 100) continue;
    // What a page inside a frame did is not seen here; what it reports comes a moment later.
    const what = changes.filter((c) => c.t >= frames[i - 1] - 20 && c.t <= frames[i] + 30).map((c) => `${Math.round(c.t - from)}: ${c.what}`);
    long.push({ atMs: Math.round(frames[i] - from), gapMs: Math.round(gap), what });
  }
  return long.sort((a, b) => b.gapMs - a.gapMs).slice(0, 25);
}
