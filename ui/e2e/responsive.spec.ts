// One page handed over at several widths (issue 37): the tray groups a desktop and a mobile
// screenshot of one page ("Home: desktop 1440, mobile 390"), the user regroups, the request
// carries the groups; a generated option shows its score at each width and the lowest, and the
// preview shows the page at each width, side by side when there is room, else one at a time.
import { expect, test } from "@playwright/test";
import { firstVersion, page as samplePage, scoreReport, startAnswers, startedTwo, variantInfo } from "./fixtures";
import { ipcCalls, mockIpc, servePreviews } from "./mockIpc";
import { openScoredProject, PAGE } from "./projectFixture";

const ART = "e2e/artifacts";

const width = (css: number, dpr = 1) => ({ pixels: css * dpr, dpr, css, breakpoint: css < 640 ? "mobile" : css < 1024 ? "tablet" : "desktop" });

test("the tray groups one page's widths, the user regroups, and Generate sends the groups", async ({ page }) => {
  await mockIpc(page, {
    ...startAnswers(),
    project_add_input_data: { __sequence: [1, 2, 3].map((id) => ({ id, path: `inputs/${String(id)}.png`, media_type: "image/png", size: 1000 })) },
    // Rust's answer: a 1440 desktop, a 390 phone captured at 3×, another page at 1280; the first two look alike.
    tray_widths: { widths: [width(1440), width(390, 3), width(1280)], groups: [[0, 1]] },
    generation_start: startedTwo(7),
  });
  await servePreviews(page, new Map());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.setContent(samplePage("Acme", "#4f46e5"));
  const shot = await page.screenshot();
  await page.goto("/");
  await page.getByTestId("file-input").setInputFiles([
    { name: "home-desktop.png", mimeType: "image/png", buffer: shot },
    { name: "home-mobile.png", mimeType: "image/png", buffer: shot },
    { name: "pricing.png", mimeType: "image/png", buffer: shot },
  ]);

  // The grouping as a designer says it, each screenshot's width under it.
  const tray = page.getByTestId("input-tray");
  const group = tray.getByTestId("input-group");
  await expect(group.getByTestId("input-group-label")).toHaveText("Home: desktop 1440, mobile 390");
  await expect(group.getByTestId("input-width")).toHaveText(["Desktop 1440", "Mobile 390 · 3×"]);
  await expect(tray.getByTestId("input-width")).toHaveCount(3);
  const asked = (await ipcCalls(page)).find((c) => c.cmd === "tray_widths")?.args as { images: { kind: string }[] };
  expect(asked.images.map((i) => i.kind)).toEqual(["data", "data", "data"]);
  await page.screenshot({ path: `${ART}/tray-grouped.png` });

  // The phone screenshot is pricing's, not home's: split it out, then join it to pricing.
  await group.getByRole("listitem").filter({ hasText: "home-mobile.png" }).getByRole("button", { name: "Separate page" }).click();
  await expect(tray.getByTestId("input-group")).toHaveCount(0);
  const mobile = tray.getByTestId("input-item").filter({ hasText: "home-mobile.png" });
  const choice = mobile.getByRole("combobox", { name: "Page of home-mobile.png" });
  await expect(choice.getByRole("option")).toHaveText(["Its own page", "Same page as home-desktop.png (desktop 1440)", "Same page as pricing.png (desktop 1280)"]);
  await choice.selectOption({ label: "Same page as pricing.png (desktop 1280)" });
  await expect(tray.getByTestId("input-group-label")).toHaveText("Pricing: desktop 1280, mobile 390");
  // A second desktop screenshot cannot join a page that has one.
  const desktop = tray.getByTestId("input-item").filter({ hasText: "home-desktop.png" });
  await expect(desktop.getByRole("combobox")).toHaveCount(0);
  await page.screenshot({ path: `${ART}/tray-regrouped.png` });

  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("landing");
  const start = (await ipcCalls(page)).find((c) => c.cmd === "generation_start")?.args as { request: { source: unknown } };
  expect(start.request.source).toEqual({
    kind: "screenshots",
    input_ids: [1, 2, 3],
    groups: [{ members: [{ input_id: 3, dpr: null }, { input_id: 2, dpr: null }] }],
  });
});

const widthScores = [
  { input_id: 1, width: width(1280), total: 93.4 },
  { input_id: 2, width: width(390, 3), total: 61.6 },
];

