// What a designer does, clicked through the real window against the mock vendor: pick a
// screenshot, ask for two variants, watch both previews fill, cancel the slow one, edit the code
// and save, ask for a change, quit, reopen the project and find every version.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { chooseScreenshot, invokeInPage, launchApp, ownViewShowsItsPage, saveDrawnScreenshot, useMockOpenAi, waitForWindow } from "../harness.mjs";
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

test("after a restart the project opens with every version", async () => {
  await app.close();
  await start();
  await (await app.browser.$('[aria-label="Open login"]')).click();
  await until("the history", async () => (await historyRows()) === 3);
  await shot("ui-reopened");
});
