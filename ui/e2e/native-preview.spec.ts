// Where the app can show the page being watched in a view of its own process
// (src-tauri/src/preview/native/), the stage holds its place with a box and tells the app where
// it is; everything that needs the page in a frame (pointing into it, a menu over it, a refusal)
// gets the frame back. The real view is checked in the app's window (tests/e2e/specs/live-input
// and hostile-page); here, what the UI asks of it.
import { expect, test, type Page } from "@playwright/test";
import { firstVersion, firstWrites, generateTwo, page as samplePage, project, startAnswers, startedTwo, variantInfo } from "./fixtures";
import { channelOf, ipcCalls, mockIpc, sendOnChannel, servePreviews, settle, type IpcCall } from "./mockIpc";
import { openedProjectAnswers, PAGE as STORED_PAGE, v1 } from "./projectFixture";

const ART = "e2e/artifacts";

interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

let nextEvent = 0;
function ev(variant: number, body: Record<string, unknown>) {
  return { event_id: nextEvent++, variant, ...body };
}

function answers(extra: Record<string, unknown> = {}) {
  return {
    ...startAnswers(),
    project_add_input_data: { id: 1, path: "inputs/shot.png", media_type: "image/png", size: 1000 },
    generation_start: startedTwo(8),
    generation_cancel: null,
    native_preview_available: true,
    native_preview_show: null,
    native_preview_refresh: null,
    native_preview_hide: null,
    ...extra,
  };
}

const called = (calls: IpcCall[], cmd: string) => calls.filter((c) => c.cmd === cmd);

/** Start two options and let the first write its page. */
async function writing(page: Page, extra: Record<string, unknown> = {}) {
  nextEvent = 0;
  const { channel, previews } = await generateTwo(page, answers(extra));
  const html = samplePage("Acme", "#4f46e5");
  previews.set("live/8/0/index.html", html);
  await sendOnChannel(page, channel, firstWrites(ev, html.slice(0, 400)));
  return { channel, html };
}

/** The box's content area in the window's CSS pixels: where the view must be. */
async function boxArea(page: Page): Promise<Bounds> {
  return page.getByTestId("native-preview").evaluate((el: HTMLElement) => {
    // The Desktop preview is scaled to fit: what is on screen is the layout size times that.
    const r = el.getBoundingClientRect();
    const scale = r.width / el.offsetWidth;
    return { x: r.left + el.clientLeft * scale, y: r.top + el.clientTop * scale, width: el.clientWidth * scale, height: el.clientHeight * scale };
  });
}

async function lastShown(page: Page): Promise<{ url: string; bounds: Bounds; zoom: number } | undefined> {
  return called(await ipcCalls(page), "native_preview_show").pop()?.args as { url: string; bounds: Bounds; zoom: number } | undefined;
}

test("while an option writes, its page is shown by the app over the preview's box, follows the code, and hides for the code", async ({ page }) => {
  const { channel, html } = await writing(page);
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);

  // The app is told the page and exactly where the box is, and moves the view with it.
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "the page to be shown" }).toMatch(/\/live\/8\/0\/index\.html$/);
  const near = (a: Bounds, b: Bounds) => Math.abs(a.x - b.x) <= 1 && Math.abs(a.y - b.y) <= 1 && Math.abs(a.width - b.width) <= 1 && Math.abs(a.height - b.height) <= 1;
  await expect.poll(async () => near((await lastShown(page))?.bounds ?? { x: 0, y: 0, width: 0, height: 0 }, await boxArea(page)), { message: "the view over the box" }).toBe(true);
  await page.setViewportSize({ width: 1100, height: 760 });
  await expect.poll(async () => near((await lastShown(page))?.bounds ?? { x: 0, y: 0, width: 0, height: 0 }, await boxArea(page)), { message: "the view to follow the box when the window shrinks" }).toBe(true);
  await page.screenshot({ path: `${ART}/native-preview-box.png` });

  // More code: the view follows it (in place), and is not loaded again.
  const shows = called(await ipcCalls(page), "native_preview_show").length;
  await sendOnChannel(page, channel, [ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html.slice(400) })]);
  await expect.poll(async () => called(await ipcCalls(page), "native_preview_refresh").length, { message: "the view to follow the new code" }).toBeGreaterThan(0);
  expect(called(await ipcCalls(page), "native_preview_show").length).toBe(shows);

  // The code tab has no page: the view hides, and comes back with Desktop.
  await page.getByRole("tab", { name: "Code" }).click();
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  await expect.poll(async () => (await ipcCalls(page)).map((c) => c.cmd).filter((c) => c.startsWith("native_preview_show") || c === "native_preview_hide").pop(), { message: "the view to hide for the code" }).toBe("native_preview_hide");
  // …and no frame loads the page under the code in its place (it would run in the window's process).
  await expect(page.getByTestId("code-editor")).toBeVisible();
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);
  await page.getByRole("tab", { name: "Desktop" }).click();
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect.poll(async () => (await ipcCalls(page)).map((c) => c.cmd).filter((c) => c === "native_preview_show" || c === "native_preview_hide").pop(), { message: "the view to show again" }).toBe("native_preview_show");

  // Another option's card: its page takes the view at once, without hiding it in between (the
  // old page stays until the new one is painted, as in a frame).
  await sendOnChannel(page, channel, [
    ev(1, { type: "tool_start", call_id: "b", name: "create_file", title: "Creating index.html" }),
    ev(1, { type: "code_delta", call_id: "b", path: "index.html", text: html }),
  ]);
  // (Its page is written: an option with no code yet shows the screenshot, and no view.)
  await expect(page.getByTestId("variant-card-1").locator("iframe").first()).toHaveAttribute("src", /\/live\/8\/1\/index\.html$/);
  const before = (await ipcCalls(page)).length;
  await page.getByTestId("variant-card-1").click();
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "the other option's page" }).toMatch(/\/live\/8\/1\/index\.html$/);
  expect(called((await ipcCalls(page)).slice(before), "native_preview_hide")).toHaveLength(0);
  await expect(page.getByTestId("native-preview")).toBeVisible();
});

