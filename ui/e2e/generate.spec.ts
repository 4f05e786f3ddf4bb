import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { dropScreenshotForTwo, firstVersion, generateTwo, page as samplePage, PIXEL_PNG, project, scoreReport, settings, startAnswers, usage, variantInfo, startedTwo } from "./fixtures";
import { channelOf, emitEvent, ipcCalls, mockIpc, previewsDrawn, sendOnChannel, servePreviews, setAnswer } from "./mockIpc";

const ART = "e2e/artifacts";
const BRIDGE = readFileSync("../src-tauri/src/preview/bridge.js", "utf8");

const started = startedTwo(7);

const v1 = firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"]), variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "cancelled", [])]);

const v2 = {
  id: 2,
  parent_id: 1,
  kind: "manual_save",
  prompt: "Saved index.html",
  stack: "html_tailwind",
  created_at: Date.now(),
  selected_variant: 21,
  source: null,
  inputs: [],
  variants: [variantInfo(21, 2, 0, null as unknown as string, null as unknown as string, "complete", ["index.html"])],
};

function answers() {
  return {
    ...startAnswers(),
    project_add_input_data: { id: 1, path: "inputs/shot.png", media_type: "image/png", size: 1000 },
    generation_start: started,
    generation_cancel: null,
    project_read_file: { path: "index.html", text: "<h1>Hello</h1>\n", size: 15 },
    project_save_file: v2,
    "plugin:clipboard-manager|write_text": null,
  };
}

let nextEvent = 0;
function ev(variant: number, body: Record<string, unknown>) {
  return { event_id: nextEvent++, variant, ...body };
}

async function startTwoVariants(page: Page, previews: Map<string, string>) {
  await mockIpc(page, answers());
  await servePreviews(page, previews);
  await dropScreenshotForTwo(page);
  await page.getByLabel("Option 2 model").selectOption("claude-sonnet-4-5");
  await page.getByLabel("Instructions (optional)").fill("Keep the brand colours");
  await page.screenshot({ path: `${ART}/start-screen.png` });
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("landing");
}

