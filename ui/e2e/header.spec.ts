// The project header at the window's smallest width (900 px): every action stays on one line, the
// project's name stays readable, and buttons that shrink to an icon keep their name and tooltip.
import { expect, test, type Page } from "@playwright/test";
import { appInfo, firstVersion, models, project, settings, variantInfo } from "./fixtures";
import { mockIpc, servePreviews } from "./mockIpc";

const name = "Landing page for the spring campaign";
const v1 = firstVersion([], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);
/** A multi-file project: the app's own files beside the sources. */
const site = firstVersion([], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html", "package.json", "vite.config.ts", "tsconfig.json", "src/main.tsx", "src/App.tsx"])]);

async function openAt(page: Page, width: number, version = v1, extra: Record<string, unknown> = {}) {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    keys_status: [{ provider: "openai", set: true }],
    project_list_recent: [{ id: "p1", name, path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }],
    project_open: { ...project, name, current_version: 1 },
    project_versions: { current_version: 1, versions: [version] },
    project_external_changes: [],
    project_events: [],
    project_version_thumbnails: [],
    project_variant_thumbnails: [],
    publish_list: [],
    ...extra,
  });
  await servePreviews(page, new Map([["p/p1/1/11/index.html", "<!doctype html><h1>Landing</h1>"]]));
  await page.setViewportSize({ width, height: 700 });
  await page.goto("/");
  await page.getByRole("button", { name: `Open ${name}` }).click();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
}

/** Buttons in the header taller than one line of text: a label that wrapped. */
async function wrappedButtons(page: Page) {
  return page.locator("header").first().evaluate((header) =>
    [...header.querySelectorAll("button")]
      .filter((b) => b.getBoundingClientRect().height > 40)
      .map((b) => b.getAttribute("aria-label") ?? b.textContent),
  );
}

test("at 900 px the header fits on one line and the name stays readable", async ({ page }) => {
  await openAt(page, 900);
  expect(await wrappedButtons(page)).toEqual([]);
  const header = page.locator("header").first();
  expect(await header.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  const title = await header.getByText(name).boundingBox();
  expect(title?.width ?? 0).toBeGreaterThan(200);
  for (const [label, tip] of [["Open in browser", "Open the page in your browser"], ["Reveal", "Show the project folder"], ["Settings", "Settings"]] as const) {
    const button = header.getByRole("button", { name: label, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("title", tip);
  }
  await expect(header.getByRole("button", { name: "Hand off" })).toHaveText("Hand off");
});

test("at 1440 px every action shows its label", async ({ page }) => {
  await openAt(page, 1440);
  const header = page.locator("header").first();
  for (const label of ["Open in browser", "Reveal", "Export", "Hand off", "Publish", "Settings"]) {
    await expect(header.getByRole("button", { name: label, exact: true })).toContainText(label);
  }
  expect(await wrappedButtons(page)).toEqual([]);
});

test("capturing the screen and adding a reference image look different in the prompt bar", async ({ page }) => {
  await openAt(page, 1100);
  const icon = (label: string) => page.getByRole("button", { name: label, exact: true }).locator("path").getAttribute("d");
  expect(await icon("Capture the screen")).not.toEqual(await icon("Add a reference image"));
});

test("a page exports as a folder or a zip; a project also as a built static site", async ({ page }) => {
  await openAt(page, 1100);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["As a folder…", "As a zip file…"]);

  await openAt(page, 1100, site, {
    "plugin:dialog|save": "/home/me/Sites/landing-site",
    project_export: { path: "/home/me/Sites/landing-site", files: 23, data_urls: 0, remote_images: 0, warnings: [] },
  });
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const items = page.getByRole("menuitem");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText("Project folder…");
  await expect(items.nth(0)).toContainText("npm install");
  await expect(items.nth(2)).toContainText("Static site…");
  await expect(items.nth(2)).toContainText("any static host");
  await items.nth(2).click();
  await expect(page.getByText(/Built the static site \(23 files\) in \/home\/me\/Sites\/landing-site\. Upload that folder to any static host that answers unknown paths with index\.html/)).toBeVisible();
  const calls = await page.evaluate(() => (window as unknown as { __ipcCalls: { cmd: string; args: Record<string, unknown> }[] }).__ipcCalls);
  const dialog = calls.find((c) => c.cmd === "plugin:dialog|save");
  expect(JSON.stringify(dialog?.args)).toContain("spring campaign-site");
  const exported = calls.find((c) => c.cmd === "project_export");
  expect(exported?.args).toMatchObject({ projectId: "p1", versionId: 1, variantId: 11, format: "static_site", destination: "/home/me/Sites/landing-site" });
});

/** What inside `box` sticks out of it (by more than a pixel): text that did not wrap, a button
 *  pushed past the edge. */
async function stickingOut(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((box) => {
    const edge = box.getBoundingClientRect();
    return [...box.querySelectorAll("*")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > edge.right + 1 || r.left < edge.left - 1);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 40)}"`);
  });
}

test("at 900 px the header's menus and dialogs wrap their text inside them, and close as menus do", async ({ page }) => {
  const keys = ["openai", "anthropic", "gemini", "replicate", "figma", "netlify", "vercel", "github", "cloudflare"].map((provider) => ({ provider, set: provider === "openai" }));
  await openAt(page, 900, v1, { keys_status: keys, editors_list: [], github_push_status: null });
  const menus = page.getByRole("menu");

  // One menu at a time: opening Hand off closes Export.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(menus).toHaveCount(1);
  await page.getByRole("button", { name: "Hand off" }).click();
  await expect(menus).toHaveCount(1);
  await expect(menus).toContainText("Push to GitHub");
  // Its note about editors wraps inside it.
  const note = menus.getByText("No code editor found");
  await expect(note).toBeVisible();
  const [noteBox, menuBox] = [await note.boundingBox(), await menus.boundingBox()];
  expect((noteBox?.x ?? 0) + (noteBox?.width ?? 0)).toBeLessThanOrEqual((menuBox?.x ?? 0) + (menuBox?.width ?? 0));
  // Escape closes it (the focus is still on the button that opened it), and so does a press outside.
  await page.keyboard.press("Escape");
  await expect(menus).toHaveCount(0);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(menus).toHaveCount(1);
  await page.getByTestId("stage-toolbar").click({ position: { x: 5, y: 5 } });
  await expect(menus).toHaveCount(0);

  // The dialogs opened from the header: nothing in them sticks out of them.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByTestId("publish-dialog")).toContainText("Add a Netlify token");
  expect(await stickingOut(page, "publish-dialog")).toEqual([]);
  // …and its way to Settings keeps its label on one line.
  expect((await page.getByTestId("publish-dialog").getByRole("button", { name: "Open Settings" }).boundingBox())?.height ?? 99).toBeLessThan(40);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("publish-dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Hand off" }).click();
  await page.getByRole("menuitem", { name: "Push to GitHub…" }).click();
  await expect(page.getByTestId("push-dialog")).toContainText("Add a GitHub token");
  expect(await stickingOut(page, "push-dialog")).toEqual([]);
  await page.screenshot({ path: "e2e/artifacts/header-push-dialog-900.png" });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("push-dialog")).toHaveCount(0);
});
