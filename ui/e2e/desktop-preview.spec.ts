// Desktop means desktop (issue 31, point 6): the page is laid out on the screenshot's screen
// (1440 × 900 here, as the fidelity check renders it), scaled to fit the pane, with its size and
// zoom shown; the designer picks another width (remembered) and zooms.
import { expect, test } from "@playwright/test";
import { openScoredProject, previewFrame } from "./projectFixture";

test("the page is laid out at the screenshot's width and fitted to the pane", async ({ page }) => {
  await openScoredProject(page);
  const preview = page.getByTestId("desktop-preview");
  await expect(preview).toHaveAttribute("data-page-width", "1440");
  await expect(preview).toHaveAttribute("data-page-height", "900");
  // The page inside really is 1440 px wide: a desktop layout, not the pane's width.
  await expect.poll(() => previewFrame(page).locator("body").evaluate(() => [window.innerWidth, window.innerHeight].join("×"))).toBe("1440×900");
  const scale = Number(await preview.getAttribute("data-scale"));
  expect(scale).toBeGreaterThan(0.3);
  expect(scale).toBeLessThan(1);
  // The screen fits the pane both ways.
  const pane = await preview.boundingBox();
  const frame = await page.getByTestId("preview-frame").boundingBox();
  if (!pane || !frame) throw new Error("laid out");
  expect(frame.width).toBeLessThanOrEqual(pane.width + 1);
  expect(frame.height).toBeLessThanOrEqual(pane.height + 1);
  expect(Math.round(frame.width)).toBe(Math.round(1440 * scale));
  await expect(page.getByTestId("preview-width")).toHaveText(/1440 × 900/);
  await expect(page.getByTestId("preview-zoom")).toHaveText(`Fit ${String(Math.round(scale * 100))} %`);
});

test("another width is picked (and remembered), the zoom steps and fits again", async ({ page }) => {
  await openScoredProject(page);
  await page.getByTestId("preview-width").click();
  const menu = page.getByRole("menu", { name: "Page width" });
  await expect(menu.getByRole("menuitemradio").first()).toContainText("1440 px");
  await expect(menu.getByRole("menuitemradio").first()).toContainText("the screenshot");
  await menu.getByRole("menuitemradio", { name: /1280 px/ }).click();
  const preview = page.getByTestId("desktop-preview");
  await expect(preview).toHaveAttribute("data-page-width", "1280");
  await expect(preview).toHaveAttribute("data-page-height", "800");
  await expect.poll(() => previewFrame(page).locator("body").evaluate(() => window.innerWidth)).toBe(1280);

  // A width of one's own; a bad one is explained.
  await page.getByTestId("preview-width").click();
  await menu.getByLabel("Custom width in px").fill("12");
  await menu.getByRole("button", { name: "Set" }).click();
  await expect(menu.getByText("Type a width from 320 to 3840 px.")).toBeVisible();
  await menu.getByLabel("Custom width in px").fill("1366");
  await menu.getByRole("button", { name: "Set" }).click();
  await expect(preview).toHaveAttribute("data-page-width", "1366");

  // Zoom: − and + step from what is on screen, the percentage goes to 100 % and back to Fit.
  const zoom = page.getByTestId("preview-zoom");
  const fit = Number(await preview.getAttribute("data-scale"));
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(async () => Number(await preview.getAttribute("data-scale"))).toBeGreaterThan(fit);
  await zoom.click();
  await expect(zoom).toHaveText(/^Fit/);
  await zoom.click();
  await expect(zoom).toHaveText("100 %");
  await expect(preview).toHaveAttribute("data-scale", "1.000");
  await page.keyboard.press("Shift+1");
  await expect(zoom).toHaveText(/^Fit/);
  await page.keyboard.press("Shift+0");
  await expect(zoom).toHaveText("100 %");
  // The − and + keys step too (the toolbar drops its − and + buttons when it is short of room).
  await page.keyboard.press("-");
  await expect.poll(async () => Number(await preview.getAttribute("data-scale"))).toBeLessThan(1);
  await page.keyboard.press("+");
  await expect(preview).toHaveAttribute("data-scale", "1.000");

  // The width is the project's: it is there after a reload.
  await page.reload();
  await page.getByRole("button", { name: "Open landing" }).click();
  await expect(page.getByTestId("desktop-preview")).toHaveAttribute("data-page-width", "1366");
  // Back to the screenshot's.
  await page.getByTestId("preview-width").click();
  await page.getByRole("menuitemradio", { name: /1440 px/ }).click();
  await expect(page.getByTestId("desktop-preview")).toHaveAttribute("data-page-width", "1440");
});
