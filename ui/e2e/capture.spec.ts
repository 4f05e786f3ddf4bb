import { expect, test, type Page } from "@playwright/test";
import { ipcCalls, mockIpc } from "./mockIpc";

const appInfo = { name: "Screenshot to Code", version: "9.9.9", os: "linux", arch: "x86_64", profile: "debug", capabilities: { chromium_path: "/usr/bin/chromium" } };
const yes = { available: true, reason: null };
const support = { screenshot: yes, windows: yes, recording: yes, shortcut: "Ctrl+Alt+Shift+C", recording_limit_secs: 30 };
const shot = { path: "/data/captures/capture-1-0@2x.png", file_name: "capture-1-0@2x.png", kind: "image", width: 400, height: 200, scale_factor: 2, duration_ms: null };
const video = { path: "/data/captures/recording-2-0.mp4", file_name: "recording-2-0.mp4", kind: "video", width: 1440, height: 900, scale_factor: 1, duration_ms: 4000 };
const trimmed = { ...video, path: "/data/captures/recording-3-0.mp4", file_name: "recording-3-0.mp4", duration_ms: 2000 };
// 1×1 transparent PNG.
const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

async function start(page: Page, answers: Record<string, unknown>) {
  await mockIpc(page, { app_info: appInfo, log_from_ui: null, project_list_recent: [], settings_get: null, keys_status: [], models_available: [], input_preview: PIXEL, ...answers });
  await page.goto("/");
}

test("a whole-screen capture lands in the tray like a dropped screenshot", async ({ page }) => {
  await start(page, { capture_support: support, capture_screen: shot });
  await page.getByTestId("capture-button").click();
  await expect(page.getByRole("menuitem", { name: /A region/ })).toContainText("Ctrl+Alt+Shift+C");
  await page.getByRole("menuitem", { name: "The whole screen" }).click();
  await expect(page.getByTestId("input-tray").getByText("capture-1-0@2x.png")).toBeVisible();
  const calls = (await ipcCalls(page)).map((c) => c.cmd);
  expect(calls).toContain("capture_screen");
  expect(calls).toContain("input_preview");
});

test("a region capture finished in the overlay reaches the tray through capture-finished", async ({ page }) => {
  await start(page, { capture_support: support, capture_region_start: null });
  await page.getByTestId("capture-button").click();
  await page.getByRole("menuitem", { name: /A region/ }).click();
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "capture_region_start")).toBe(true);
  // The listener is registered before the event is sent.
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "plugin:event|listen" && JSON.stringify(c.args).includes("capture-finished"))).toBe(true);
  await page.evaluate((input) => {
    (window as unknown as { __emitEvent: (e: string, p: unknown) => void }).__emitEvent("capture-finished", { input, error: null });
  }, shot);
  await expect(page.getByTestId("input-tray").getByText("capture-1-0@2x.png")).toBeVisible();
});

test("what the machine cannot do is disabled and says why", async ({ page }) => {
  const no = (reason: string) => ({ available: false, reason });
  await start(page, {
    capture_support: { screenshot: yes, windows: no("Wayland does not let apps list other windows"), recording: no("Recording needs ffmpeg, which was not found"), shortcut: null, recording_limit_secs: 30 },
  });
  await page.getByTestId("capture-button").click();
  await expect(page.getByRole("menuitem", { name: "A window…" })).toBeDisabled();
  await expect(page.getByText("Wayland does not let apps list other windows")).toBeVisible();
  await expect(page.getByTestId("record-start")).toBeDisabled();
  await expect(page.getByText("Recording needs ffmpeg")).toBeVisible();
});

test("the menu closes on Escape and on a press outside it, as menus do", async ({ page }) => {
  await start(page, { capture_support: support });
  const menu = page.getByTestId("capture-menu");
  await page.getByTestId("capture-button").click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await page.getByTestId("capture-button").click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { name: "Turn a screenshot into code" }).click();
  await expect(menu).toHaveCount(0);
  // The button still toggles it.
  await page.getByTestId("capture-button").click();
  await expect(menu).toBeVisible();
  await page.getByTestId("capture-button").click();
  await expect(menu).toHaveCount(0);
});

