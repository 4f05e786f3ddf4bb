// Settings and projects through the real window: the commands are granted to it, the state is
// wired at startup, and what they write lands where it should.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { invokeInPage, launchApp } from "../harness.mjs";

let app;

before(async () => {
  app = await launchApp();
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
});

test("settings are read, validated and saved as changes only", async () => {
  const got = await invokeInPage(app.browser, "settings_get", {});
  assert.equal(got.ok?.settings.variants.count, 4, JSON.stringify(got));

  const bad = await invokeInPage(app.browser, "settings_update", {
    settings: { ...got.ok.settings, variants: { count: 0, models: [] } },
  });
  assert.equal(bad.err?.code, "invalid_input", JSON.stringify(bad));

  const saved = await invokeInPage(app.browser, "settings_update", { settings: { ...got.ok.settings, theme: "dark" } });
  assert.equal(saved.ok?.settings.theme, "dark", JSON.stringify(saved));
  const onDisk = JSON.parse(readFileSync(join(app.configDir, "settings.json"), "utf8"));
  assert.deepEqual(onDisk, { theme: "dark" });
});

test("a project is imported, edited and listed", async () => {
  const source = join(app.home, "site");
  mkdirSync(source, { recursive: true });
  writeFileSync(join(source, "index.html"), "<h1>From disk</h1>");
  const parentDir = join(app.home, "projects");

  const imported = await invokeInPage(app.browser, "project_import", { source, name: "E2E page", parentDir });
  assert.ok(imported.ok?.project?.id, JSON.stringify(imported));
  const tree = await invokeInPage(app.browser, "project_versions", { projectId: imported.ok.project.id });
  const v1 = tree.ok.versions[0].id;
  const saved = await invokeInPage(app.browser, "project_save_file", {
    projectId: imported.ok.project.id,
    baseVersionId: v1,
    variantId: null,
    path: "index.html",
    content: "<h1>Edited in the app</h1>",
  });
  assert.equal(saved.ok?.kind, "manual_save", JSON.stringify(saved));
  assert.equal(readFileSync(join(imported.ok.project.path, "index.html"), "utf8"), "<h1>Edited in the app</h1>");
  assert.ok(existsSync(join(imported.ok.project.path, ".s2c", "project.db")));

  const recent = await invokeInPage(app.browser, "project_list_recent", {});
  assert.equal(recent.ok?.[0]?.name, "E2E page", JSON.stringify(recent));
});

test("the settings dialog opens from the start screen", async () => {
  await (await app.browser.$("button=Settings")).click();
  const title = await app.browser.$("#settings-title");
  await title.waitForDisplayed({ timeout: 10_000 });
  assert.equal(await title.getText(), "Settings");
});
