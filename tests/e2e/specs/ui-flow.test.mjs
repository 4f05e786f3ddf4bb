// What a designer does, clicked through the real window against the mock vendor: pick a
// screenshot, ask for two variants, watch both previews fill, cancel the slow one, edit the code
// and save, ask for a change, quit, reopen the project and find every version.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { chooseScreenshot, invokeInPage, launchApp, ownViewShowsItsPage, saveDrawnScreenshot, useMockOpenAi, waitForWindow, WINDOW_TITLE } from "../harness.mjs";
import { boxShares, windowPixels } from "../screen.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-ui-flow-0123456789abcdef";
const SAMPLE = new URL("../../fixtures/samples/login.png", import.meta.url);
const FAST = "gpt-5.4";
const SLOW = "gpt-5.4-mini";

let vendor;
let app;
let home;

async function start() {
  app = await launchApp(home ? { home } : {});
  home = app.home;
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
}

async function shot(name) {
  await saveDrawnScreenshot(app.browser, name);
}

/** How long after its picture the opened page is watched, and what share of pure white
 *  pixels makes its box blank (the page's own background is slate, its card white). */
const SHOWN_WITHIN_MS = 2_000;
const BLANK = 0.97;

const byTestId = (id) => app.browser.$(`[data-testid="${id}"]`);

async function historyRows() {
  return (await app.browser.$$('[data-testid="history-row"]')).length;
}

async function until(what, check, timeout = 30_000) {
  await app.browser.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
}

