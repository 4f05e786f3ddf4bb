// A/B of the window's frames while four options write (docs/PERFORMANCE.md, "Smooth at any
// size"): CSS variants take turns in 4-second windows, several rounds, so each sees the same
// stages of the run; prints each variant's frame gaps. A whole run per variant
// (S2C_FOOTPRINT_CSS) hides a cause when the preview queue spends the time freed on more reloads.
//
//   S2C_APP_BINARY=<release binary> \
//   S2C_AB_VARIANTS='[{"name":"as is","css":""},{"name":"no cards","css":"[role=tablist][aria-label=Options]{display:none}"}]' \
//   scripts/with-keyring.sh sh -c 'cd tests/e2e && xvfb-run -a --server-args="-screen 0 1440x900x24" node repaint-ab.mjs'
//
// S2C_AB_SCREENSHOT=<name> saves the window as artifacts/<name>.png once the rounds are done.
// S2C_AB_ROUNDS (3) rounds; the options write 60 KB each at ~1 KB/s, as footprint run (b), with
// the agent's fidelity rounds off (Chromium's work would only add noise here).
import { launchOnMockOpenAi, poll, saveDrawnScreenshot } from "./harness.mjs";
import { startMockVendor } from "./mock-vendor.mjs";
import { tailwindPage } from "./tailwind-page.mjs";
import { cards, generateFromScreenshot } from "./workspace.mjs";

const WINDOW_MS = 4000;
const variants = JSON.parse(process.env.S2C_AB_VARIANTS ?? '[{"name":"as is","css":""}]');
const rounds = Number(process.env.S2C_AB_ROUNDS ?? 3);

/** The page's frame gaps over `ms` with `css` added to the window's page. */
function gapsWith(browser, css, ms) {
  return browser.executeAsync(
    (css, ms, done) => {
      const style = document.createElement("style");
      style.textContent = css;
      document.head.appendChild(style);
      const gaps = [];
      let last = null;
      const t0 = performance.now();
      const tick = (t) => {
        if (last !== null) gaps.push(t - last);
        last = t;
        if (t - t0 > ms) {
          style.remove();
          done(gaps);
        } else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    css,
    ms,
  );
}

const vendor = await startMockVendor({ delayMs: () => 20, chunkSize: () => 20, page: (model) => tailwindPage({ kb: 60, label: model, tailwind: 4 }) });
const app = await launchOnMockOpenAi(vendor.url, "sk-repaint-ab-0123456789abcdef");
const { browser } = app;
try {
  await browser.setTimeout({ script: 120_000 });
  await (await generateFromScreenshot(browser, ["gpt-5.4", "gpt-5.4", "gpt-5.4", "gpt-5.4"])).click();
  await poll("four option cards", async () => (await cards(browser)).length === 4, { timeout: 30_000 });
  await poll("an option writing its page", () => browser.execute(() => document.querySelector('[data-testid="tool-card"]') !== null), { timeout: 60_000 });
  const gaps = new Map(variants.map((v) => [v.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const v of variants) gaps.get(v.name).push(...(await gapsWith(browser, v.css, WINDOW_MS)));
  }
  for (const [name, all] of gaps) {
    const sorted = [...all].sort((a, b) => a - b);
    const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
    const late = sorted.filter((g) => g > 50).length;
    console.log(`${name}: ${sorted.length} frames, median gap ${at(0.5)} ms, 90th ${at(0.9)} ms, longest ${at(1)} ms, ${Math.round((late / Math.max(1, sorted.length)) * 100)} % over 50 ms`);
  }
  if (process.env.S2C_AB_SCREENSHOT) await saveDrawnScreenshot(browser, process.env.S2C_AB_SCREENSHOT);
  const statuses = (await cards(browser)).map((c) => c.status);
  if (!statuses.every((s) => s === "Generating")) console.log(`note: not every option wrote throughout (${statuses.join(", ")}): later windows saw less work`);
} finally {
  await app.close();
  await vendor.close();
}
