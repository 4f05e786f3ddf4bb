// A working view that fits (issue 31, point 10): at 900 × 600 nothing collides and the side
// panels make room; the code sits beside the preview and packed CSS is laid out for reading;
// Ctrl+S without a change makes no version; Restore and Retry are labelled buttons.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { firstVersion, PIXEL_PNG, variantInfo } from "./fixtures";
import { ipcCalls, settle } from "./mockIpc";
import { openScoredProject, v1 } from "./projectFixture";

const ART = "e2e/artifacts";

/** Every pair of the visible children of `row` that overlap (by more than a pixel). */
async function collisions(row: Locator): Promise<string[]> {
  return row.evaluate((el) => {
    const items = [...el.querySelectorAll<HTMLElement>("button, [role=tablist], [data-testid=preview-size]")].filter((b) => b.offsetParent !== null && !b.closest("[role=menu]"));
    const boxes = items.map((b) => ({ name: (b.getAttribute("aria-label") ?? b.textContent).trim().slice(0, 30), r: b.getBoundingClientRect() }));
    const found: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (!a || !b) continue;
        if (a.r.width === 0 || b.r.width === 0) continue;
        const contains = items[i]?.contains(items[j] ?? null) || items[j]?.contains(items[i] ?? null);
        const overlap = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 1 && Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 1;
        if (overlap && !contains) found.push(`${a.name} × ${b.name}`);
      }
    }
    return found;
  });
}

async function noneCut(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) =>
    els.filter((e) => e instanceof HTMLElement && e.offsetParent !== null && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth)).map((e) => e.textContent.trim().slice(0, 40)),
  );
}

test("at 900 × 600 the panels make room and nothing collides", async ({ page }) => {
  const two = { ...v1, variants: [...v1.variants, variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])] };
  await openScoredProject(page, { project_versions: { current_version: 1, versions: [two] } }, { width: 900, height: 600 });
  // Narrow: both side panels start closed; the preview has the room.
  await expect(page.getByRole("navigation", { name: "History" })).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Activity" })).toHaveCount(0);
  const preview = await page.getByTestId("desktop-preview").boundingBox();
  expect(preview?.width).toBeGreaterThan(800);
  expect(preview?.height).toBeGreaterThan(300);
  // Short: the cards keep to one line.
  expect((await page.getByTestId("variant-card-0").boundingBox())?.height ?? 999).toBeLessThan(90);
  await expect.poll(() => collisions(page.getByRole("region", { name: "Selected variant" }).locator("> div").first())).toEqual([]);
  await expect.poll(() => collisions(page.locator("header").first())).toEqual([]);
  expect(await noneCut(page, "header button, section[aria-label='Selected variant'] button")).toEqual([]);
  await page.screenshot({ path: `${ART}/working-900.png` });

  // One side panel at a time: opening the history closes the activity and the other way round.
  await page.getByRole("button", { name: "Show the history" }).click();
  await expect(page.getByRole("navigation", { name: "History" })).toBeVisible();
  await page.getByRole("button", { name: "Show the activity" }).click();
  await expect(page.getByRole("complementary", { name: "Activity" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "History" })).toHaveCount(0);
  await expect.poll(() => collisions(page.getByRole("region", { name: "Selected variant" }).locator("> div").first())).toEqual([]);
  await page.getByRole("button", { name: "Hide the side panel" }).click();
  await expect(page.getByRole("complementary", { name: "Activity" })).toHaveCount(0);

  // The fidelity panel in a narrow window: the history makes way.
  await page.getByRole("button", { name: "Show the history" }).click();
  await page.getByTestId("fidelity-score").click();
  await expect(page.getByTestId("fidelity-panel")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "History" })).toHaveCount(0);
  await expect.poll(() => collisions(page.getByRole("region", { name: "Selected variant" }).locator("> div").first())).toEqual([]);
  await page.screenshot({ path: `${ART}/working-900-fidelity.png` });
});

test("wide, the panels are where the designer left them", async ({ page }) => {
  await openScoredProject(page);
  await expect(page.getByRole("navigation", { name: "History" })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Activity" })).toBeVisible();
  await page.getByRole("button", { name: "Hide the history" }).click();
  await page.reload();
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByTestId("fidelity-score")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "History" })).toHaveCount(0);
  await expect(page.getByRole("complementary", { name: "Activity" })).toBeVisible();
});

test("the code sits beside the preview, packed CSS is laid out, and Ctrl+S without a change saves nothing", async ({ page }) => {
  await openScoredProject(page);
  await page.getByRole("button", { name: "Code beside" }).click();
  const beside = page.getByTestId("code-beside");
  await expect(beside).toBeVisible();
  await expect(page.getByTestId("desktop-preview")).toBeVisible();
  const [p, c] = await Promise.all([page.getByTestId("desktop-preview").boundingBox(), beside.boundingBox()]);
  expect(p && c && p.x + p.width <= c.x + 1).toBe(true);
  await expect(beside.getByTestId("css-formatted")).toHaveText("CSS laid out for reading");
  await expect(beside.locator(".cm-content")).toContainText("  .hero {");
  await expect(beside.locator(".cm-line").filter({ hasText: /^\s+padding:40px 48px$/ })).toHaveCount(1);
  await page.screenshot({ path: `${ART}/code-beside.png` });

  await beside.locator(".cm-content").click();
  await page.keyboard.press("Control+s");
  await expect(page.getByText("No changes to save")).toBeVisible();
  expect((await ipcCalls(page)).some((c) => c.cmd === "project_save_file")).toBe(false);
  // It stays beside the preview next time.
  await page.reload();
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByTestId("code-beside")).toBeVisible();
});

