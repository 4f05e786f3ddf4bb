// A score a designer can trust and act on (issue 31, point 7): the number coloured by its
// grade, the same number everywhere; each difference named by its element; clicking one points
// it out in the preview and on the screenshot; the comparison view overlays, onion-skins and
// slides, zoomable.
import { expect, test } from "@playwright/test";
import { scoreReport } from "./fixtures";
import { emitEvent, setAnswer } from "./mockIpc";
import { openScoredProject, previewFrame } from "./projectFixture";

const ART = "e2e/artifacts";

test("the score is coloured by grade and shown one way", async ({ page }) => {
  await openScoredProject(page);
  const button = page.getByTestId("fidelity-score");
  await expect(button).toHaveText("Fidelity 87");
  await expect(button).toHaveClass(/text-amber-700/);
  await expect(button).toHaveAttribute("title", /Some differences/);
  // A better score arrives (a hand edit was scored in the background): green; a poor one: red.
  for (const [total, tone] of [[95.2, /text-emerald-700/], [61, /text-red-700/]] as const) {
    await setAnswer(page, "variant_scores", [{ variant_id: 11, input_id: 1, total, report: scoreReport(total) }]);
    await emitEvent(page, "variant-scored", { project_id: "p1", version_id: 1, variant_id: 11, total });
    await expect(button).toHaveText(`Fidelity ${String(Math.round(total))}`);
    await expect(button).toHaveClass(tone);
  }
});

test("each difference is named by its element and points it out in the preview and on the screenshot", async ({ page }) => {
  await openScoredProject(page);
  await page.getByTestId("fidelity-score").click();
  const panel = page.getByTestId("fidelity-panel");
  await expect(panel.getByTestId("fidelity-total")).toHaveText("87");
  const differences = panel.getByTestId("fidelity-difference");
  await expect(differences).toHaveCount(2);
  await expect(differences.nth(0)).toContainText("The link “Get started”");
  await expect(differences.nth(0)).toContainText("background #0f766e instead of background #4f46e5");
  // Not named by an element: where it is.
  await expect(differences.nth(1)).toContainText("Near the top right of the page");
  await expect(differences.nth(1)).toContainText("missing");

  await differences.nth(0).click();
  // In the preview: the page draws a box at the place (page px) and scrolls to it.
  const mark = previewFrame(page).locator("[data-s2c-highlight]");
  await expect(mark).toBeVisible();
  await expect
    .poll(() => mark.evaluate((el) => [el.style.left, el.style.top, el.style.width, el.style.height].join(" ")))
    .toBe("48px 330px 150px 50px");
  // On the screenshot: its outline stands out.
  await expect(panel.getByTestId("region-boxes-screenshot").locator('rect[data-selected="true"]')).toHaveAttribute("x", "48");
  await page.screenshot({ path: `${ART}/fidelity-panel.png` });
  // Clicking it again lets go.
  await differences.nth(0).click();
  await expect(mark).toBeHidden();
});

test("the comparison view lays the page over the screenshot, slides, zooms and follows the differences", async ({ page }) => {
  await openScoredProject(page);
  await page.getByTestId("fidelity-score").click();
  await page.getByTestId("fidelity-compare").click();
  const dialog = page.getByRole("dialog", { name: "Compare with the screenshot" });
  await expect(dialog.getByRole("img", { name: "The screenshot" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "The page as rendered for the score" })).toBeVisible();
  await expect(dialog.getByTestId("compare-canvas")).toHaveAttribute("data-mode", "side");

  await dialog.getByRole("tab", { name: "Overlay" }).click();
  const page50 = dialog.getByTestId("compare-stack").locator("div[style*='opacity']");
  await expect(page50).toHaveCSS("opacity", "0.5");
  await dialog.getByLabel("The page's opacity").fill("80");
  await expect(page50).toHaveCSS("opacity", "0.8");

  await dialog.getByRole("tab", { name: "Slider" }).click();
  await dialog.getByLabel(/Slider: the page on the left/).fill("30");
  await expect(dialog.getByTestId("compare-stack").locator("div[style*='clip-path']")).toHaveAttribute("style", /inset\(0px 70% 0px 0px\)|inset\(0 70% 0 0\)/);

  const zoom = dialog.getByTestId("compare-zoom");
  await expect(zoom).toHaveText(/^Fit \d+ %$/);
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await expect(zoom).not.toHaveText(/^Fit/);
  await zoom.click();
  await expect(zoom).toHaveText(/^Fit/);

  await dialog.getByRole("list", { name: "Differences" }).getByRole("button", { name: /The link “Get started”/ }).click();
  await expect(dialog.locator('rect[data-selected="true"]').first()).toBeVisible();
  await dialog.getByRole("tab", { name: "Differences" }).click();
  await expect(dialog.getByRole("img", { name: "The screenshot, the page and where they differ" })).toBeVisible();
  await page.screenshot({ path: `${ART}/compare.png` });
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});
