// A stored generation of four options, each a 300 KB Tailwind page: opening it from the start
// screen until the window is quiet again. Measured: the time until the four cards are there,
// until the app's processes are quiet, the frames meanwhile, how many pages the window loaded,
// and what each process holds once quiet. Builds without the cards' pictures load a page for
// every card (and the option on show); with them, only the option on show. Then the app starts
// again and the project is opened once more, the stage read off the display (stage.mjs).
import { appProcesses, eventsInPage, generateInPage, invokeInPage, launchApp, poll, saveDrawnScreenshot, textGeneration } from "../harness.mjs";
import { memoryByRole } from "../procs.mjs";
import { tailwindPage } from "../tailwind-page.mjs";
import { installReactionProbe, pageNow, reaction, recordedFrames, recordFrames } from "./in-page.mjs";
import { appWithProject } from "./project.mjs";
import { settle } from "./sampler.mjs";
import { watchStageOpen } from "./stage.mjs";
import { gapStats } from "./stats.mjs";

const NAME = "Four options";

export async function optionsRun({ variants = 4, pageKb = 300, tailwind = 4 } = {}) {
  const { vendor, app, projectId } = await appWithProject(NAME, { pageKb, tailwind, chunkSize: 65_536, key: "sk-footprint-options-0123456789abcdef" });
  try {
    const { browser } = app;
    const request = { ...textGeneration(projectId, "A landing page for Acme"), models: Array.from({ length: variants }, () => "gpt-5.4") };
    const started = await generateInPage(browser, request);
    if (!started.ok) throw new Error(`generation_start failed: ${JSON.stringify(started)}`);
    const versionId = started.ok.version_id;
    await poll("the options to finish", async () => (await eventsInPage(browser)).some((e) => e.type === "finished"), { timeout: 300_000, interval: 500 });
    // What follows a stored generation: the version's picture, then (in builds that make them)
    // each option's.
    await poll("the version's picture", async () => ((await invokeInPage(browser, "project_version_thumbnails", { projectId })).ok?.length ?? 0) >= 1, { timeout: 120_000, interval: 500 });
    const asked = await invokeInPage(browser, "project_variant_thumbnails", { projectId, versionId });
    const pictures = Boolean(asked.ok);
    if (pictures) {
      await poll("every option's picture", async () => ((await invokeInPage(browser, "project_variant_thumbnails", { projectId, versionId })).ok?.length ?? 0) >= variants, {
        timeout: 120_000,
        interval: 500,
      });
    }
    const [pid] = appProcesses();
    await settle(pid);

    // Open it from the start screen, as a designer coming back to it.
    await browser.refresh();
    await (await browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
    const open = await browser.$(`[aria-label="Open ${NAME}"]`);
    await open.waitForDisplayed({ timeout: 20_000 });
    await installReactionProbe(browser);
    await recordFrames(browser);
    const from = await pageNow(browser);
    const clicked = Date.now();
    const cards = await reaction(browser, `${variants} option cards`, { selector: '[data-testid^="variant-card-"]', count: variants }, () => open.click(), { timeout: 60_000 });
    const quiet = await settle(pid, { cores: 0.1, timeout: 120_000 });
    const quietS = (Date.now() - clicked) / 1000;
    const to = await pageNow(browser);
    const { frames, previewLoads } = await recordedFrames(browser, from, to);
    const memory = memoryByRole(pid);
    const shown = await browser.execute(() => document.querySelectorAll('[data-testid="variant-picture"]').length);
    await saveDrawnScreenshot(browser, "footprint-options");
    const reopened = await afterRestart(app);
    return { variants, pageBytes: tailwindPage({ kb: pageKb, label: "by gpt-5.4", tailwind }).length, pictures, picturesShown: shown, cards, quiet, quietS, previewLoads, frames: gapStats(frames), memory, reopened };
  } finally {
    await app.close();
    await vendor.close();
  }
}

/** The app started again on the same home, the project opened, the stage read off the display:
 *  the page's own view starts in a new process, as when a designer comes back to it. */
async function afterRestart(app) {
  await app.close();
  const again = await launchApp({ home: app.home });
  try {
    const open = await again.browser.$(`[aria-label="Open ${NAME}"]`);
    await open.waitForDisplayed({ timeout: 20_000 });
    await settle(appProcesses()[0]);
    return await watchStageOpen(again.browser, () => open.click());
  } finally {
    await again.close();
  }
}