test("generate two variants, stream, cancel one, edit the code, save, see the history", async ({ page }) => {
  nextEvent = 0;
  const previews = new Map<string, string>();
  await startTwoVariants(page, previews);

  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "project_create")?.args).toEqual({ name: "landing", parentDir: null });
  expect(calls.find((c) => c.cmd === "generation_start")?.args).toMatchObject({
    request: {
      project_id: "p1",
      stack: "html_tailwind",
      source: { kind: "screenshots", input_ids: [1] },
      instructions: "Keep the brand colours",
      models: ["auto", "claude-sonnet-4-5"],
      design_system: null,
      generate_images: true,
      extract_assets: true,
    },
  });

  // Until code arrives, the screenshot stands in for the page.
  await expect(page.getByAltText("The screenshot being rebuilt")).toBeVisible();

  const channel = await channelOf(page, "generation_start");
  const html0 = samplePage("Acme", "#4f46e5");
  const html1 = samplePage("Acme", "#0f766e");
  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ev(0, { type: "thinking", text: "The screenshot shows a landing page with a hero." }),
    ev(0, { type: "assistant", text: "I'll build the **header** first, then the `hero`." }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html0.slice(0, 400) }),
    ev(1, { type: "retrying", attempt: 1, delay_ms: 8000, reason: "overloaded (529)" }),
    ev(0, { type: "usage", usage: usage(1200, 300), cost_usd: 0.011 }),
  ]);
  previews.set("live/7/0/index.html", html0);
  // The file being written shows on request (folded, it costs the window no repaints).
  await expect(page.getByTestId("live-code")).toHaveCount(0);
  await page.getByRole("button", { name: /Show the code as it is written/ }).click();
  await expect(page.getByTestId("live-code")).toContainText("<!doctype html>");
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/__preview\/live\/7\/0\/index\.html$/);
  await expect(page.getByText("Thought for")).toBeVisible();

  await sendOnChannel(page, channel, [
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html0.slice(400) }),
    ev(0, { type: "set_code", path: "index.html", content: html0 }),
    ev(0, { type: "tool_result", call_id: "a", name: "create_file", ok: true, summary: "Wrote index.html (24 lines)", detail: { kind: "file_written", path: "index.html", bytes: html0.length, lines: 24, replaced: false } }),
    ev(1, { type: "tool_start", call_id: "b", name: "create_file", title: "Creating index.html" }),
    ev(1, { type: "code_delta", call_id: "b", path: "index.html", text: html1 }),
    ev(0, { type: "tool_start", call_id: "c", name: "edit_file", title: "Editing index.html" }),
    ev(0, { type: "tool_result", call_id: "c", name: "edit_file", ok: true, summary: "1 replacement", detail: { kind: "file_edited", path: "index.html", diff: "@@ -3 +3 @@\n-<h1>Ship</h1>\n+<h1>Ship pages faster</h1>", diff_truncated: false, first_changed_line: 3, added_lines: 1, removed_lines: 1, replacements: 1 } }),
    ev(0, { type: "usage", usage: usage(5200, 2300), cost_usd: 0.042 }),
  ]);
  previews.set("live/7/1/index.html", html1);

  // Both cards fill with their live previews.
  for (const i of [0, 1]) {
    await expect(page.getByTestId(`variant-card-${i}`).locator("iframe").first()).toHaveAttribute("src", new RegExp(`/live/7/${i}/index.html$`));
  }
  await expect(page.getByTestId("edit-diff")).toContainText("+<h1>Ship pages faster</h1>");
  await expect(page.getByTestId("variant-card-0")).toContainText("$0.04");
  await previewsDrawn(page);
  await page.screenshot({ path: `${ART}/generating.png` });

  // While the options write, the app pictures each page in its own browser every few seconds:
  // option 2's card shows its picture and lets its live page go once the picture is drawn.
  await emitEvent(page, "live-picture-ready", { project_id: "p1", generation_id: 7, index: 1, data_url: PIXEL_PNG });
  await expect(page.getByTestId("variant-card-1").getByTestId("variant-picture")).toHaveAttribute("src", PIXEL_PNG);
  await expect(page.getByTestId("variant-card-1").locator("iframe")).toHaveCount(0);
  // A picture of another generation is not this card's.
  await emitEvent(page, "live-picture-ready", { project_id: "p1", generation_id: 6, index: 0, data_url: PIXEL_PNG });
  await expect(page.getByTestId("variant-card-0").locator("iframe").first()).toBeAttached();
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-picture")).toHaveCount(0);

  // Cancel option 2 (Alt+2 selects it).
  await page.keyboard.press("Alt+2");
  await expect(page.getByTestId("variant-card-1")).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect.poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "generation_cancel")?.args).toEqual({ generationId: 7, variant: 1 });
  await sendOnChannel(page, channel, [
    ev(1, { type: "variant_cancelled" }),
    ev(0, { type: "variant_complete", turns: 3, tool_calls: 2, duration_ms: 34_000 }),
    ev(0, { type: "finished", completed: 1, failed: 0, cancelled: 1, usage: usage(5200, 2300), cost_usd: 0.042 }),
  ]);
  await expect(page.getByTestId("variant-card-1").getByRole("img", { name: "Cancelled" })).toBeVisible();

  // The generation is stored: the history shows it.
  await setAnswer(page, "project_versions", { current_version: 1, versions: [v1] });
  await emitEvent(page, "generation-recorded", { project_id: "p1", generation_id: 7, version_id: 1 });
  await expect(page.getByTestId("history-row")).toHaveCount(1);
  // Its picture arrives a moment later.
  await setAnswer(page, "project_version_thumbnails", [{ version_id: 1, data_url: "data:image/png;base64,iVBORw0KGgo=" }]);
  await emitEvent(page, "version-thumbnail-ready", { project_id: "p1", version_id: 1 });
  await expect(page.getByTestId("history-thumbnail")).toHaveCount(1);
  // Then option 1's own picture: its card shows the still picture, and lets its live page go
  // once the picture is drawn (the cancelled option 2 gets none and keeps its newest live one).
  await expect(page.getByTestId("variant-card-0").locator("iframe").first()).toBeAttached();
  await setAnswer(page, "project_variant_thumbnails", [{ variant_id: 11, data_url: PIXEL_PNG }]);
  await emitEvent(page, "variant-picture-ready", { project_id: "p1", version_id: 1, variant_id: 11 });
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-picture")).toHaveAttribute("src", PIXEL_PNG);
  await expect(page.getByTestId("variant-card-0").locator("iframe")).toHaveCount(0);
  await expect(page.getByTestId("variant-card-1").getByTestId("variant-picture")).toHaveAttribute("src", PIXEL_PNG);
  await expect(page.getByTestId("variant-card-1").locator("iframe")).toHaveCount(0);

  // Option 1 is scored against the screenshot in the background; the score shows when ready,
  // the differences and the comparison on demand.
  await setAnswer(page, "variant_scores", [{ variant_id: 11, input_id: 1, total: 96.4, report: scoreReport(96.4) }]);
  await setAnswer(page, "variant_score_images", { screenshot: PIXEL_PNG, render: PIXEL_PNG, diff: PIXEL_PNG });
  await emitEvent(page, "variant-scored", { project_id: "p1", version_id: 1, variant_id: 11, total: 96.4 });
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-score")).toHaveText("96");
  await page.keyboard.press("Alt+1");
  await page.getByTestId("fidelity-score").click();
  await expect(page.getByTestId("fidelity-panel").getByTestId("fidelity-difference").first()).toContainText("The link “Get started”");
  await page.getByTestId("fidelity-compare").click();
  await expect(page.getByRole("dialog", { name: "Compare with the screenshot" }).getByRole("img", { name: "The screenshot" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Close fidelity" }).click();

  // Option 1's code: edit and save with Ctrl+S.
  await page.keyboard.press("Alt+1");
  await expect(page.getByText("Worked through 2 steps in 34s")).toBeVisible();
  await page.getByRole("tab", { name: "Code" }).click();
  const editor = page.locator(".cm-content");
  await expect(editor).toContainText("<h1>Hello</h1>");
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("Edited by hand");
  await expect(page.getByText("Unsaved")).toBeVisible();
  await page.screenshot({ path: `${ART}/code.png` });
  await setAnswer(page, "project_versions", { current_version: 2, versions: [v1, v2] });
  await page.keyboard.press("Control+s");
  await expect.poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "project_save_file")?.args).toEqual({
    projectId: "p1",
    baseVersionId: 1,
    variantId: 11,
    path: "index.html",
    content: "<h1>Hello</h1>\nEdited by hand",
  });
  await expect(page.getByTestId("history-row")).toHaveCount(2);
  await expect(page.getByTestId("history-row").first()).toContainText("v2");
  await expect(page.getByTestId("history-row").first()).toContainText("manual");
  await expect(page.getByTestId("toast")).toContainText("Saved index.html");
  // It floats over the window: where the app shows the page in its own view, that view steps aside for it.
  await expect(page.getByTestId("toast")).toHaveAttribute("data-floating");
});