test("a menu opened over the page: the view steps aside at once, and kept open the page goes back in a frame", async ({ page }) => {
  await writing(page);
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect.poll(async () => (await lastShown(page)) !== undefined).toBe(true);
  await page.getByTestId("preview-width").click();
  await expect(page.getByRole("menu", { name: "Page width" })).toBeVisible();
  // Stepped aside: hidden, so the menu is not drawn under it.
  await expect(page.getByTestId("native-preview")).toHaveAttribute("data-covered", "true");
  await expect.poll(async () => (await ipcCalls(page)).map((c) => c.cmd).filter((c) => c === "native_preview_show" || c === "native_preview_hide").pop(), { message: "the view to hide under the menu" }).toBe("native_preview_hide");
  // Still open: the page is put in a frame, where the menu draws over it as anywhere else.
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/, { timeout: 5000 });
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  await expect(page.getByRole("menu", { name: "Page width" })).toBeVisible();
});

test("a notice over only a corner of the page, between the places looked at, is seen: the page goes into a frame it draws over, and the view stays until the frame drew", async ({ page }) => {
  const { html } = await writing(page);
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect.poll(async () => (await lastShown(page)) !== undefined).toBe(true);
  // The page in a frame answers only when the test lets it.
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/live/8/0/index.html", async (route) => {
    await answered;
    await route.fulfill({ status: 200, contentType: "text/html", body: html });
  });
  const area = await boxArea(page);
  // A 14 × 14 px notice over the box's right edge, between two of the places looked at along
  // it (every ≤ 40 px), as a toast's corner can be in a small window.
  const first = area.y + 3;
  const step = (area.height - 6) / Math.ceil((area.height - 6) / 40);
  await page.evaluate(({ x, y }) => {
    const notice = document.createElement("div");
    notice.setAttribute("data-floating", "");
    notice.style.cssText = `position:fixed;left:${String(x)}px;top:${String(y)}px;width:14px;height:14px;background:#18181b;z-index:40`;
    document.body.appendChild(notice);
  }, { x: area.x + area.width - 10, y: first + step / 2 - 7 });
  // …and another over a corner, where the box is probed too: not a reason to step aside either.
  await page.evaluate(({ x, y }) => {
    const notice = document.createElement("div");
    notice.setAttribute("data-floating", "");
    notice.style.cssText = `position:fixed;left:${String(x)}px;top:${String(y)}px;width:30px;height:30px;background:#18181b;z-index:40`;
    document.body.appendChild(notice);
  }, { x: area.x + area.width - 20, y: area.y + area.height - 20 });
  // The page goes into a frame at once; the view stays over it (never blank under the notice)…
  await expect(page.getByTestId("preview-frame-loading").or(page.getByTestId("preview-frame"))).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/, { timeout: 5000 });
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect(page.getByTestId("native-preview")).not.toHaveAttribute("data-covered", "true");
  expect((await ipcCalls(page)).filter((c) => c.cmd === "native_preview_hide")).toHaveLength(0);
  // …until the frame has drawn it.
  release();
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  await expect.poll(async () => (await ipcCalls(page)).filter((c) => c.cmd === "native_preview_hide").length, { message: "the view to hide once the frame drew" }).toBe(1);
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/);

  // The notices go: the page goes back to its own view (in a frame the window would paint it at
  // every frame anything else moves), which follows the newest version it may have missed.
  const shows = (await ipcCalls(page)).filter((c) => c.cmd === "native_preview_show").length;
  const refreshes = (await ipcCalls(page)).filter((c) => c.cmd === "native_preview_refresh").length;
  await page.evaluate(() => {
    for (const notice of document.querySelectorAll("[data-floating]")) notice.remove();
  });
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);
  await expect.poll(async () => (await ipcCalls(page)).filter((c) => c.cmd === "native_preview_show").length, { message: "the view shown again" }).toBeGreaterThan(shows);
  expect((await lastShown(page))?.url).toMatch(/\/live\/8\/0\/index\.html$/);
  await expect.poll(async () => (await ipcCalls(page)).filter((c) => c.cmd === "native_preview_refresh").length, { message: "the view to follow the newest version" }).toBeGreaterThan(refreshes);
});

