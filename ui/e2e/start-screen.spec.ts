import { expect, test } from "@playwright/test";
import { ipcCalls, mockIpc } from "./mockIpc";

const appInfo = {
  name: "Screenshot to Code",
  version: "9.9.9",
  os: "linux",
  arch: "x86_64",
  profile: "debug",
  capabilities: { chromium_path: "/usr/bin/chromium" },
};

test("the start screen shows the product and what the core reports", async ({ page }) => {
  await mockIpc(page, { app_info: appInfo, log_from_ui: null, project_list_recent: [] });
  await page.goto("/");

  await expect(page.getByRole("heading", { name: "Screenshot to Code" })).toBeVisible();
  await expect(page.getByTestId("drop-zone")).toBeVisible();
  await expect(page.getByTestId("app-version")).toHaveText("Screenshot to Code 9.9.9 · linux/x86_64");
  await expect(page.getByTestId("chromium-status")).toContainText("/usr/bin/chromium");
  expect((await ipcCalls(page)).map((c) => c.cmd)).toContain("app_info");
  await page.screenshot({ path: "test-results/start-screen.png" });
});

test("a core failure is shown, not swallowed, and reported to the log", async ({ page }) => {
  await mockIpc(page, {
    app_info: { __error: { code: "internal", message: "core exploded" } },
    log_from_ui: null,
    project_list_recent: [],
  });
  await page.goto("/");

  await expect(page.getByRole("alert")).toContainText("core exploded");
  await expect.poll(async () => (await ipcCalls(page)).map((c) => c.cmd)).toContain("log_from_ui");
});

test("picking a wrong file type explains why and keeps nothing", async ({ page }) => {
  await mockIpc(page, { app_info: appInfo, log_from_ui: null, project_list_recent: [] });
  await page.goto("/");

  await page.getByTestId("file-input").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByTestId("selection-message")).toContainText("“notes.txt” is not a PNG, JPEG or WebP");

  await page.getByTestId("file-input").setInputFiles({
    name: "shot.png",
    mimeType: "image/png",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await expect(page.getByTestId("selection-message")).toHaveText("1 screenshot ready: shot.png");
});