test("the next change can be written while the option works, and waits for it", async ({ page }) => {
  nextEvent = 0;
  const previews = new Map<string, string>();
  await startTwoVariants(page, previews);
  const channel = await channelOf(page, "generation_start");
  const html = samplePage("Acme", "#4f46e5");
  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html.slice(0, 400) }),
  ]);
  const box = page.getByLabel("Tell the AI what to change");
  await box.fill("Make the header sticky");
  await expect(page.getByTestId("prompt-held")).toHaveText("Wait for this option to finish, or cancel it. Your text stays here until then.");
  await box.press("Enter");
  await expect(box).toHaveValue("Make the header sticky");
  expect((await ipcCalls(page)).filter((c) => c.cmd === "generation_start")).toHaveLength(1);
  await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();

  await sendOnChannel(page, channel, [
    ev(0, { type: "set_code", path: "index.html", content: html }),
    ev(0, { type: "variant_complete", turns: 1, tool_calls: 1, duration_ms: 4_000 }),
  ]);
  await expect(page.getByTestId("prompt-held")).toHaveCount(0);
  await expect(box).toHaveValue("Make the header sticky");
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
});

test("a page being written follows in place: only the new part is added, where the designer scrolled stays; a page with scripts reloads", async ({ page }) => {
  nextEvent = 0;
  const previews = new Map<string, string>();
  // As the app serves a page: its bridge from the scheme, first thing in <head>.
  await page.route("**/__s2c/bridge.js", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: BRIDGE }));
  const section = (i: number) => `<section style="height:400px" data-part="${i}"><h2>Part ${i}</h2></section>`;
  const written = (parts: number, tail = "") =>
    `<!doctype html><html><head><script src="/__s2c/bridge.js"></script><title>Live</title></head><body>${Array.from({ length: parts }, (_, i) => section(i)).join("")}${tail}`;
  await startTwoVariants(page, previews);
  const channel = await channelOf(page, "generation_start");
  previews.set("live/7/0/index.html", written(4));
  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: written(4) }),
  ]);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.locator("[data-part]")).toHaveCount(4);
  const shown = async () => {
    const handle = await page.getByTestId("preview-frame").elementHandle();
    const inside = await handle.contentFrame();
    if (!inside) throw new Error("the preview has no page");
    return inside;
  };
  // A mark only this document holds, and a place scrolled to.
  await (await shown()).evaluate(() => {
    (window as unknown as { mark: number }).mark = 1;
    window.scrollTo(0, 500);
  });

  previews.set("live/7/0/index.html", written(7));
  await sendOnChannel(page, channel, [ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: section(4) + section(5) + section(6) })]);
  await expect(frame.locator("[data-part]")).toHaveCount(7);
  await expect(page.getByTestId("preview-frame-loading")).toHaveCount(0);
  const followed = await (await shown()).evaluate(() => ({ mark: (window as unknown as { mark?: number }).mark, y: window.scrollY, title: document.title }));
  expect(followed).toEqual({ mark: 1, y: 500, title: "Live" });

  // Under the code, the page waits; shown again, it follows what came meanwhile, in place.
  const tab = (name: string) => page.getByRole("tablist", { name: "View" }).getByRole("tab", { name });
  await tab("Code").click();
  // The view follows its tab a frame later: the page waits once the code is on show.
  await expect(page.locator(".cm-content")).toBeVisible();
  previews.set("live/7/0/index.html", written(8));
  await sendOnChannel(page, channel, [ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: section(7) })]);
  await expect(page.locator(".cm-content")).toContainText("Part 7");
  expect(await (await shown()).evaluate(() => document.querySelectorAll("[data-part]").length)).toBe(7);
  await tab("Desktop").click();
  await expect(frame.locator("[data-part]")).toHaveCount(8);
  expect(await (await shown()).evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);

  // Scripts of its own: the page is loaded again, so they run.
  const script = "<script>document.body.dataset.ran = 'yes'</script>";
  previews.set("live/7/0/index.html", written(7, script));
  await sendOnChannel(page, channel, [ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: script })]);
  await expect(frame.locator("body[data-ran=yes]")).toHaveCount(1);
  expect(await (await shown()).evaluate(() => (window as unknown as { mark?: number }).mark)).toBeUndefined();
});

