// The app's footprint, measured (scripts/footprint.sh runs this under Xvfb and a private
// Secret Service): launch to an interactive start screen, cold and warm; idle memory of the
// app and its WebKit processes; memory and CPU while 4 variants stream a 300 KB page each from
// the mock vendor, with the UI's frame timing. Prints a Markdown report and writes JSON.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APP_BINARY, IDENTIFIER, appProcesses, chooseScreenshot, launchApp, poll, saveDrawnScreenshot, useMockOpenAi, waitForAppExit } from "./harness.mjs";
import { startMockVendor } from "./mock-vendor.mjs";
import { cpuBetween, treeCpu, treeMemory } from "./procs.mjs";

const WARM_RUNS = Number(process.env.S2C_FOOTPRINT_WARM_RUNS ?? 5);
const PAGE_KB = Number(process.env.S2C_FOOTPRINT_PAGE_KB ?? 300);
// The mock streams each variant's create_file in CHUNK-character deltas, one SSE frame every
// DELAY ms: ~16 KB/s per variant, ~20× a fast real model, so the UI is stressed, not idle.
const CHUNK = Number(process.env.S2C_FOOTPRINT_CHUNK ?? 80);
const DELAY = Number(process.env.S2C_FOOTPRINT_DELAY_MS ?? 5);
const VARIANTS = 4;
// "all", "launch" or "stream"; and whether the streamed page loads Tailwind (the usual case).
const ONLY = process.env.S2C_FOOTPRINT_ONLY ?? "all";
const TAILWIND = process.env.S2C_FOOTPRINT_TAILWIND !== "0";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x, digits = 0) => Number(x.toFixed(digits));

function dropCaches() {
  try {
    writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}

function homeEnv(home) {
  return { ...process.env, XDG_DATA_HOME: join(home, "data"), XDG_CONFIG_HOME: join(home, "config"), XDG_CACHE_HOME: join(home, "cache") };
}

/** Every "start screen interactive" line's uptime in the app's log, oldest first. */
function interactiveTimes(home) {
  const dir = join(home, "data", IDENTIFIER, "logs");
  if (!existsSync(dir)) return [];
  const times = [];
  for (const name of readdirSync(dir).sort()) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      const match = line.includes("start screen interactive") && /uptime_ms=(\d+)/.exec(line);
      if (match) times.push(Number(match[1]));
    }
  }
  return times;
}

/** Start the binary as a user would (no WebDriver), wait for the start screen, stop it. */
async function launchOnce(home, { measureIdle = false } = {}) {
  await waitForAppExit();
  const earlier = interactiveTimes(home).length;
  const started = Date.now();
  const child = spawn(APP_BINARY, [], { env: homeEnv(home), stdio: "ignore" });
  try {
    const uptimeMs = await poll(
      "the start screen to report it is interactive",
      () => interactiveTimes(home)[earlier],
      { timeout: 60_000, interval: 20 },
    );
    const seenMs = Date.now() - started;
    let idle = null;
    if (measureIdle) {
      // Idle: the tree has used under 2 % of a core over the last second.
      let last = treeCpu(child.pid);
      await poll(
        "the app to settle",
        async () => {
          await new Promise((r) => setTimeout(r, 1000));
          const now = treeCpu(child.pid);
          const used = Object.values(cpuBetween(last, now)).reduce((a, b) => a + b, 0);
          last = now;
          return used < 0.02;
        },
        { timeout: 60_000, interval: 0 },
      );
      idle = treeMemory(child.pid);
    }
    return { uptimeMs, seenMs, idle };
  } finally {
    child.kill("SIGTERM");
    await waitForAppExit();
  }
}

