// The code editor (CodeMirror, most of the bundle) is loaded ahead of the Code tab, in time
// nobody is using: once a page is on its way (an input chosen, or a project open), never at
// launch (the idle window stays small). docs/PERFORMANCE.md, tenth pass.
import { expect, test, type Page } from "@playwright/test";
import { appInfo, settings } from "./fixtures";
import { mockIpc } from "./mockIpc";
import { openScoredProject } from "./projectFixture";

const EDITOR_CHUNK = /\/CodeEditor-[\w-]+\.js$/;

/** Whether the editor's module has been fetched, seen by the network. */
function watchEditorChunk(page: Page): () => boolean {
  let fetched = false;
  page.on("request", (request) => {
    if (EDITOR_CHUNK.test(new URL(request.url()).pathname)) fetched = true;
  });
  return () => fetched;
}

/** `n` frames drawn: the warm-up waits for one after what triggers it. */
async function frames(page: Page, n: number) {
  for (let i = 0; i < n; i++) await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0))));
}

test("not at launch; once a description is typed, before the Code tab", async ({ page }) => {
  const fetched = watchEditorChunk(page);
  await mockIpc(page, { app_info: appInfo, log_from_ui: null, settings_get: { settings, warning: null }, models_available: [], project_list_recent: [] });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Screenshot to Code" })).toBeVisible();
  await frames(page, 5);
  expect(fetched(), "the start screen loaded the code editor with nothing to generate").toBe(false);
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await expect.poll(fetched, { message: "the code editor to be loaded once a page is on its way", timeout: 10_000 }).toBe(true);
});

test("an opened project loads it before the Code tab is clicked", async ({ page }) => {
  const fetched = watchEditorChunk(page);
  await openScoredProject(page);
  await expect.poll(fetched, { message: "the code editor to be loaded once a project is open", timeout: 10_000 }).toBe(true);
  await page.getByRole("tab", { name: "Code" }).click();
  await expect(page.locator(".cm-content")).toContainText("<!doctype html>");
});
