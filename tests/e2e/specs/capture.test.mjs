// Screen capture in the real window under Xvfb: the whole screen from the Capture menu, and a
// region through the overlay window (opened by Rust over the frozen screen), each landing in
// the start screen's tray as a PNG at the screen's real pixel size.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { invokeInPage, launchApp, poll } from "../harness.mjs";

let app;

before(async () => {
  app = await launchApp();
  await app.browser.$('[data-testid="drop-zone"]').waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
});

test("capture support on Xvfb: screenshots, windows and recording are available", async () => {
  const support = await invokeInPage(app.browser, "capture_support", {});
  assert.equal(support.ok?.screenshot.available, true, JSON.stringify(support));
  assert.equal(support.ok?.recording.available, true, JSON.stringify(support));
});

test("the whole screen from the Capture menu lands in the tray", async () => {
  await (await app.browser.$('[data-testid="capture-button"]')).click();
  await (await app.browser.$('button[role="menuitem"]*=The whole screen')).click();
  const tray = await app.browser.$('[data-testid="input-tray"]');
  await tray.waitForDisplayed({ timeout: 20_000 });
  await poll("the capture in the tray", async () => /capture-\d+-\d+\.png/.test(await tray.getText()));
});

test("a region dragged in the overlay becomes an input at its real size", async () => {
  const main = await app.browser.getWindowHandle();
  const started = await invokeInPage(app.browser, "capture_region_start", {});
  assert.ok(!started.err, JSON.stringify(started));
  const overlay = await poll("the overlay window", async () => (await app.browser.getWindowHandles()).find((h) => h !== main), { timeout: 20_000 });
  await app.browser.switchToWindow(overlay);
  await (await app.browser.$('[data-testid="capture-overlay"]')).waitForDisplayed({ timeout: 20_000 });
  const view = await app.browser.execute(() => ({ width: window.innerWidth, height: window.innerHeight }));
  const finished = await invokeInPage(app.browser, "capture_region_finish", {
    selection: { x: 100, y: 50, width: 300, height: 200, view_width: view.width, view_height: view.height },
  });
  assert.ok(finished.ok, JSON.stringify(finished));
  // Xvfb's screen is 1440×900 at 1×: the crop is the CSS rectangle scaled to real pixels.
  assert.equal(finished.ok.width, Math.ceil((300 * 1440) / view.width), JSON.stringify({ finished, view }));
  assert.equal(finished.ok.height, Math.ceil((200 * 900) / view.height));
  await poll("the overlay to close", async () => (await app.browser.getWindowHandles()).length === 1, { timeout: 20_000 });
  await app.browser.switchToWindow(main);
  const tray = await app.browser.$('[data-testid="input-tray"]');
  await poll("the region in the tray", async () => (await tray.getText()).includes(finished.ok.file_name));
});