function bigPage(model) {
  const sections = [];
  let size = 0;
  for (let i = 0; size < PAGE_KB * 1024; i++) {
    const section = `<section class="max-w-5xl mx-auto px-6 py-12 grid grid-cols-3 gap-6" id="s${i}">
  <h2 class="col-span-3 text-3xl font-bold text-slate-900">Section ${i} by ${model}</h2>
  ${[0, 1, 2].map((j) => `<article class="rounded-2xl bg-white shadow p-6"><h3 class="text-lg font-semibold text-indigo-700">Feature ${i}.${j}</h3><p class="mt-2 text-slate-600 leading-relaxed">Ship dashboards your whole team understands: live data, shared views and alerts that arrive before your customers notice anything is wrong.</p><a class="mt-4 inline-block text-indigo-600 hover:underline" href="#s${i}">Learn more →</a></article>`).join("\n  ")}
</section>`;
    sections.push(section);
    size += section.length;
  }
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Big page</title>${TAILWIND ? '<script src="https://cdn.tailwindcss.com"></script>' : ""}</head>
<body class="bg-slate-100">
${sections.join("\n")}
</body></html>
`;
}

/** Four variants stream a big page each through the real UI; sample the tree meanwhile. */
async function streaming() {
  const vendor = await startMockVendor({ delayMs: () => DELAY, chunkSize: CHUNK, page: bigPage });
  const app = await launchApp();
  try {
    const { browser } = app;
    await useMockOpenAi(browser, vendor.url, "sk-footprint-0123456789abcdef");
    await browser.refresh();
    await (await browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
    const sample = readFileSync(new URL("../fixtures/samples/login.png", import.meta.url)).toString("base64");
    await chooseScreenshot(browser, sample);
    await (await browser.$(`//div[@role="radiogroup"]/button[normalize-space()="${VARIANTS}"]`)).click();
    for (let i = 0; i < VARIANTS; i++) {
      const select = await browser.$(`#gen-model-${i}`);
      await select.scrollIntoView();
      await select.selectByAttribute("value", "gpt-5.4");
    }
    await (await browser.$("button*=Generate")).scrollIntoView();

    // An experiment's CSS in the app's own page (e.g. to hide thumbnails and see what they cost).
    if (process.env.S2C_FOOTPRINT_CSS) {
      await browser.execute((css) => {
        const style = document.createElement("style");
        style.textContent = css;
        document.head.appendChild(style);
      }, process.env.S2C_FOOTPRINT_CSS);
    }
    const [pid] = appProcesses();
    // Frame timing in the app's page: every animation frame's timestamp, from here on.
    await browser.execute(() => {
      // Every preview (re)load is a new iframe element (lib/frameSwapper.ts).
      window.__previewLoads = 0;
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) if (node.nodeName === "IFRAME") window.__previewLoads++;
      }).observe(document.body, { childList: true, subtree: true });
      window.__frames = [];
      const tick = (t) => {
        window.__frames.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const before = treeCpu(pid);
    const started = Date.now();
    let peak = treeMemory(pid);
    await (await browser.$("button*=Generate")).click();
    // For a profiler attached from outside: which process is the UI's.
    if (process.env.S2C_FOOTPRINT_PIDS) {
      writeFileSync(process.env.S2C_FOOTPRINT_PIDS, JSON.stringify([...treeCpu(pid)].map(([p, { name }]) => ({ pid: p, name }))));
    }
    await poll(
      "every variant to finish streaming",
      async () => {
        const memory = treeMemory(pid);
        if (memory.totalMiB > peak.totalMiB) peak = memory;
        const done = await browser.execute(
          (n) => Array.from({ length: n }, (_, i) => document.querySelector(`[data-testid="variant-card-${i}"] [aria-label="Done"]`) !== null).every(Boolean),
          VARIANTS,
        );
        return done;
      },
      { timeout: 600_000, interval: 250 },
    );
    const wallS = (Date.now() - started) / 1000;
    const cpu = cpuBetween(before, treeCpu(pid));
    const frames = await browser.execute(() => window.__frames);
    const previewLoads = await browser.execute(() => window.__previewLoads);
    await saveDrawnScreenshot(browser, "footprint-4-variants");
    const gaps = frames.slice(1).map((t, i) => t - frames[i]);
    const streamed = gaps.filter((_, i) => frames[i + 1] - frames[0] <= wallS * 1000);
    const late = streamed.filter((g) => g > 50).length;
    const dropped = streamed.reduce((n, g) => n + Math.max(0, Math.round(g / 16.67) - 1), 0);
    return {
      wallS,
      cpu,
      peak,
      frames: { count: streamed.length, late50ms: late, droppedAt60Hz: dropped, maxGapMs: Math.max(...streamed, 0), medianGapMs: median(streamed) ?? 0 },
      bytesPerVariant: bigPage("gpt-5.4").length,
      previewLoads,
    };
  } finally {
    await app.close();
    await vendor.close();
  }
}