test("a window is picked from the list", async ({ page }) => {
  await start(page, {
    capture_support: support,
    capture_windows: [{ id: 77, title: "Figma — Landing", app_name: "Figma", width: 1440, height: 900 }],
    capture_window: shot,
  });
  await page.getByTestId("capture-button").click();
  await page.getByRole("menuitem", { name: "A window…" }).click();
  await page.getByTestId("capture-windows").getByText("Figma — Landing").click();
  await expect(page.getByTestId("input-tray").getByText("capture-1-0@2x.png")).toBeVisible();
  const call = (await ipcCalls(page)).find((c) => c.cmd === "capture_window");
  expect(call?.args).toEqual({ windowId: 77 });
});

test("a recording shows its clock, stops, is trimmed and becomes the video input", async ({ page }) => {
  // Four frames a second of the 4 s recording (what record_frames makes).
  const frames = Array.from({ length: 16 }, (_, i) => ({ at_ms: i * 250, data_url: PIXEL }));
  await start(page, {
    capture_support: support,
    record_start: { limit_secs: 15, width: 1440, height: 900 },
    record_stop: video,
    record_trim: trimmed,
    record_frames: frames,
  });
  await page.getByTestId("capture-button").click();
  await page.getByLabel("Recording limit").selectOption("15");
  await page.getByTestId("record-start").click();
  await expect(page.getByTestId("record-clock")).toContainText("/ 0:15");
  expect((await ipcCalls(page)).find((c) => c.cmd === "record_start")?.args).toEqual({ limitSecs: 15 });
  await page.getByTestId("record-stop").click();
  await expect(page.getByTestId("trim-end")).toHaveText("4.0 s");
  // A filmstrip of the recording, and the frame at the handle being moved.
  await expect(page.getByTestId("filmstrip").locator("img")).toHaveCount(10);
  expect((await ipcCalls(page)).find((c) => c.cmd === "record_frames")?.args).toEqual({ path: video.path });
  await page.getByLabel("Trim start").fill("1000");
  await expect(page.getByTestId("trim-frame")).toHaveAttribute("data-at", "1000");
  await page.getByLabel("Trim end").fill("3000");
  await expect(page.getByTestId("trim-frame")).toHaveAttribute("data-at", "2750");
  await expect(page.getByTestId("trim-start")).toHaveText("1.0 s");
  // Play: the kept part plays from its start and stops at its end.
  await page.getByTestId("trim-play").click();
  await expect(page.getByTestId("trim-play")).toHaveText(/Stop/);
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        seen.add((await page.getByTestId("trim-frame").getAttribute("data-at")) ?? "");
        return (await page.getByTestId("trim-play").textContent())?.includes("Play selection");
      },
      { timeout: 10_000, intervals: [50], message: "the playback to reach the end of the selection" },
    )
    .toBe(true);
  const played = [...seen].map(Number).filter((n) => Number.isFinite(n));
  expect(Math.min(...played)).toBeGreaterThanOrEqual(1000);
  expect(Math.max(...played)).toBeLessThan(3000);
  expect(played.length).toBeGreaterThan(3);
  await page.getByTestId("record-use").click();
  await expect(page.getByTestId("input-tray").getByText("recording-3-0.mp4")).toBeVisible();
  expect((await ipcCalls(page)).find((c) => c.cmd === "record_trim")?.args).toEqual({ path: video.path, startMs: 1000, endMs: 3000 });
});

test("the overlay sends the dragged rectangle and Esc cancels", async ({ page }) => {
  await mockIpc(page, {
    log_from_ui: null,
    capture_frozen: { data_url: PIXEL, width: 2880, height: 1800, scale_factor: 2 },
    capture_region_finish: { __sequence: [{ __error: { code: "invalid_input", message: "the selection is 2×2 px; drag a rectangle at least 8 px on each side" } }, shot] },
    capture_cancel: null,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/#capture");
  await expect(page.getByTestId("capture-overlay")).toBeVisible();
  await expect(page.getByText("2× pixels")).toBeVisible();
  // A refusal keeps the overlay up and says why.
  await page.mouse.move(100, 100);
  await page.mouse.down();
  await page.mouse.move(106, 106);
  await page.mouse.up();
  await expect(page.getByText("at least 8 px")).toBeVisible();
  await page.mouse.move(300, 200);
  await page.mouse.down();
  await page.mouse.move(100, 100, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await ipcCalls(page)).filter((c) => c.cmd === "capture_region_finish").length).toBe(2);
  const last = (await ipcCalls(page)).filter((c) => c.cmd === "capture_region_finish").pop();
  expect(last?.args).toEqual({ selection: { x: 100, y: 100, width: 200, height: 100, view_width: 1440, view_height: 900 } });
  await page.keyboard.press("Escape");
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "capture_cancel")).toBe(true);
});
