import { expect, test, type Page } from "@playwright/test";
import { appInfo, firstVersion, project, settings, variantInfo } from "./fixtures";
import { ipcCalls, mockIpc, servePreviews } from "./mockIpc";

const LINK = "https://www.figma.com/design/AbC123xyz/Marketing-site?node-id=1-2&t=abc";
// A 1×1 PNG: the frame's thumbnail as Rust sends it.
const THUMB = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function answers(figmaImport: unknown) {
  return {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings, warning: null },
    models_available: [],
    keys_status: [
      { provider: "openai", set: true },
      { provider: "figma", set: true },
    ],
    figma_peek: { file_name: "Marketing site", node_name: "Pricing", kind: "FRAME", is_frame: true, width: 1440, height: 900, thumbnail: THUMB },
    project_discard: null,
    project_list_recent: [],
    project_create: { id: "p7", name: "figma-frame", path: "/p/figma-frame", created_at: null, current_version: null },
    figma_import: figmaImport,
    generation_start: { generation_id: 1, version_id: 1, variants: [{ index: 0, variant_id: 1, provider: "openai", model: "gpt-5" }] },
    project_versions: { current_version: null, versions: [] },
    project_external_changes: [],
  };
}

const imported = {
  image: { id: 5, path: "inputs/Pricing@2x.png", media_type: "image/png", size: 2000 },
  reference: { id: 6, path: "inputs/Pricing@1x.png", media_type: "image/png", size: 900 },
  design: { id: 7, path: "inputs/Pricing.figma.json", media_type: "application/json", size: 400 },
  dpr: 2,
  file_name: "Marketing site",
  tokens: { frame_name: "Pricing", width: 1440, height: 900, colors: [], text_styles: [], radii: [], gaps: [], paddings: [], texts: [] },
  thumbnail: THUMB,
};

