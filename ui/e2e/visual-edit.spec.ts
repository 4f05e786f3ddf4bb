// Visual editing against a routed preview running the real bridge: pick, change a margin and a
// colour (live in the page), multi-select, undo/redo, Save sends one batch, an unmappable
// element's error is shown; a page that forges picks and text gets nothing queued. While
// editing, a layer over the frame takes the pointer (the page cannot click), so clicks in the
// frame are made at the element's place with `force` (Playwright would otherwise wait for the
// element itself to receive them).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { appInfo, firstVersion, models, project, settings, variantInfo } from "./fixtures";
import { ipcCalls, mockIpc, previewsDrawn, servePreviews, setAnswer } from "./mockIpc";

const BRIDGE = readFileSync("../src-tauri/src/preview/bridge.js", "utf8");
const HASH = "abc123";
const PAGE = `<!doctype html><html data-s2c-node="0"><body data-s2c-node="1" style="margin:0;font-family:sans-serif">
<h1 data-s2c-node="2" class="text-slate-600 mt-2" style="color:#475569;margin-top:8px">Ship pages faster</h1>
<p data-s2c-node="3" class="mt-2" style="margin-top:8px;color:#111111">One</p>
<p data-s2c-node="4" class="mt-2" style="margin-top:8px;color:#111111">Two</p>
<script data-s2c-source="${HASH}">${BRIDGE}</script></body></html>`;

const v1 = firstVersion([], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);
const v2 = { ...v1, id: 2, parent_id: 1, kind: "manual_save", prompt: "Visual edit: 3 changes", selected_variant: 21, variants: [variantInfo(21, 2, 0, "gpt-5", "openai", "complete", ["index.html"])] };

async function openProject(page: Page, extra: Record<string, unknown> = {}, html = PAGE, fitted = false) {
  await mockIpc(page, {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: models,
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now() - 120_000, exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    project_versions: { current_version: 1, versions: [v1] },
    project_external_changes: [],
    project_events: [],
    project_version_thumbnails: [],
    project_variant_thumbnails: [],
    project_visual_edit: v2,
    ...extra,
  });
  await servePreviews(page, new Map([["p/p1/1/11/index.html", html]]));
  // Fitted: a window too small for the page at 100 %, so the preview is scaled down.
  await page.setViewportSize(fitted ? { width: 1000, height: 700 } : { width: 1440, height: 900 });
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();
  await previewsDrawn(page);
  // 100 %: Playwright misplaces its own element clicks in a scaled cross-origin frame.
  if (!fitted) await page.getByTestId("preview-zoom").click();
  await page.getByRole("button", { name: "Visual edit" }).click();
}

