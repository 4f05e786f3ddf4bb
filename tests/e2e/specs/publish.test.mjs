// Publishing through the real window: a project opened from the start screen is published to a
// local mock of Netlify's deploy API from the Publish dialog, the live link appears in the
// header, and after a change "Update" sends only the changed file to the same site. Then what
// goes wrong: Netlify failing every upload, an upload the user cancels, a token Netlify no
// longer accepts (fixed in Settings → Publishing) — each said in the window in plain words,
// the live site unchanged, and the next publish updating the same site. Then Hand off → Open in
// VS Code (a stand-in `code` on the app's PATH) gets the project folder, and the edit it makes
// there shows in the app. Last, no token in anything the app wrote. Screenshots of each state
// go to the artifacts.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { filesUnder, invokeInPage, launchApp, poll, saveDrawnScreenshot, waitForWindow } from "../harness.mjs";
import { startMockNetlify } from "../mock-netlify.mjs";

const TOKEN = "nfp_e2eMockToken0123456789abcdefghij";
const REVOKED = "nfp_e2eRevokedToken0123456789abcdefg";

let app;
let netlify;
let projectId;
let editorLog;

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

async function openPublishDialog() {
  await (await app.browser.$("button=Publish")).click();
  const dialog = await byTestId("publish-dialog");
  await dialog.waitForDisplayed({ timeout: 10_000 });
  return dialog;
}

async function publishFromDialog(button) {
  const dialog = await openPublishDialog();
  await saveDrawnScreenshot(app.browser, "publish-dialog");
  await (await dialog.$(`button=${button}`)).click();
  const url = await byTestId("publish-url");
  await url.waitForDisplayed({ timeout: 30_000 });
  return textOf("publish-url");
}

before(async () => {
  netlify = await startMockNetlify({ token: TOKEN, secrets: [TOKEN, REVOKED] });
  // A stand-in for VS Code's `code` command: it notes what it was asked to open and edits the
  // page there, as a developer would.
  const bin = join(tmpdir(), `s2c-e2e-editor-${process.pid}`);
  mkdirSync(bin, { recursive: true });
  editorLog = join(bin, "opened.txt");
  const code = join(bin, "code");
  writeFileSync(
    code,
    `#!/bin/sh\nprintf '%s\\n' "$1" > "${editorLog}"\nprintf '%s' '<!doctype html><h1>Sunday Bakery: edited in VS Code</h1><img src="assets/logo.svg">' > "$1/index.html"\n`,
  );
  chmodSync(code, 0o755);
  app = await launchApp({ env: { PATH: `${bin}:${process.env.PATH}` } });
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
  await (await app.browser.$("button=Done")).click();
  await saveDrawnScreenshot(app.browser, "publish-live-in-header");
});

