// Colour editing a designer accepts (issue 31, point 5): the picker opens on the element's
// colour; hex with opacity, an opacity field, the page's colours and the recent ones; the system
// dialog opens on the current colour and applies what it returns; the eyedropper reads a pixel
// off the page. A picker session is one change in the undo history.
import { expect, test, type Page } from "@playwright/test";
import { ipcCalls, setAnswer } from "./mockIpc";
import { openScoredProject, previewFrame } from "./projectFixture";

const ART = "e2e/artifacts";

async function pickTheLink(page: Page) {
  await openScoredProject(page);
  await page.getByTestId("preview-zoom").click();
  await page.getByRole("button", { name: "Visual edit" }).click();
  const link = previewFrame(page).getByText("Get started");
  await link.click({ force: true });
  await expect(page.getByTestId("visual-targets")).toHaveText("<a>");
  return link;
}

const background = (el: import("@playwright/test").Locator) => el.evaluate((e) => getComputedStyle(e).backgroundColor);

test("hex with opacity, the opacity field, page colours and recent colours; one session is one change", async ({ page }) => {
  const link = await pickTheLink(page);
  await expect(page.getByTestId("color-value-Background")).toHaveText("#0F766E");
  await page.getByRole("button", { name: "Background", exact: true }).click();
  const picker = page.getByRole("dialog", { name: "Background picker" });
  const hex = picker.getByLabel("Background: hex or rgb");
  await expect(hex).toHaveValue("#0f766e");
  // The system dialog opens on the current colour.
  await expect(picker.getByLabel("Background: system colour dialog")).toHaveValue("#0f766e");

  await hex.fill("#16a34a80");
  await hex.press("Enter");
  await expect.poll(() => background(link)).toBe("rgba(22, 163, 74, 0.5)");
  await expect(picker.getByLabel("Background: opacity in percent")).toHaveValue("50");
  await picker.getByLabel("Background: opacity in percent").fill("25");
  await picker.getByLabel("Background: opacity in percent").press("Enter");
  await expect.poll(() => background(link)).toBe("rgba(22, 163, 74, 0.25)");
  await hex.fill("rgb(37, 99, 235)");
  await hex.press("Enter");
  await expect.poll(() => background(link)).toBe("rgb(37, 99, 235)");
  await hex.fill("blue-ish");
  await hex.press("Enter");
  await expect(picker.getByText(/Type a colour like #2563EB/)).toBeVisible();

  // The page's own colours.
  await picker.getByTestId("page-colors").getByRole("button", { name: "Background #e11d48" }).click();
  await expect.poll(() => background(link)).toBe("rgb(225, 29, 72)");
  await page.screenshot({ path: `${ART}/colour-picker.png` });
  await page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  // Escape closed the picker, not visual editing; the session was one change.
  await expect(page.getByRole("button", { name: "Save 1 change" })).toBeEnabled();

  // Recent colours, next time.
  await page.getByRole("button", { name: "Text colour", exact: true }).click();
  const recent = page.getByRole("dialog", { name: "Text colour picker" }).getByTestId("recent-colors");
  await expect(recent.getByRole("button", { name: "Text colour #e11d48" })).toBeVisible();
  await expect(recent.getByRole("button", { name: "Text colour #2563eb" })).toBeVisible();
  await page.keyboard.press("Escape");

  // Undo takes the whole session back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => background(link)).toBe("rgb(15, 118, 110)");
});

test("a drag in the square shows live and is one change; the system dialog's colour applies", async ({ page }) => {
  const link = await pickTheLink(page);
  await page.getByRole("button", { name: "Background", exact: true }).click();
  const square = page.getByRole("slider", { name: "Background: saturation and brightness" });
  const box = await square.boundingBox();
  if (!box) throw new Error("the square is shown");
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.1);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole("button", { name: "Save 1 change" })).toBeVisible();
  const dragged = await background(link);
  expect(dragged).not.toBe("rgb(15, 118, 110)");

  // What the system dialog returns (on `change`, as WebKitGTK's does) applies.
  // (The value is set as the browser sets it, past React's own tracking of the property.)
  await page.getByLabel("Background: system colour dialog").evaluate((input: HTMLInputElement) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "#7c3aed");
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await expect.poll(() => background(link)).toBe("rgb(124, 58, 237)");
  await expect(page.getByRole("button", { name: "Save 1 change" })).toBeVisible();
});

test("the eyedropper reads the pixel under a click off a render of the page, or the page's own colour", async ({ page }) => {
  await pickTheLink(page);
  // A render of the page at the preview's size, red where the swatch is.
  const render = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 1440;
    c.height = 900;
    const ctx = c.getContext("2d");
    if (!ctx) throw new Error("2d");
    ctx.fillStyle = "#f8fafc";
    ctx.fillRect(0, 0, 1440, 900);
    ctx.fillStyle = "#e11d48";
    ctx.fillRect(600, 400, 80, 80);
    return c.toDataURL("image/png");
  });
  await setAnswer(page, "preview_pixels", render);
  await page.getByRole("button", { name: "Background", exact: true }).click();
  await page.getByRole("button", { name: "Pick a colour from the page" }).click();
  await expect(page.getByText("Click the page…")).toBeVisible();
  const swatch = previewFrame(page).locator(".swatch");
  await swatch.click({ position: { x: 40, y: 40 }, force: true });
  await expect(page.getByTestId("color-value-Background")).toHaveText("#E11D48");
  const call = (await ipcCalls(page)).find((c) => c.cmd === "preview_pixels");
  expect(call?.args).toEqual({ projectId: "p1", versionId: 1, variantId: 11, width: 1440, height: 900 });
  // The click picked a colour, not the swatch: the link is still the one being edited.
  await expect(page.getByTestId("visual-targets")).toHaveText("<a>");

  // Without a render (no Chromium), the page's own colour there.
  await setAnswer(page, "preview_pixels", { __error: { code: "not_found", message: "the eyedropper reads the page with Chromium, which was not found" } });
  await page.getByRole("button", { name: "Pick a colour from the page" }).click();
  await previewFrame(page).getByRole("heading", { name: "Ship pages faster" }).click({ force: true });
  await expect(page.getByTestId("color-value-Background")).toHaveText("#F8FAFC");
});