test("while options write, their cards show the app's pictures of their pages and load no pages", async ({ page }) => {
  nextEvent = 0;
  const { channel, previews } = await generateTwo(page, { ...answers(), generation_start: { ...startedTwo(8), pictures: true } });
  const html = samplePage("Acme", "#4f46e5");
  for (const i of [0, 1]) previews.set(`live/8/${String(i)}/index.html`, html);
  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ev(0, { type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" }),
    ev(0, { type: "code_delta", call_id: "a", path: "index.html", text: html }),
    ev(1, { type: "tool_start", call_id: "b", name: "create_file", title: "Creating index.html" }),
    ev(1, { type: "code_delta", call_id: "b", path: "index.html", text: html }),
  ]);
  // The selected option's page fills the preview; the cards wait for their pictures.
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/);
  for (const i of [0, 1]) await expect(page.getByTestId(`variant-card-${String(i)}`).getByTestId("variant-picture-coming")).toHaveText("Preview on its way…");
  await emitEvent(page, "live-picture-ready", { project_id: "p1", generation_id: 8, index: 0, data_url: PIXEL_PNG });
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-picture")).toHaveAttribute("src", PIXEL_PNG);
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-picture-coming")).toHaveCount(0);
  await expect(page.getByTestId("variant-card-1").getByTestId("variant-picture-coming")).toBeVisible();
  // No card ever loaded a page of its own: the only frames are the preview's.
  await expect(page.getByTestId("card-live-page")).toHaveCount(0);
  await expect(page.locator('[data-testid^="variant-card-"] iframe')).toHaveCount(0);
});