test("a page the app will not show in its view is shown in a frame", async ({ page }) => {
  await writing(page, { native_preview_show: { __error: { code: "invalid_input", message: "That page cannot be shown here." } } });
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/);
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  // Nothing to tell the designer: the page is on screen either way.
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("where the app has no view of its own, the page is in a frame as before", async ({ page }) => {
  await writing(page, { native_preview_available: false });
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/);
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  expect(called(await ipcCalls(page), "native_preview_show")).toHaveLength(0);
});

test("until the app has said where the page goes, the page is not run in the window: then it goes straight into the view", async ({ page }) => {
  // Every preview frame the stage ever adds (cards' thumbnails aside), however briefly.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __previewFrames: string[] }).__previewFrames = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const frame of [node, ...node.querySelectorAll("iframe")])
            if (frame instanceof HTMLIFrameElement && (frame.dataset.testid ?? "").startsWith("preview-frame")) seen.push(frame.src);
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await writing(page, { native_preview_available: { __deferred: true } });
  // The stage knows the page (it is being written) while the answer is still on its way. A stage
  // that took "no answer yet" for "no view" put the page in a frame 0.1–0.4 s later (its turn in
  // the load queue): give it two seconds to, as proving a frame never comes takes a wait.
  await expect(page.locator('[data-page$="/live/8/0/index.html"]')).toHaveCount(1);
  await page
    .waitForFunction(() => (window as unknown as { __previewFrames: string[] }).__previewFrames.length > 0, undefined, { timeout: 2_000 })
    .catch(() => undefined);
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __previewFrames: string[] }).__previewFrames)).toEqual([]);

  await settle(page, "native_preview_available", true);
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "the page to be shown in the view" }).toMatch(/\/live\/8\/0\/index\.html$/);
  expect(await page.evaluate(() => (window as unknown as { __previewFrames: string[] }).__previewFrames)).toEqual([]);
});

test("a stored version's page is shown in the app's view too; pointing into it, the view stays over the frame until the frame has drawn it", async ({ page }) => {
  nextEvent = 0;
  const html = samplePage("Acme", "#4f46e5");
  const v1 = firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);
  await mockIpc(page, {
    ...answers(),
    project_versions: { current_version: 1, versions: [v1] },
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    generation_start: { generation_id: 9, version_id: 3, variants: [{ index: 0, variant_id: 31, provider: "openai", model: "gpt-5" }] },
  });
  // The stored page in a frame answers only when the test lets it.
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await servePreviews(page, new Map([["live/9/0/index.html", html]]));
  await page.route("**/__preview/p/**", async (route) => {
    await answered;
    await route.fulfill({ status: 200, contentType: "text/html", body: html });
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  // Opened: the stored page is in the app's view, and no frame runs it in the window's process.
  await expect(page.getByTestId("native-preview")).toBeVisible();
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "the stored page in the view" }).toMatch(/\/p\/p1\/1\/11\/index\.html$/);
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);

  // An update writes version 2: its page is in the app's view…
  const box = page.getByLabel("Tell the AI what to change");
  await box.fill("Make the header sticky");
  await box.press("Enter");
  await expect.poll(async () => called(await ipcCalls(page), "generation_start").length).toBe(1);
  const channel = await channelOf(page, "generation_start");
  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html }),
  ]);
  await expect.poll(async () => (await lastShown(page))?.url ?? "").toMatch(/\/live\/9\/0\/index\.html$/);
  // …and going back to version 1 shows its page there again, still without a frame.
  await page.getByTestId("history-row").last().click();
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "version 1's page in the view" }).toMatch(/\/p\/p1\/1\/11\/index\.html$/);
  await expect(page.getByTestId("preview-frame")).toHaveCount(0);

  // Pointing into the page needs it in a frame: it loads under the view, which stays meanwhile.
  const hides = called(await ipcCalls(page), "native_preview_hide").length;
  await page.getByRole("button", { name: "Select an element in the preview" }).click();
  await expect(page.getByTestId("preview-frame-loading").or(page.getByTestId("preview-frame"))).toHaveAttribute("src", /\/p\/p1\/1\/11\/index\.html$/);
  await expect(page.getByTestId("native-preview")).toBeVisible();
  expect(called(await ipcCalls(page), "native_preview_hide")).toHaveLength(hides);
  // Drawn: the view goes, and the frame is the page.
  release();
  await expect(page.getByTestId("native-preview")).toHaveCount(0);
  await expect.poll(async () => called(await ipcCalls(page), "native_preview_hide").length, { message: "the view to hide once the frame drew" }).toBeGreaterThan(hides);
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/p\/p1\/1\/11\/index\.html$/);
});

