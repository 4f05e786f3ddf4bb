// Publishing through the real window: a project opened from the start screen is published to a
// local mock of Netlify's deploy API from the Publish dialog, the live link appears in the
// header, and after a change "Update" sends only the changed file to the same site.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { invokeInPage, launchApp, poll, saveDrawnScreenshot, waitForWindow } from "../harness.mjs";
import { startMockNetlify } from "../mock-netlify.mjs";

const TOKEN = "nfp_e2eMockToken0123456789abcdefghij";

let app;
let netlify;
let projectId;

const byTestId = (id) => app.browser.$(`[data-testid="${id}"]`);
// WebKitWebDriver reads no text from an element that clips it (`truncate`): read the DOM's.
const textOf = (id) => app.browser.execute((i) => document.querySelector(`[data-testid="${i}"]`)?.textContent ?? "", id);

async function until(what, check, timeout = 30_000) {
  await app.browser.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
}

async function openProjectFromStart() {
  await app.browser.refresh();
  await waitForWindow(app.browser);
  await (await app.browser.$('[aria-label="Open Bakery"]')).click();
  await (await byTestId("project-name")).waitForDisplayed({ timeout: 20_000 });
}

async function publishFromDialog(button) {
  await (await app.browser.$("button=Publish")).click();
  const dialog = await byTestId("publish-dialog");
  await dialog.waitForDisplayed({ timeout: 10_000 });
  await (await dialog.$(`button=${button}`)).click();
  const url = await byTestId("publish-url");
  await url.waitForDisplayed({ timeout: 30_000 });
  return textOf("publish-url");
}

before(async () => {
  netlify = await startMockNetlify({ token: TOKEN });
  app = await launchApp();
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  const stored = await invokeInPage(app.browser, "key_set", { provider: "netlify", key: TOKEN });
  assert.equal(stored.ok?.set, true, JSON.stringify(stored));
  const got = await invokeInPage(app.browser, "settings_get", {});
  const saved = await invokeInPage(app.browser, "settings_update", {
    settings: { ...got.ok.settings, base_urls: { ...got.ok.settings.base_urls, netlify: netlify.url } },
  });
  assert.ok(saved.ok, JSON.stringify(saved));
  const source = join(app.home, "bakery-site");
  mkdirSync(join(source, "assets"), { recursive: true });
  writeFileSync(join(source, "index.html"), '<!doctype html><h1>Sunday Bakery</h1><img src="assets/logo.svg">');
  writeFileSync(join(source, "assets", "logo.svg"), '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
  const imported = await invokeInPage(app.browser, "project_import", { source, name: "Bakery", parentDir: join(app.home, "projects") });
  assert.ok(imported.ok?.project?.id, JSON.stringify(imported));
  projectId = imported.ok.project.id;
});

after(async () => {
  await app?.close();
  await netlify?.close();
});

test("publish to the mock Netlify: the URL appears, and publishing again updates the same site", async () => {
  await openProjectFromStart();
  const url = await publishFromDialog("Publish to Netlify");
  assert.equal(url, "https://bakery.netlify.app");
  await saveDrawnScreenshot(app.browser, "publish-done");
  await (await app.browser.$("button=Done")).click();
  const live = await byTestId("live-url");
  await until("the live link in the header", async () => (await live.isDisplayed()) && (await textOf("live-url")) === "bakery.netlify.app");
  assert.equal(netlify.sites.size, 1);
  const [site] = [...netlify.sites.values()];
  const first = netlify.deploys.get(site.deploys[0]);
  assert.deepEqual([...first.uploaded].sort(), ["/assets/logo.svg", "/index.html"]);
  assert.equal(site.live, first.id);

  const tree = await invokeInPage(app.browser, "project_versions", { projectId });
  const saved = await invokeInPage(app.browser, "project_save_file", {
    projectId,
    baseVersionId: tree.ok.versions[0].id,
    variantId: null,
    path: "index.html",
    content: '<!doctype html><h1>Sunday Bakery: open at 8</h1><img src="assets/logo.svg">',
  });
  assert.equal(saved.ok?.kind, "manual_save", JSON.stringify(saved));
  await openProjectFromStart();
  await (await app.browser.$("button=Publish")).click();
  const updates = await byTestId("publish-updates");
  await updates.waitForDisplayed({ timeout: 10_000 });
  assert.match(await textOf("publish-updates"), /Updates bakery\.netlify\.app/);
  const again = await (async () => {
    await (await app.browser.$("button=Update bakery.netlify.app")).click();
    const el = await byTestId("publish-url");
    await el.waitForDisplayed({ timeout: 30_000 });
    return textOf("publish-url");
  })();
  assert.equal(again, "https://bakery.netlify.app");
  await saveDrawnScreenshot(app.browser, "publish-updated");

  assert.equal(netlify.sites.size, 1, "the same site, not a new one");
  assert.equal(site.deploys.length, 2);
  const second = netlify.deploys.get(site.deploys[1]);
  assert.deepEqual(second.uploaded, ["/index.html"], "only the changed file");
  await poll("the second deploy to be live", () => site.live === second.id, { timeout: 10_000 });
  assert.deepEqual(netlify.problems, []);
  const history = await app.browser.execute(() => document.querySelectorAll('[data-testid="history-live"]').length);
  assert.equal(history, 1, "the published version is marked in the history");
});