test("a margin and a colour change live, multi-select, undo/redo, and Save sends one batch", async ({ page }) => {
  await openProject(page);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const h1 = frame.getByRole("heading", { name: "Ship pages faster" });
  await h1.hover({ force: true });
  await expect(frame.locator("[data-s2c-overlay]").first()).toBeVisible();
  await h1.click({ force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("<h1>");
  await expect(page.getByLabel("Margin top")).toHaveValue("8px");

  await page.getByLabel("Margin top").fill("16");
  await page.getByLabel("Margin top").press("Enter");
  await expect.poll(() => h1.evaluate((el) => getComputedStyle(el).marginTop), { message: "the margin to show in the page" }).toBe("16px");
  await page.getByRole("button", { name: "Text colour", exact: true }).click();
  await page.getByLabel("Text colour: hex or rgb").fill("#1e293b");
  await page.getByLabel("Text colour: hex or rgb").press("Enter");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Text colour picker" })).toHaveCount(0);
  await expect(page.getByLabel("Properties")).toBeVisible();
  await expect.poll(() => h1.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(30, 41, 59)");
  await expect(page.getByRole("button", { name: "Save 2 changes" })).toBeEnabled();

  // Undo and redo, by button and by keyboard.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => h1.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(71, 85, 105)");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect.poll(() => h1.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(30, 41, 59)");
  await page.getByRole("button", { name: "Save 2 changes" }).focus();
  await page.keyboard.press("Control+z");
  await expect(page.getByRole("button", { name: "Save 1 change" })).toBeVisible();
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByRole("button", { name: "Save 2 changes" })).toBeVisible();

  // Shift-click picks several; one change applies to both.
  await frame.getByText("One").click({ force: true });
  await frame.getByText("Two").click({ modifiers: ["Shift"], force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("2 elements");
  await page.getByLabel("Padding left").fill("24");
  await page.getByLabel("Padding left").press("Enter");
  for (const text of ["One", "Two"]) {
    await expect.poll(() => frame.getByText(text).evaluate((el) => getComputedStyle(el).paddingLeft)).toBe("24px");
  }
  await setAnswer(page, "project_versions", { current_version: 2, versions: [v1, v2] });
  await page.getByRole("button", { name: "Save 4 changes" }).click();
  await expect
    .poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "project_visual_edit")?.args)
    .toEqual({
      projectId: "p1",
      baseVersionId: 1,
      variantId: 11,
      files: [
        {
          path: "index.html",
          source_hash: HASH,
          edits: [
            { target: { node: 2, loc: null, tag: "h1", class: "text-slate-600 mt-2", text: "Ship pages faster" }, change: { kind: "style", property: "margin_top", value: "16px" } },
            { target: { node: 2, loc: null, tag: "h1", class: "text-slate-600 mt-2", text: "Ship pages faster" }, change: { kind: "style", property: "color", value: "#1e293b" } },
            { target: { node: 3, loc: null, tag: "p", class: "mt-2", text: "One" }, change: { kind: "style", property: "padding_left", value: "24px" } },
            { target: { node: 4, loc: null, tag: "p", class: "mt-2", text: "Two" }, change: { kind: "style", property: "padding_left", value: "24px" } },
          ],
        },
      ],
    });
  await expect(page.getByTestId("history-row").first()).toContainText("Visual edit: 3 changes");
});

test("a change the source cannot take is explained and nothing is lost", async ({ page }) => {
  await openProject(page, {
    project_visual_edit: { __error: { code: "not_found", message: "this element cannot be found in index.html: it was made by a script, not written in the file" } },
  });
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByText("One").click({ force: true });
  await page.getByLabel("Margin bottom").fill("abc");
  await page.getByLabel("Margin bottom").press("Enter");
  await expect(page.getByRole("alert")).toContainText("type a number");
  await page.getByLabel("Margin bottom").fill("12");
  await page.getByLabel("Margin bottom").press("Enter");
  await page.getByRole("button", { name: "Save 1 change" }).click();
  await expect(page.getByRole("alert").first()).toContainText("made by a script");
  await expect(page.getByRole("button", { name: "Save 1 change" })).toBeEnabled();
});

// A project page (issue 33), as the preview serves it: every element the project writes is
// tagged with where (data-s2c-loc), and each module records its source's hash. The Card's
// elements are written in Card.tsx though the page is Home's; an icon a package draws (<svg>)
// has no tag, and picking it picks the element around it that the Card writes.
const PROJECT_PAGE = `<!doctype html><html><body style="margin:0;font-family:sans-serif">
<script>window.__s2c_sources = { "src/pages/Home.tsx": "aa11", "src/components/Card.tsx": "cd34" };</script>
<main data-s2c-loc="src/pages/Home.tsx:5:5" class="p-8" style="padding:32px">
<div data-s2c-loc="src/components/Card.tsx:6:5" class="rounded-lg p-4">
<h3 data-s2c-loc="src/components/Card.tsx:7:7" class="text-lg">Pro plan</h3>
<span data-s2c-loc="src/components/Card.tsx:8:7" class="inline-flex" style="padding:4px"><svg width="24" height="24" class="lucide"><rect width="24" height="24" fill="#f59e0b"></rect></svg></span>
</div></main>
<script data-s2c-source="">${BRIDGE}</script></body></html>`;

test("in a project, an element inside a component is edited in the component's file, at its place", async ({ page }) => {
  await openProject(page, {}, PROJECT_PAGE);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await frame.getByRole("heading", { name: "Pro plan" }).click({ force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("<h3>");
  await page.getByLabel("Margin top").fill("12");
  await page.getByLabel("Margin top").press("Enter");
  await frame.locator("svg.lucide").click({ force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("<span>");
  await page.getByLabel("Padding left").fill("16");
  await page.getByLabel("Padding left").press("Enter");
  await frame.locator("main").click({ force: true, position: { x: 4, y: 4 } });
  await expect(page.getByTestId("visual-targets")).toHaveText("<main>");
  await page.getByLabel("Padding top").fill("40");
  await page.getByLabel("Padding top").press("Enter");
  await expect(page.getByTestId("queued-changes")).toContainText("<h3> “Pro plan” in src/components/Card.tsx");
  await setAnswer(page, "project_versions", { current_version: 2, versions: [v1, v2] });
  await page.getByRole("button", { name: "Save 3 changes" }).click();
  await expect
    .poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "project_visual_edit")?.args)
    .toEqual({
      projectId: "p1",
      baseVersionId: 1,
      variantId: 11,
      files: [
        {
          path: "src/components/Card.tsx",
          source_hash: "cd34",
          edits: [
            { target: { node: null, loc: "src/components/Card.tsx:7:7", tag: "h3", class: "text-lg", text: "Pro plan" }, change: { kind: "style", property: "margin_top", value: "12px" } },
            { target: { node: null, loc: "src/components/Card.tsx:8:7", tag: "span", class: "inline-flex", text: "" }, change: { kind: "style", property: "padding_left", value: "16px" } },
          ],
        },
        {
          path: "src/pages/Home.tsx",
          source_hash: "aa11",
          edits: [{ target: { node: null, loc: "src/pages/Home.tsx:5:5", tag: "main", class: "p-8", text: "" }, change: { kind: "style", property: "padding_top", value: "40px" } }],
        },
      ],
    });
});

// The page's own script posts picks and text with no click: on load, and over and over. The UI
// takes a pick only as the answer to a real click on the frame, and text only after a real
// double-click; what a click does pick is listed, with its element and file, before Save.
const FORGER = `<!doctype html><html data-s2c-node="0"><body data-s2c-node="1" style="margin:0;font-family:sans-serif">
<h1 data-s2c-node="2" class="mt-2">Ship pages faster</h1>
<script data-s2c-source="${HASH}">${BRIDGE}</script>
<script>
  const forged = {
    key: 99, node: 0, source: "${HASH}", file: "app.js", tag: "script", class: "", text: "x",
    editable_text: true, styles: {},
  };
  window.__forged = 0;
  const forge = () => {
    window.__forged += 1;
    parent.postMessage({ type: "s2c-pick", additive: false, element: forged, palette: [] }, "*");
    parent.postMessage({ type: "s2c-text", key: 99, text: "alert(document.domain)" }, "*");
  };
  forge();
  window.__forging = setInterval(forge, 50);
  addEventListener("message", (e) => {
    if (e.data && e.data.type === "stop-forging") clearInterval(window.__forging);
  });
</script></body></html>`;

test("a page that forges picks and text gets nothing queued; a real click is listed before Save", async ({ page }) => {
  await openProject(page, {}, FORGER);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  await expect(frame.getByRole("heading", { name: "Ship pages faster" })).toBeVisible();
  const body = frame.locator("body");
  await expect
    .poll(() => body.evaluate(() => (window as unknown as { __forged: number }).__forged), { message: "the page to forge a few dozen messages" })
    .toBeGreaterThan(20);
  await expect(page.getByTestId("visual-targets")).toHaveText("Click an element · Shift-click adds");
  await expect(page.getByRole("button", { name: /^Save/ })).toBeDisabled();
  await expect(page.getByTestId("queued-changes")).toHaveCount(0);

  // A real click picks the element under the pointer.
  await body.evaluate(() => {
    window.postMessage({ type: "stop-forging" }, "*");
  });
  await frame.getByRole("heading", { name: "Ship pages faster" }).click({ force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("<h1>");
  await page.getByLabel("Margin top").fill("16");
  await page.getByLabel("Margin top").press("Enter");
  await expect(page.getByTestId("queued-changes")).toHaveText(/margin-top: 16px\s*<h1> “Ship pages faster” in index\.html/);
});

test("on a Desktop preview fitted to the pane, a click picks the element under the pointer", async ({ page }) => {
  await openProject(page, {}, PAGE, true);
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const two = frame.getByText("Two");
  await expect(two).toBeVisible();
  const scale = Number(await page.getByTestId("desktop-preview").getAttribute("data-scale"));
  expect(scale, "the page is shown scaled down").toBeLessThan(0.9);
  // Where a person sees "Two": its place in the page, scaled, from the frame's corner.
  const inPage = await two.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + 10, y: r.top + r.height / 2 };
  });
  const box = await page.getByTestId("preview-frame").boundingBox();
  if (!box) throw new Error("the preview frame has no box");
  await page.mouse.click(box.x + inPage.x * scale, box.y + inPage.y * scale);
  await expect(page.getByTestId("visual-targets")).toHaveText("<p>");
  await page.getByLabel("Margin top").fill("20");
  await page.getByLabel("Margin top").press("Enter");
  await expect(page.getByTestId("queued-changes")).toHaveText(/<p> “Two”/);
});