before(async () => {
  // The slow option writes half its page, then trickles (minutes of it left): it is still
  // writing whenever the test cancels it, however long the cards' pictures took to come.
  vendor = await startMockVendor({ delayMs: (model, index, total) => (model !== SLOW ? 10 : index < total / 2 ? 400 : 3000) });
  await start();
  await useMockOpenAi(app.browser, vendor.url, KEY);
  // The start screen reads settings and models when it opens: open it afresh.
  await app.browser.refresh();
  await waitForWindow(app.browser);
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("a screenshot becomes two live variants; one is cancelled", async () => {
  // Neither the native file dialog nor a native drop can be driven here; the page's own file
  // input takes the same file, as if picked.
  const base64 = readFileSync(SAMPLE).toString("base64");
  await chooseScreenshot(app.browser, base64);
  const tray = await app.browser.execute(() => document.querySelector('[data-testid="input-tray"]')?.outerHTML ?? "no tray");
  assert.match(tray, /login\.png/);

  await (await app.browser.$('//div[@role="radiogroup"]/button[normalize-space()="2"]')).click();
  await (await app.browser.$("#gen-model-0")).selectByAttribute("value", FAST);
  await (await app.browser.$("#gen-model-1")).selectByAttribute("value", SLOW);
  await shot("ui-start-screen");
  await (await app.browser.$("button*=Generate")).click();
  await until("the project view", async () => (await app.browser.execute(() => document.querySelector('[data-testid="project-name"]')?.textContent)) === "login", 20_000);

  // The selected option's page fills the preview; both cards show pictures of their pages,
  // taken by the app's browser as they are written (the slow one a little at a time).
  // (In a frame, or, where the app has one, in its own view of the page laid over the box.)
  await until("the preview", async () => {
    const framed = await app.browser.execute(() => (document.querySelector('[data-testid="preview-frame"]')?.getAttribute("src") ?? "") !== "");
    return framed || ownViewShowsItsPage(app.browser);
  });
  for (const i of [0, 1]) {
    await until(`option ${i + 1}'s card to show a picture of its page`, () =>
      app.browser.execute((i) => {
        const img = document.querySelector(`[data-testid="variant-card-${i}"] [data-testid="variant-picture"]`);
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 480;
      }, i),
    );
  }
  await shot("ui-generating");
  await app.browser.keys(["Alt", "2"]);
  await (await app.browser.$("button=Cancel")).click();
  await until("option 2 to be cancelled", async () => (await (await byTestId("variant-card-1")).$('[aria-label="Cancelled"]')).isExisting());
  await until("the generation to be stored", async () => (await historyRows()) === 1);
  const card0 = await byTestId("variant-card-0");
  assert.ok(await card0.$('[aria-label="Done"]').isExisting(), await card0.getHTML());
  // Once stored, the finished option is pictured by the app's browser, and its card shows the
  // still picture in place of its live page.
  await until(
    "option 1's card to show its picture instead of its page",
    () =>
      app.browser.execute(() => {
        const card = document.querySelector('[data-testid="variant-card-0"]');
        const img = card?.querySelector('[data-testid="variant-picture"]');
        return img instanceof HTMLImageElement && img.complete && img.naturalWidth === 480 && !card.querySelector('[data-testid="card-live-page"]');
      }),
    60_000,
  );
  await shot("ui-card-pictures");
});

test("the code is edited and saved, then the AI makes a change", async () => {
  await app.browser.keys(["Alt", "1"]);
  await (await app.browser.$('//button[@role="tab"][contains(., "Code")]')).click();
  const editor = await app.browser.$(".cm-content");
  await editor.waitForDisplayed({ timeout: 10_000 });
  await editor.click();
  await app.browser.keys(["Control", "End"]);
  await app.browser.keys(" edited by hand");
  await app.browser.keys(["Control", "s"]);
  await until("the manual save", async () => (await historyRows()) === 2);
  await shot("ui-code");

  const box = await app.browser.$('[aria-label="Tell the AI what to change"]');
  await box.setValue("Greet returning users");
  await app.browser.keys("Enter");
  await until("the update", async () => (await historyRows()) === 3, 45_000);
  await until("the update to finish", async () => {
    const tree = await invokeInPage(app.browser, "project_versions", { projectId: (await invokeInPage(app.browser, "project_list_recent", {})).ok[0].id });
    return tree.ok?.versions.length === 3 && tree.ok.versions[2].variants.every((v) => v.status !== "generating" && v.status !== "pending");
  }, 45_000);
  await shot("ui-after-update");
});

test("after a restart the project opens with every version, its page pictured until drawn", async () => {
  // The app pictures the working copy once the update is stored: a designer coming back later
  // finds the picture there.
  const projectId = (await invokeInPage(app.browser, "project_list_recent", {})).ok[0].id;
  await until("the update's picture", async () => ((await invokeInPage(app.browser, "project_version_thumbnails", { projectId })).ok ?? []).some((t) => t.version_id === 3), 60_000);
  await app.close();
  await start();
  await (await app.browser.$('[aria-label="Open login"]')).click();
  await until("the history", async () => (await historyRows()) === 3);
  // Where the page is shown in the app's own view, that view starts out of sight and stays so
  // until the page has drawn (a new web process: ~0.5 s of white before); the box beneath shows
  // the version's picture meanwhile, the one the history shows.
  if (await app.browser.execute(() => document.querySelector('[data-testid="native-preview"]') !== null)) {
    await until(
      "the stage to show the version's picture",
      () =>
        app.browser.execute(() => {
          const standIn = document.querySelector('[data-testid="native-preview-picture"]');
          const inHistory = [...document.querySelectorAll('[data-testid="history-thumbnail"]')].map((img) => img.getAttribute("src"));
          return standIn instanceof HTMLImageElement && standIn.complete && standIn.naturalWidth === 480 && inHistory.includes(standIn.getAttribute("src"));
        }),
      10_000,
    );
    // From then on the box shows the picture or the page, read off the display: never a white
    // box (one reading may fall on the frame before the picture is painted).
    const box = await app.browser.execute(() => {
      const r = document.querySelector('[data-testid="native-preview"]').getBoundingClientRect();
      return { x: Math.ceil(r.left), y: Math.ceil(r.top), width: Math.floor(r.width), height: Math.floor(r.height) };
    });
    const readings = [];
    for (const until = Date.now() + SHOWN_WITHIN_MS; Date.now() < until; ) readings.push(boxShares(await windowPixels(WINDOW_TITLE), box)?.white ?? 0);
    const blankTwice = readings.findIndex((w, i) => i > 0 && w > BLANK && readings[i - 1] > BLANK);
    if (blankTwice >= 0) await shot("ui-reopened-blank");
    assert.equal(blankTwice, -1, `the page's box was white in two readings in a row (${readings.map((w) => w.toFixed(2)).join(", ")})`);
    await until("the page in the app's own view", () => ownViewShowsItsPage(app.browser));
    const own = (await invokeInPage(app.browser, "native_preview_state", {})).ok;
    assert.ok(own.pageWaits >= 1, `the view was shown before its page had drawn: ${JSON.stringify(own)}`);
  }
  await shot("ui-reopened");
});