async function paste(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test("a pasted Figma link becomes the input: imported on Generate, the frame is the source", async ({ page }) => {
  await mockIpc(page, answers(imported));
  await page.goto("/");
  await paste(page, "https://www.figma.com/design/AbC123xyz/Name");
  await expect(page.getByTestId("selection-message")).toContainText("no node-id");
  await paste(page, LINK);
  const tray = page.getByTestId("input-tray");
  // Before anything is imported or paid for: the frame's name, kind, size, file and picture.
  await expect(tray).toContainText("Pricing");
  await expect(tray.getByTestId("input-detail")).toHaveText("Frame · 1440 × 900 · Marketing site");
  await expect(tray.getByTestId("input-thumb").locator("img")).toHaveAttribute("src", THUMB);
  await expect(tray.getByTestId("input-thumb")).toHaveAttribute("data-kind", "figma");
  await expect(tray.getByTestId("input-badge")).toHaveText("Figma");
  expect((await ipcCalls(page)).filter((c) => c.cmd === "figma_peek").map((c) => c.args)).toEqual([{ url: LINK }]);
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("figma-frame");
  const calls = await ipcCalls(page);
  expect(calls.find((c) => c.cmd === "figma_import")?.args).toEqual({ projectId: "p7", url: LINK });
  expect(calls.find((c) => c.cmd === "generation_start")?.args).toMatchObject({
    request: { source: { kind: "figma", input_id: 5, design_input_id: 7, reference_input_id: 6, dpr: 2 } },
  });
});

test("the Figma field says why an import failed", async ({ page }) => {
  await mockIpc(page, answers({ __error: { code: "forbidden", message: "Figma refused the request (HTTP 403: Invalid token): check the token in Settings → API keys" } }));
  await page.goto("/");
  await page.getByRole("button", { name: "Figma frame…" }).click();
  const field = page.getByLabel("Figma frame link");
  await field.fill(LINK);
  await field.press("Enter");
  await expect(page.getByTestId("input-tray")).toContainText("Pricing");
  await page.getByRole("button", { name: /Generate/ }).click();
  // Figma's own words, once, without a second "Figma:" in front.
  await expect(page.getByTestId("generate-error")).toHaveText("Figma refused the request (HTTP 403: Invalid token): check the token in Settings → API keys");
  const calls = await ipcCalls(page);
  expect(calls.some((c) => c.cmd === "generation_start")).toBe(false);
  // No ghost: the project made for it is discarded.
  expect(calls.find((c) => c.cmd === "project_discard")?.args).toEqual({ projectId: "p7" });
  // Removing the link clears what was said about it.
  await page.getByTestId("input-tray").getByRole("button", { name: "Remove Pricing" }).click();
  await expect(page.getByTestId("generate-error")).toHaveCount(0);
});

test("a link to a layer that is not a frame says so before anything is spent, and Generate waits", async ({ page }) => {
  await mockIpc(page, {
    ...answers(imported),
    figma_peek: { file_name: "Marketing site", node_name: "Headline", kind: "TEXT", is_frame: false, width: 320, height: 48, thumbnail: null },
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Figma frame…" }).click();
  await expect(page.getByText("In Figma, right-click a frame → Copy link. The app shows the frame before anything is imported.")).toBeVisible();
  const field = page.getByLabel("Figma frame link");
  await field.fill("https://www.figma.com/design/AbC123xyz/Name");
  await field.press("Enter");
  await expect(page.getByTestId("selection-message")).toContainText("no node-id");
  // Emptying the field takes its message away.
  await field.fill("");
  await expect(page.getByTestId("selection-message")).toHaveCount(0);
  await field.fill(LINK);
  await field.press("Enter");
  const tray = page.getByTestId("input-tray");
  await expect(tray.getByTestId("input-problem")).toHaveText("“Headline” is a text layer, not a frame. In Figma, right-click a frame → Copy link.");
  await expect(tray.getByTestId("input-detail")).toHaveText("A text layer · 320 × 48 · Marketing site");
  await expect(page.getByRole("button", { name: /Generate/ })).toBeDisabled();
  await page.screenshot({ path: "test-results/figma-not-a-frame.png" });
  const calls = (await ipcCalls(page)).map((c) => c.cmd);
  expect(calls).not.toContain("project_create");
  expect(calls).not.toContain("figma_import");
});

test("a video shows its first frame and its length in the tray", async ({ page }) => {
  await mockIpc(page, answers(imported));
  await page.goto("/");
  // A tiny WebM made by the browser itself: MediaRecorder over a canvas.
  const webm = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    for (let i = 0; i < 8; i++) {
      ctx.fillStyle = `rgb(${i * 30}, 80, 200)`;
      ctx.fillRect(0, 0, 64, 48);
      await new Promise((r) => setTimeout(r, 50));
    }
    recorder.stop();
    await done;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    return Array.from(bytes);
  });
  await page.getByTestId("file-input").setInputFiles({ name: "clip.webm", mimeType: "video/webm", buffer: Buffer.from(webm) });
  const thumb = page.getByTestId("input-tray").getByTestId("input-thumb");
  await expect(thumb).toHaveAttribute("data-kind", "video");
  await expect(thumb.locator("video")).toHaveCount(1);
  await expect(thumb.getByTestId("input-badge")).toHaveText(/^Video/);
});

test("the history shows a version was made from a Figma frame, stored in the project's inputs", async ({ page }) => {
  const version = firstVersion([5, 7, 6], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"])]);
  await mockIpc(page, {
    ...answers(imported),
    project_list_recent: [{ id: project.id, name: project.name, path: project.path, opened_at: Date.now(), exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    project_versions: { current_version: 1, versions: [version] },
    project_inputs: [imported.image, imported.design, imported.reference],
    project_events: [],
    project_read_file: { path: "index.html", text: "<h1>Hi</h1>", size: 11 },
  });
  await servePreviews(page, new Map([["11", "<h1>Hi</h1>"]]));
  await page.goto("/");
  await page.getByRole("button", { name: `Open ${project.name}` }).click();
  const kind = page.getByTestId("history").getByTestId("history-input-kind");
  await expect(kind).toHaveAttribute("data-kind", "figma");
  await expect(kind).toHaveAttribute("title", "Made from: Figma");
});