/** A project whose page was made from a desktop and a mobile screenshot, two options scored at each. */
async function openResponsiveProject(page: import("@playwright/test").Page, viewport: { width: number; height: number }) {
  const version = firstVersion([1, 2], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"]), variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])]);
  const mobileReport = { ...scoreReport(61.6), screenshot: { width: 390, height: 844 }, rendered: { width: 390, height: 900 } };
  await openScoredProject(
    page,
    {
      project_versions: { current_version: 1, versions: [version] },
      project_inputs: [
        { id: 1, path: "inputs/home-desktop.png", media_type: "image/png", size: 1000, width: 1280, height: 800 },
        { id: 2, path: "inputs/home-mobile.png", media_type: "image/png", size: 1000, width: 1170, height: 2532 },
      ],
      project_widths: [
        { input_id: 1, width: width(1280) },
        { input_id: 2, width: width(390, 3) },
      ],
      variant_scores: [
        { variant_id: 11, input_id: 2, total: 61.6, report: mobileReport, widths: widthScores },
        { variant_id: 12, input_id: 1, total: 80.2, report: scoreReport(80.2), widths: [{ ...widthScores[0], total: 80.2 }, { ...widthScores[1], total: 88 }] },
      ],
    },
    viewport,
  );
  await servePreviews(
    page,
    new Map([
      ["p/p1/1/11/index.html", PAGE],
      ["p/p1/1/12/index.html", PAGE],
    ]),
  );
}

test("an option's card and the fidelity panel show each width's score and the lowest", async ({ page }) => {
  await openResponsiveProject(page, { width: 1440, height: 900 });
  const card = page.getByTestId("variant-card-0");
  await expect(card.getByTestId("variant-score")).toHaveText("62");
  await expect(card.getByTestId("variant-width-scores").getByTestId("width-score")).toHaveText(["Desktop 93", "Mobile 62"]);
  await expect(card.locator('[data-lowest="true"]')).toHaveText("Mobile 62");
  await expect(page.getByTestId("variant-card-1").locator('[data-lowest="true"]')).toHaveText("Desktop 80");
  const button = page.getByTestId("fidelity-score");
  await expect(button).toContainText("Fidelity 62");
  await expect(button.getByTestId("width-score")).toHaveText(["Desktop 93", "Mobile 62"]);

  await button.click();
  const panel = page.getByTestId("fidelity-panel");
  await expect(panel.getByTestId("fidelity-total")).toHaveText("62");
  await expect(panel.getByTestId("fidelity-width")).toHaveText([/Desktop 1280\s*93/, /Mobile 390\s*62\s*lowest/]);
  await expect(panel.getByTestId("fidelity-widths")).toContainText("The differences below are at mobile 390.");
  await page.screenshot({ path: `${ART}/responsive-scores.png` });
});

test("the preview offers the input widths, side by side when the window is wide enough, else one at a time", async ({ page }) => {
  await openResponsiveProject(page, { width: 1600, height: 900 });
  // The Desktop width menu offers the screenshots' widths first.
  await page.getByTestId("preview-width").click();
  const menu = page.getByRole("menu", { name: "Page width" });
  await expect(menu.getByRole("menuitemradio").first()).toContainText("1280 px");
  await expect(menu.getByRole("menuitemradio").nth(1)).toContainText("390 pxmobile screenshot");
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Widths" }).click();
  const side = page.getByTestId("widths-side-by-side");
  await expect(side).toBeVisible();
  await expect(side.getByTestId("width-frame")).toHaveCount(2);
  await expect(side.getByTestId("width-caption")).toHaveText(["Desktop 1280· 93", "Mobile 390· 62 lowest"]);
  for (const i of [0, 1]) {
    await expect(side.getByTestId("width-frame").nth(i).frameLocator('[data-testid="preview-frame"]').getByText("Ship pages faster")).toBeVisible();
  }
  await page.screenshot({ path: `${ART}/responsive-widths-side.png` });

  // A narrow window: one width at a time, picked.
  await page.setViewportSize({ width: 640, height: 800 });
  const one = page.getByTestId("widths-one-at-a-time");
  await expect(one).toBeVisible();
  await expect(one.getByTestId("width-frame")).toHaveAttribute("data-page-width", "1280");
  await one.getByRole("radio", { name: /Mobile 390/ }).click();
  await expect(one.getByTestId("width-frame")).toHaveAttribute("data-page-width", "390");
  await expect(one.frameLocator('[data-testid="preview-frame"]').getByText("Ship pages faster")).toBeVisible();
  await page.screenshot({ path: `${ART}/responsive-widths-one.png` });
});

test("a page made from one screenshot has no Widths view", async ({ page }) => {
  await openScoredProject(page);
  await expect(page.getByRole("tab", { name: "Desktop" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Widths" })).toHaveCount(0);
  await expect(page.getByTestId("fidelity-score").getByTestId("width-score")).toHaveCount(0);
});
