import { expect, test } from "@playwright/test";
import { appInfo, settings } from "./fixtures";
import { ipcCalls, mockIpc } from "./mockIpc";

const recent = [
  { id: "p1", name: "Landing", path: "/home/me/S2C Projects/landing", opened_at: Date.now() - 3_600_000, exists: true, thumbnail: null },
  { id: "p2", name: "Pricing", path: "/home/me/S2C Projects/pricing", opened_at: Date.now() - 86_400_000 * 3, exists: true, thumbnail: null },
];

test("recent projects can be renamed and removed after confirming", async ({ page }) => {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: [],
    project_list_recent: recent,
    project_rename: { id: "p1", name: "Home page", path: recent[0]?.path, created_at: null, current_version: null },
    project_forget: null,
  });
  await page.goto("/");
  await expect(page.getByTestId("recent-projects").getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Rename Landing" }).click();
  await page.getByLabel("Project name").fill("Home page");
  await page.getByLabel("Project name").press("Enter");
  await expect(page.getByTestId("recent-projects")).toContainText("Home page");

  await page.getByRole("button", { name: "Remove Pricing" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("The folder stays on disk");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await ipcCalls(page)).map((c) => c.cmd)).not.toContain("project_forget");
  await page.getByRole("button", { name: "Remove Pricing" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("recent-projects").getByRole("listitem")).toHaveCount(1);
  expect((await ipcCalls(page)).find((c) => c.cmd === "project_forget")?.args).toEqual({ projectId: "p2" });
});

test("a video with screenshots is refused and a text prompt alone can generate", async ({ page }) => {
  await mockIpc(page, { app_info: appInfo, log_from_ui: null, settings_get: { settings, warning: null }, models_available: [], project_list_recent: [] });
  await page.goto("/");
  const generate = page.getByRole("button", { name: /Generate/ });
  await expect(generate).toBeDisabled();
  await page.getByTestId("file-input").setInputFiles([
    { name: "a.png", mimeType: "image/png", buffer: Buffer.from([1]) },
    { name: "b.mp4", mimeType: "video/mp4", buffer: Buffer.from([1]) },
  ]);
  await expect(page.getByTestId("selection-message")).toHaveText("Drop one video on its own, or screenshots without a video.");
  await expect(page.getByTestId("input-tray")).toHaveCount(0);
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await expect(generate).toBeEnabled();
});

test("a web page is captured into the new project as its screenshot", async ({ page }) => {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: [],
    project_list_recent: [],
    project_create: { id: "p9", name: "example.com", path: "/p/example.com", created_at: null, current_version: null },
    project_capture_url: { id: 4, path: "inputs/capture.png", media_type: "image/png", size: 1000 },
    generation_start: { generation_id: 1, version_id: 1, variants: [{ index: 0, variant_id: 1, provider: "openai", model: "gpt-5" }] },
    project_versions: { current_version: null, versions: [] },
    project_external_changes: [],
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Capture a web page…" }).click();
  const address = page.getByLabel("Web page to capture");
  await address.fill("ftp://example.com");
  await address.press("Enter");
  await expect(page.getByTestId("selection-message")).toHaveText("Only http:// and https:// pages can be captured");
  await address.fill("https://example.com/pricing");
  await address.press("Enter");
  await expect(page.getByTestId("input-tray")).toContainText("example.com");
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("example.com");
  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "project_create")?.args).toEqual({ name: "example.com", parentDir: null });
  expect(calls.find((c) => c.cmd === "project_capture_url")?.args).toEqual({ projectId: "p9", url: "https://example.com/pricing" });
  expect(calls.find((c) => c.cmd === "generation_start")?.args).toMatchObject({ request: { source: { kind: "screenshots", input_ids: [4] } } });
});

test("recent projects show their picture, and a project can be deleted after confirming", async ({ page }) => {
  const shot = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: [],
    project_list_recent: [{ ...recent[0], thumbnail: shot }, recent[1], { ...recent[1], id: "p3", name: "Gone", exists: false }],
    project_delete: "/home/me/S2C Projects/pricing",
  });
  await page.goto("/");
  const list = page.getByTestId("recent-projects");
  await expect(list.getByTestId("recent-thumbnail")).toHaveAttribute("src", shot);
  await expect(list.getByTestId("recent-no-thumbnail").first()).toContainText("No preview yet");
  await expect(list.getByRole("button", { name: "Delete Gone" })).toHaveCount(0);

  await list.getByRole("button", { name: "Delete Pricing" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete “Pricing”?");
  await expect(dialog).toContainText("moves to the trash: /home/me/S2C Projects/pricing. You can put it back from the trash.");
  await page.screenshot({ path: "test-results/recent-delete.png" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await ipcCalls(page)).map((c) => c.cmd)).not.toContain("project_delete");

  await list.getByRole("button", { name: "Delete Pricing" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Move to trash" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  expect((await ipcCalls(page)).find((c) => c.cmd === "project_delete")?.args).toEqual({ projectId: "p2" });
});