test("Restore and Retry are labelled buttons", async ({ page }) => {
  const v2 = { ...firstVersion([], [variantInfo(21, 2, 0, "gpt-5", "openai", "complete", ["index.html"])]), id: 2, parent_id: 1, kind: "manual_save", prompt: "Saved index.html", selected_variant: 21 };
  await openScoredProject(page, { project_versions: { current_version: 2, versions: [v1, v2] }, project_restore: { ...v1, id: 3, kind: "restore", parent_id: 2 } });
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(2);
  // The version on screen shows its actions as words; v1 is not the working copy: Restore.
  await rows.filter({ hasText: "v1" }).getByRole("button", { name: /v1/ }).first().click();
  const restore = page.getByRole("button", { name: "Restore v1" });
  await expect(restore).toBeVisible();
  await expect(restore).toHaveText("Restore");
  await expect(page.getByRole("button", { name: "Retry v1" })).toHaveText("Retry");
  await restore.click();
  await expect.poll(async () => (await ipcCalls(page)).find((c) => c.cmd === "project_restore")?.args).toEqual({ projectId: "p1", versionId: 1, variantId: null });
});

test("Desktop, Mobile and Code show the same loaded page: switching loads nothing again, and an unsaved edit in the code waits", async ({ page }) => {
  await openScoredProject(page);
  const shown = async () => {
    const inside = await (await page.getByTestId("preview-frame").elementHandle()).contentFrame();
    if (!inside) throw new Error("the preview has no page");
    return inside;
  };
  // A mark only this document holds.
  await (await shown()).evaluate(() => {
    (window as unknown as { mark: number }).mark = 1;
  });
  const marked = async () => (await shown()).evaluate(() => (window as unknown as { mark?: number }).mark);
  const tab = (name: string) => page.getByRole("tablist", { name: "View" }).getByRole("tab", { name });

  await tab("Mobile").click();
  await expect(page.getByTestId("mobile-preview")).toBeVisible();
  expect((await page.getByTestId("preview-frame").boundingBox())?.width).toBe(390);
  expect(await marked()).toBe(1);

  await tab("Code").click();
  const editor = page.locator(".cm-content");
  await expect(editor).toBeVisible();
  await expect(page.getByTestId("preview-frame")).toBeHidden();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("<!-- kept -->");

  await tab("Desktop").click();
  await expect(page.getByTestId("preview-frame")).toBeVisible();
  await expect(editor).toBeHidden();
  expect(await marked()).toBe(1);
  // Hidden, the code keeps its layout, so showing it again only paints it (PERFORMANCE.md,
  // "Ninth pass"), and the preview beneath still takes the pointer.
  expect((await page.locator(".cm-editor").boundingBox())?.height ?? 0).toBeGreaterThan(100);
  const beneath = await page.getByTestId("preview-frame").boundingBox();
  if (!beneath) throw new Error("the preview has no box");
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute("data-testid") ?? null, { x: beneath.x + beneath.width / 2, y: beneath.y + beneath.height / 2 });
  expect(hit).toBe("preview-frame");

  await tab("Code").click();
  await expect(editor).toContainText("<!-- kept -->");
});

test("an unsaved edit stays with the option it was made in: another option's code shows its own file", async ({ page }) => {
  const two = { ...v1, variants: [...v1.variants, variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])] };
  await openScoredProject(page, { project_versions: { current_version: 1, versions: [two] } });
  await page.getByRole("tablist", { name: "View" }).getByRole("tab", { name: "Code" }).click();
  const editor = page.locator(".cm-content");
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("<!-- only in option 1 -->");
  await expect(page.getByText("Unsaved")).toBeVisible();

  await page.getByTestId("variant-card-1").click();
  await expect(page.getByTestId("variant-card-1")).toHaveAttribute("aria-selected", "true");
  await expect(editor).toBeVisible();
  await expect(editor).not.toContainText("only in option 1");
  await expect(page.getByText("Unsaved")).toHaveCount(0);
});

test("a stored project's options show their pictures on their cards and load no page for them", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/__preview/")) requested.push(new URL(r.url()).pathname);
  });
  const two = { ...v1, variants: [...v1.variants, variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])] };
  // The pictures are asked for and answered late: until then a finished card waits.
  await openScoredProject(page, { project_versions: { current_version: 1, versions: [two] }, project_variant_thumbnails: { __deferred: true } });
  // Option 2's own address is known (the card could load its page now), and it is not loaded.
  await expect.poll(async () => (await ipcCalls(page)).some((c) => c.cmd === "preview_url" && (c.args as { variantId?: number }).variantId === 12)).toBe(true);
  // Its answer is in and drawn two frames later.
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  expect(await page.getByTestId("variant-card-1").getByTestId("card-live-page").count()).toBe(0);
  await settle(page, "project_variant_thumbnails", [
    { variant_id: 11, data_url: PIXEL_PNG },
    { variant_id: 12, data_url: PIXEL_PNG },
  ]);
  for (const i of [0, 1]) {
    await expect(page.getByTestId(`variant-card-${String(i)}`).getByTestId("variant-picture")).toBeVisible();
    await expect(page.getByTestId(`variant-card-${String(i)}`).getByTestId("card-live-page")).toHaveCount(0);
  }
  // Only the page on show was loaded: option 2's was never asked for.
  expect(requested.filter((p) => p.includes("/1/12/"))).toEqual([]);
  expect(requested.filter((p) => p.includes("/1/11/")).length).toBeGreaterThan(0);
});
