// A project with 20 versions (issue 36, point 3): one generated page, then hand edits saved as
// new versions, each pictured by the app. Measured: opening the project from the start screen
// until the history shows every version's thumbnail, then scrolling the history down and back
// up a step per frame, with the frame gaps meanwhile.
import { writeFileSync } from "node:fs";
import { eventsInPage, generateInPage, invokeInPage, poll, saveDrawnScreenshot, textGeneration } from "../harness.mjs";
import { addStyle, installReactionProbe, reaction } from "./in-page.mjs";
import { appWithProject } from "./project.mjs";
import { gapStats } from "./stats.mjs";

const NAME = "Twenty versions";

export async function historyRun({ versions = 20, pageKb = 20, tailwind = 4, stepPx = 24 } = {}) {
  const { vendor, app, projectId } = await appWithProject(NAME, { pageKb, tailwind, chunkSize: 4096, key: "sk-footprint-history-0123456789abcdef" });
  try {
    const { browser } = app;
    const started = await generateInPage(browser, textGeneration(projectId, "A landing page for Acme"));
    if (!started.ok) throw new Error(`generation_start failed: ${JSON.stringify(started)}`);
    await poll("the first version to finish", async () => (await eventsInPage(browser)).some((e) => e.type === "finished"), { timeout: 120_000 });
    await poll(
      "the first version to be stored",
      async () => (await invokeInPage(browser, "project_versions", { projectId })).ok?.versions.every((v) => v.variants.every((x) => x.status === "complete")),
      { timeout: 60_000 },
    );
    let base = started.ok.version_id;
    let variant = started.ok.variants[0].variant_id;
    const first = (await invokeInPage(browser, "project_read_file", { projectId, versionId: base, variantId: variant, path: "index.html" })).ok?.text;
    if (!first) throw new Error("the first version's page could not be read");
    let content = first;
    for (let n = 2; n <= versions; n++) {
      // A hand edit a thumbnail shows: the hero's heading.
      content = first.replace(/<title>[^<]*<\/title>/, `<title>Acme, hand edit ${n}</title>`).replace("Know what happens", `Know what happens, take ${n},`);
      const saved = await invokeInPage(browser, "project_save_file", { projectId, baseVersionId: base, variantId: variant, path: "index.html", content });
      if (!saved.ok) throw new Error(`project_save_file failed: ${JSON.stringify(saved)}`);
      base = saved.ok.id;
      variant = saved.ok.variants[0]?.id ?? null;
    }
    const pictured = Date.now();
    await poll(
      `all ${versions} versions to be pictured`,
      async () => ((await invokeInPage(browser, "project_version_thumbnails", { projectId })).ok?.length ?? 0) >= versions,
      { timeout: 600_000, interval: 500 },
    );
    const picturingS = (Date.now() - pictured) / 1000;

    // Open it from the start screen, as a designer coming back to it.
    await browser.refresh();
    await (await browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
    const open = await browser.$(`[aria-label="Open ${NAME}"]`);
    await open.waitForDisplayed({ timeout: 20_000 });
    await installReactionProbe(browser);
    const opened = await reaction(
      browser,
      `${versions} history thumbnails`,
      { selector: '[data-testid="history"] [data-testid="history-thumbnail"]', count: versions, loaded: true },
      () => open.click(),
      { timeout: 60_000 },
    );
    await saveDrawnScreenshot(browser, "footprint-history");
    await addStyle(browser, process.env.S2C_FOOTPRINT_CSS);
    const scroll = await browser.executeAsync((step, done) => {
      const list = document.querySelector('[data-testid="history"]').closest("aside");
      const frames = [];
      let down = true;
      list.scrollTop = 0;
      const frame = (t) => {
        frames.push(t);
        if (down) {
          list.scrollTop += step;
          if (list.scrollTop + list.clientHeight >= list.scrollHeight - 1) down = false;
        } else {
          list.scrollTop -= step;
          if (list.scrollTop <= 0) return done({ frames, heightPx: list.scrollHeight, viewPx: list.clientHeight });
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, stepPx);
    if (process.env.S2C_FOOTPRINT_DUMP) writeFileSync(`${process.env.S2C_FOOTPRINT_DUMP}-history.json`, JSON.stringify({ frames: scroll.frames }));
    return { versions, pageBytes: content.length, picturingS, opened, scroll: { ...gapStats(scroll.frames), heightPx: scroll.heightPx, viewPx: scroll.viewPx, stepPx } };
  } finally {
    await app.close();
    await vendor.close();
  }
}