test("a failed upload, a cancel and a revoked token are said in the window, and the live site stays", async () => {
  const [site] = [...netlify.sites.values()];
  const liveBefore = site.live;
  const tree = await invokeInPage(app.browser, "project_versions", { projectId });
  const saved = await invokeInPage(app.browser, "project_save_file", {
    projectId,
    baseVersionId: tree.ok.current_version,
    variantId: null,
    path: "index.html",
    content: '<!doctype html><h1>Sunday Bakery: fresh bread at 7</h1><img src="assets/logo.svg">',
  });
  assert.equal(saved.ok?.kind, "manual_save", JSON.stringify(saved));
  await openProjectFromStart();
  const update = async () => (await (await byTestId("publish-dialog")).$("button=Update bakery.netlify.app")).click();
  const errorSays = async (text) => {
    const error = await byTestId("publish-error");
    await error.waitForDisplayed({ timeout: 30_000 });
    await until(`the error “${text}”`, async () => (await textOf("publish-error")).startsWith(text));
  };

  netlify.faults.uploads = "fail";
  await openPublishDialog();
  await update();
  await errorSays("Netlify had a problem on its side (HTTP 500: Internal Server Error). The live site was not changed; try again in a few minutes.");
  await saveDrawnScreenshot(app.browser, "publish-failed");
  assert.equal(site.live, liveBefore, "a failed upload changes nothing live");
  assert.equal(netlify.deploys.get(site.deploys.at(-1)).state, "error", "the unfinished deploy was cancelled on Netlify");
  assert.equal(await textOf("live-url"), "bakery.netlify.app", "the header still links the live site");

  netlify.faults.uploads = "hold";
  await update();
  await poll("the upload to reach Netlify", () => netlify.held.length > 0, { timeout: 30_000 });
  await until("the upload's progress", async () => /^Uploading 0 of 1 file/.test(await textOf("publish-progress")));
  await saveDrawnScreenshot(app.browser, "publish-uploading");
  await (await (await byTestId("publish-dialog")).$("button=Cancel")).click();
  await until("the cancel to be said", async () => (await textOf("publish-dialog")).includes("Cancelled. The live site was not changed."));
  await saveDrawnScreenshot(app.browser, "publish-cancelled");
  assert.equal(site.live, liveBefore, "a cancelled upload changes nothing live");
  netlify.faults.uploads = null;

  const revoked = await invokeInPage(app.browser, "key_set", { provider: "netlify", key: REVOKED });
  assert.equal(revoked.ok?.set, true, JSON.stringify(revoked));
  await update();
  await errorSays("Netlify did not accept the token: it may have expired or been revoked. Make a new one and save it in Settings → Publishing.");
  await saveDrawnScreenshot(app.browser, "publish-bad-token");
  await (await app.browser.$("button=Open Settings → Publishing")).click();
  const row = await byTestId("key-row-netlify");
  await row.waitForDisplayed({ timeout: 10_000 });
  await (await row.$("button=Test")).click();
  await until("Test to say the token is refused", async () => (await textOf("key-row-netlify")).includes("Netlify did not accept the token"));
  await (await row.$("input")).setValue(TOKEN);
  await (await row.$("button=Save")).click();
  await until("the new token to be saved", async () => (await textOf("key-row-netlify")).includes("Saved to the keychain"));
  await (await row.$("button=Test")).click();
  await until("Test to say the token works", async () => (await textOf("key-row-netlify")).includes("The token works (Netlify Ada Lovelace)"));
  await saveDrawnScreenshot(app.browser, "settings-publishing");
  await (await app.browser.$('[aria-label="Close settings"]')).click();

  await openPublishDialog();
  await update();
  await (await byTestId("publish-url")).waitForDisplayed({ timeout: 30_000 });
  assert.equal(await textOf("publish-url"), "https://bakery.netlify.app");
  const last = netlify.deploys.get(site.deploys.at(-1));
  assert.deepEqual(last.uploaded, ["/index.html"], "only the changed file");
  await poll("the new deploy to be live", () => site.live === last.id, { timeout: 10_000 });
  assert.equal(netlify.sites.size, 1, "still the same site");
  assert.deepEqual(netlify.problems, []);
});

test("Open in VS Code opens the project folder, and what is edited there shows in the app", async () => {
  await openProjectFromStart();
  await (await app.browser.$("button*=Hand off")).click();
  const item = await app.browser.$("button*=Open in VS Code");
  await item.waitForDisplayed({ timeout: 10_000 });
  await saveDrawnScreenshot(app.browser, "hand-off-menu");
  await item.click();

  const opened = await poll("the editor to be started", () => existsSync(editorLog) && readFileSync(editorLog, "utf8").trim(), { timeout: 15_000 });
  const recent = await invokeInPage(app.browser, "project_list_recent", {});
  const bakery = recent.ok.find((p) => p.id === projectId);
  assert.equal(realpathSync(opened), realpathSync(bakery.path), "VS Code got the project folder");
  await until("the app to notice the edit", async () => (await textOf("external-changes")).includes("changed outside the app: index.html"));
  await saveDrawnScreenshot(app.browser, "edited-in-editor");
  await (await app.browser.$("button=Keep as a version")).click();
  await until("the edit to become a version", async () => {
    const tree = await invokeInPage(app.browser, "project_versions", { projectId });
    const page = await invokeInPage(app.browser, "project_read_file", { projectId, versionId: tree.ok.current_version, variantId: null, path: "index.html" });
    return JSON.stringify(page).includes("edited in VS Code");
  });
});

test("no publishing token in anything the app wrote: data, settings, logs, the project", async () => {
  const files = filesUnder(app.home);
  assert.ok(files.some((f) => f.endsWith(".log") || f.includes("/logs/")), "the app wrote logs");
  assert.ok(files.some((f) => f.endsWith("project.db")), "the project's database is scanned too");
  const leaks = files.filter((f) => {
    const bytes = readFileSync(f);
    return bytes.includes(TOKEN) || bytes.includes(REVOKED);
  });
  assert.deepEqual(leaks, [], "a token is in these files");
});