test("a card's thumbnail lays out only the first screen of its page, the preview all of it", async ({ page }) => {
  // As the app serves it: the bridge first thing in <head>.
  const html = samplePage("Acme", "#4f46e5").replace("<head>", `<head><script>${BRIDGE}</script>`);
  await mockIpc(page, { ...answers(), project_versions: { current_version: 1, versions: [v1] }, project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }], project_open: { ...project, current_version: 1 } });
  await servePreviews(page, new Map([["p/p1/1/11/index.html", html]]));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  await previewsDrawn(page);
  const visibility = (frame: ReturnType<Page["frameLocator"]>) => frame.locator("body > *").first().evaluate((el) => getComputedStyle(el).contentVisibility);
  const thumbnail = page.frameLocator('iframe[title="Option 1 thumbnail"]');
  await expect(thumbnail.locator("style[data-s2c-thumbnail]")).toHaveCount(1);
  expect(await visibility(thumbnail)).toBe("auto");
  const preview = page.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.getByRole("heading").first()).toBeVisible();
  await expect(preview.locator("style[data-s2c-thumbnail]")).toHaveCount(0);
  expect(await visibility(preview)).toBe("visible");
});

test("an update sends the change with the selected version and variant", async ({ page }) => {
  const withBridge = samplePage("Acme", "#4f46e5").replace("</body>", `<script>${BRIDGE}</script></body>`);
  const previews = new Map<string, string>([["p/p1/1/11/index.html", withBridge]]);
  await mockIpc(page, { ...answers(), project_versions: { current_version: 1, versions: [v1] }, project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }], project_open: { ...project, current_version: 1 }, generation_start: { generation_id: 9, version_id: 3, variants: [{ index: 0, variant_id: 31, provider: "openai", model: "gpt-5" }] } });
  await servePreviews(page, previews);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/p\/p1\/1\/11\/index\.html$/);
  await previewsDrawn(page);
  await page.screenshot({ path: `${ART}/project.png` });

  // The Desktop preview lays the page out at 1280 px, fitted; 100 % shows it as a browser does
  // (and lets the test's clicks land: Playwright misplaces them in a scaled cross-origin frame).
  await expect(page.getByTestId("desktop-preview")).toHaveAttribute("data-page-width", "1280");
  await page.getByTestId("preview-zoom").click();
  await expect(page.getByTestId("preview-zoom")).toHaveText("100 %");

  // Select-and-edit: the page's bridge reports the clicked element by postMessage.
  await page.getByRole("button", { name: "Select an element in the preview" }).click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByRole("heading", { name: "Ship pages faster" }).hover();
  await expect(frame.locator("[data-s2c-overlay]")).toBeVisible();
  await page.screenshot({ path: `${ART}/select.png` });
  await frame.getByRole("heading", { name: "Ship pages faster" }).click();
  await expect(page.getByTestId("selected-element")).toContainText("body > section:nth-of-type(1) > h1");

  const box = page.getByLabel("Tell the AI what to change");
  await box.fill("Make the header sticky");
  await box.press("Shift+Enter");
  await box.pressSequentially("and darker");
  await box.press("Enter");
  await expect.poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "generation_start")?.args).toMatchObject({
    request: {
      source: {
        kind: "update",
        version_id: 1,
        variant_id: 11,
        change_request: "Make the header sticky\nand darker",
        selected_element: { html: "<h1>Ship pages faster</h1>", selector: "body > section:nth-of-type(1) > h1" },
        reference_input_ids: [],
      },
      models: ["openai:gpt-5"],
    },
  });
  await expect(page.getByTestId("history").getByText("Generating…")).toBeVisible();
});