const binary = APP_BINARY;
if (!existsSync(binary)) throw new Error(`no app binary at ${binary}`);
const coldHome = mkdtempSync(join(tmpdir(), "s2c-footprint-"));
let dropped = false;
let cold = null;
const warm = [];
let idle = null;
let stream = null;
if (ONLY !== "stream") {
  dropped = dropCaches();
  cold = await launchOnce(coldHome);
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await launchOnce(coldHome));
  idle = (await launchOnce(coldHome, { measureIdle: true })).idle;
}
if (ONLY !== "launch") stream = await streaming();
const report = { binary, coldCachesDropped: dropped, cold, warm, idle, stream, chunk: CHUNK, delayMs: DELAY, tailwind: TAILWIND };
writeFileSync(process.env.S2C_FOOTPRINT_JSON ?? "footprint.json", JSON.stringify(report, null, 2));
const mib = (x) => `${round(x)} MiB`;
const rows = [];
if (cold) {
  rows.push(
    [`launch → interactive start screen, cold${dropped ? " (page cache dropped)" : " (first launch, fresh data folder)"}`, `${cold.uptimeMs} ms`],
    [
      `launch → interactive start screen, warm (median of ${warm.length}; min–max)`,
      `${median(warm.map((w) => w.uptimeMs))} ms (${Math.min(...warm.map((w) => w.uptimeMs))}–${Math.max(...warm.map((w) => w.uptimeMs))})`,
    ],
    ["idle memory, PSS of every process", `${mib(idle.totalMiB)} (${Object.entries(idle.byName).map(([n, m]) => `${n} ${mib(m)}`).join(", ")})`],
  );
}
if (stream) {
  const label = `${VARIANTS} variants × ${round(stream.bytesPerVariant / 1024)} KB${TAILWIND ? " (Tailwind)" : " (plain HTML)"}, ${round((CHUNK / Math.max(DELAY, 1)) * 1000 / 1024)} KB/s each`;
  rows.push(
    [`${label}: wall`, `${round(stream.wallS, 1)} s`],
    [
      "… CPU by process",
      Object.entries(stream.cpu)
        .filter(([, s]) => s > 0.05)
        .map(([name, s]) => `${name} ${round(s, 1)} s (${round((s / stream.wallS) * 100)} % of a core)`)
        .join(", "),
    ],
    ["… preview loads", `${stream.previewLoads} (${round(stream.previewLoads / stream.wallS, 1)} per second)`],
    ["… peak PSS", `${mib(stream.peak.totalMiB)} (${Object.entries(stream.peak.byName).map(([n, m]) => `${n} ${mib(m)}`).join(", ")})`],
    [
      "… UI frames",
      `${stream.frames.count} frames, median gap ${round(stream.frames.medianGapMs, 1)} ms, ${stream.frames.late50ms} over 50 ms, ~${stream.frames.droppedAt60Hz} dropped at 60 Hz, longest ${round(stream.frames.maxGapMs)} ms`,
    ],
  );
}
console.log(`
## Footprint of ${binary}

| figure | value |
|---|---|
${rows.map(([k, v]) => `| ${k} | ${v} |`).join("\n")}
`);