// Tiny pictures told apart by their colour: the version's, and each option's.
const VERSION_PICTURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgL8sDAAGLAPQ8xSAqAAAAAElFTkSuQmCC";
const OPTION_PICTURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4KOsBAAMpAUf+vsNwAAAAAElFTkSuQmCC";
const NATIVE = { native_preview_available: true, native_preview_show: null, native_preview_refresh: null, native_preview_hide: null };

/** The project `landing` opened from the recent list, its page for the app's own view. */
async function openStored(page: Page, extra: Record<string, unknown>, inputWidth: number) {
  await mockIpc(page, openedProjectAnswers({ ...NATIVE, variant_scores: [], project_inputs: [{ id: 1, path: "inputs/landing.png", media_type: "image/png", size: 1000, width: inputWidth, height: 860 }], ...extra }));
  await servePreviews(page, new Map([["p/p1/1/11/index.html", STORED_PAGE], ["p/p1/1/12/index.html", STORED_PAGE]]));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByTestId("native-preview")).toBeVisible();
}

const standIn = (page: Page) => page.getByTestId("native-preview").getByTestId("native-preview-picture");

test("opening a stored page, its box shows the app's picture of it until the app's own view is drawn over it", async ({ page }) => {
  await openStored(page, { project_version_thumbnails: [{ version_id: 1, data_url: VERSION_PICTURE }] }, 1280);
  // One option, no cards: the version's picture is that option's page, laid out at 1280 px as
  // the preview is, so it fills the box's width from the top (the view is a white box until then).
  await expect(standIn(page)).toHaveAttribute("src", VERSION_PICTURE);
  const [boxWidth, pictureWidth] = await Promise.all([page.getByTestId("native-preview").evaluate((el: HTMLElement) => el.clientWidth), standIn(page).evaluate((el: HTMLElement) => el.offsetWidth)]);
  expect(pictureWidth).toBe(boxWidth);
  await page.screenshot({ path: `${ART}/native-preview-stand-in.png` });
  // A phone lays the page out otherwise: the picture would not be the page there.
  await page.getByRole("tab", { name: "Mobile" }).click();
  const onThePhone = () =>
    page.evaluate(() => {
      const box = document.querySelector('[data-testid="native-preview"]');
      if (!box || box.clientWidth >= box.clientHeight) return "no phone yet";
      return box.querySelector('[data-testid="native-preview-picture"]') ? "the picture" : "no picture";
    });
  await expect.poll(onThePhone, { message: "the phone's box, without the desktop picture" }).toBe("no picture");
});

test("a picture laid out at another width does not stand in for the page", async ({ page }) => {
  // The screenshot is 1440 px wide, so the Desktop preview lays the page out at 1440.
  await openStored(page, { project_version_thumbnails: [{ version_id: 1, data_url: VERSION_PICTURE }] }, 1440);
  await expect.poll(async () => (await lastShown(page))?.url ?? "", { message: "the page to be shown" }).toMatch(/\/p\/p1\/1\/11\/index\.html$/);
  await expect(standIn(page)).toHaveCount(0);
});

test("with several options, the stage stands in each option's own picture, not the version's", async ({ page }) => {
  const two = { ...v1, variants: [...v1.variants, variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])] };
  await openStored(
    page,
    {
      project_versions: { current_version: 1, versions: [two] },
      project_version_thumbnails: [{ version_id: 1, data_url: VERSION_PICTURE }],
      project_variant_thumbnails: [
        { variant_id: 11, data_url: OPTION_PICTURE },
        { variant_id: 12, data_url: VERSION_PICTURE },
      ],
    },
    1280,
  );
  await expect(standIn(page)).toHaveAttribute("src", OPTION_PICTURE);
  await page.getByTestId("variant-card-1").click();
  await expect(standIn(page)).toHaveAttribute("src", VERSION_PICTURE);
});
