// Visual editing in the real window: a Tailwind page imported from disk, opened in the app;
// in the preview (the real preview:// scheme, its element ids and bridge) the heading is
// picked, its margin and its colour changed in the properties panel, then saved. On disk the
// heading has the new classes and every other byte is the same, also after a restart.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { clickInPreview, invokeInPage, launchApp, ownViewShowsItsPage, saveDrawnScreenshot, typeInto, waitForWindow } from "../harness.mjs";

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <script src="https://cdn.tailwindcss.com"></script>
</head>
<body class="p-8">
  <h1 class="text-3xl text-slate-600 mt-2">Visual editing</h1>
  <p class="text-[#1e293b]">A darker ink   to pick from the palette.</p>
</body>
</html>
`;
const EXPECTED = PAGE.replace("text-3xl text-slate-600 mt-2", "text-3xl text-[#1e293b] mt-4");

let app;
let home;
let project;

async function start() {
  app = await launchApp(home ? { home } : {});
  home = app.home;
  await waitForWindow(app.browser);
}

async function until(what, check, timeout = 30_000) {
  await app.browser.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
}

async function openProject() {
  const open = await app.browser.$('[aria-label="Open Visual page"]');
  await open.waitForDisplayed({ timeout: 20_000 });
  await open.click();
  // The stored page is shown in the app's own view of it; visual edit brings it into a frame.
  await until("the preview", async () => {
    if ((await app.browser.$$('[data-testid="preview-frame"]')).length === 1) return true;
    return ownViewShowsItsPage(app.browser);
  });
}

before(async () => {
  await start();
  const source = join(home, "site");
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, "index.html"), PAGE);
  const imported = await invokeInPage(app.browser, "project_import", { source, name: "Visual page", parentDir: join(home, "projects") });
  assert.ok(imported.ok?.project?.id, JSON.stringify(imported));
  project = imported.ok.project;
  // The start screen lists recent projects when it opens: open it afresh.
  await app.browser.refresh();
  await waitForWindow(app.browser);
});

after(async () => {
  await app?.close();
});

test("a margin and a colour changed in the panel are saved into the classes, nothing else", async () => {
  await openProject();
  await (await app.browser.$("button=Visual edit")).click();
  await until("the panel", async () => (await app.browser.$('[aria-label="Properties"]')).isExisting());

  // The page is cross-origin to the app: find the heading from its own side, then click where
  // it is, as a person does (the app's layer over the frame takes the click and forwards it).
  await clickInPreview(app.browser, "h1");
  await until("the heading to be picked", async () => (await app.browser.execute(() => document.querySelector('[data-testid="visual-targets"]')?.textContent)) === "<h1>");

  const margin = await app.browser.$('[aria-label="Margin top"]');
  await typeInto(app.browser, margin, "16");
  await app.browser.keys("Enter");
  // The page's own colours are in the colour picker.
  await (await app.browser.$('button[aria-label="Text colour"]')).click();
  const swatch = await app.browser.$('[aria-label="Text colour #1e293b"]');
  await swatch.waitForExist({ timeout: 10_000 });
  await swatch.click();
  const save = await app.browser.$("button=Save 2 changes");
  await save.waitForEnabled({ timeout: 10_000 });
  // Both changes are listed with the element and file they go to, before Save.
  await until("the list of changes", async () =>
    (await app.browser.execute(() => document.querySelectorAll('[data-testid="queued-changes"] li').length)) === 2,
  );
  const listed = await app.browser.execute(() => document.querySelector('[data-testid="queued-changes"]')?.textContent ?? "");
  assert.match(listed, /margin-top: 16px.*<h1> “Visual editing” in index\.html/s, listed);
  await saveDrawnScreenshot(app.browser, "visual-edit-changes");
  await save.click();

  await until("the file on disk to change", async () => readFileSync(join(project.path, "index.html"), "utf8") !== PAGE);
  assert.equal(readFileSync(join(project.path, "index.html"), "utf8"), EXPECTED);
  const tree = await invokeInPage(app.browser, "project_versions", { projectId: project.id });
  const current = tree.ok.versions.find((v) => v.id === tree.ok.current_version);
  assert.equal(current?.prompt, "Visual edit: 2 changes", JSON.stringify(current));
  assert.equal(current?.kind, "manual_save");
});

test("after a restart the saved version and the file are as written", async () => {
  await app.close();
  await start();
  await openProject();
  await until("the visual edit in the history", async () =>
    app.browser.execute(() => [...document.querySelectorAll('[data-testid="history-row"]')].some((r) => r.textContent.includes("Visual edit: 2 changes"))),
  );
  assert.equal(readFileSync(join(project.path, "index.html"), "utf8"), EXPECTED);
  const tree = await invokeInPage(app.browser, "project_versions", { projectId: project.id });
  const file = await invokeInPage(app.browser, "project_read_file", { projectId: project.id, versionId: tree.ok.current_version, variantId: null, path: "index.html" });
  assert.equal(file.ok?.text, EXPECTED);
});