test("the project view follows the dark theme", async ({ page }) => {
  const previews = new Map<string, string>([["p/p1/1/11/index.html", samplePage("Acme", "#4f46e5")]]);
  const events = [
    { seq: 1, kind: "thinking", at: 1000, payload: { event_id: 1, variant: 0, type: "thinking", text: "A hero, three cards." } },
    { seq: 2, kind: "assistant", at: 9000, payload: { event_id: 2, variant: 0, type: "assistant", text: "Built the page with a **sticky** header." } },
    { seq: 3, kind: "tool_start", at: 9100, payload: { event_id: 3, variant: 0, type: "tool_start", call_id: "a", name: "create_file", title: "Creating index.html" } },
    { seq: 4, kind: "tool_result", at: 20000, payload: { event_id: 4, variant: 0, type: "tool_result", call_id: "a", name: "create_file", ok: true, summary: "Wrote index.html", detail: { kind: "file_written", path: "index.html", bytes: 2400, lines: 24, replaced: false } } },
    { seq: 5, kind: "variant_complete", at: 34000, payload: { event_id: 5, variant: 0, type: "variant_complete", turns: 2, tool_calls: 1, duration_ms: 33000 } },
  ];
  await mockIpc(page, {
    ...answers(),
    settings_get: { settings: { ...settings, theme: "dark" }, warning: null },
    project_versions: { current_version: 1, versions: [v1] },
    project_events: events,
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now(), exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
  });
  await servePreviews(page, previews);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByText("Thought for 8s")).toBeVisible();
  await expect(page.getByText("Worked through 1 step in 33s")).toBeVisible();
  await page.getByRole("tab", { name: "Mobile" }).click();
  await previewsDrawn(page);
  await page.screenshot({ path: `${ART}/project-dark.png` });
});

test("without a Replicate key the start screen asks for no images and says why", async ({ page }) => {
  await mockIpc(page, {
    ...answers(),
    keys_status: [
      { provider: "openai", set: true },
      { provider: "replicate", set: false },
    ],
  });
  await page.goto("/");
  const toggle = page.getByRole("checkbox", { name: "Generate images" });
  await expect(toggle).toBeDisabled();
  await expect(page.getByText("Add a Replicate key in Settings → API keys")).toBeVisible();
  await page.getByLabel("…or describe the page").fill("A pricing page with three plans");
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "generation_start")).toBe(true);
  const start = (await ipcCalls(page)).find((c) => c.cmd === "generation_start");
  expect(start?.args).toMatchObject({ request: { generate_images: false } });
});
