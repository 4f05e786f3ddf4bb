// What the window costs to draw while options write. Without a GPU, WebKitGTK draws every change
// on the CPU, and a blurred shadow or filter anywhere near a change is drawn again with it: the
// blurred shadows under the cards, the tabs, the preview and the prompt were most of the window's
// drawing (docs/PERFORMANCE.md, "Eighth pass"). What stands in the window has hard-edged shadows
// only (styles.css); menus and dialogs, which come and go, may blur.
import { expect, test, type Page } from "@playwright/test";
import { firstWrites, generateTwo, page as samplePage, startAnswers, startedTwo } from "./fixtures";
import { sendOnChannel } from "./mockIpc";

let nextEvent = 0;
function ev(variant: number, body: Record<string, unknown>) {
  return { event_id: nextEvent++, variant, ...body };
}

/** Every element on screen that draws a blur (a shadow's blur radius, a filter, a backdrop
 *  filter), named so a failure says where. */
async function blurred(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // A computed shadow list: "rgba(0, 0, 0, 0.05) 0px 1px 2px 0px, …"; lengths are x, y, blur, spread.
    const blurOf = (shadow: string) =>
      shadow === "none"
        ? []
        : shadow
            .split(/,(?![^(]*\))/)
            .map((one) => [...one.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]))[2] ?? 0)
            .filter((blur) => blur > 0);
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden") continue;
      const name = `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ""}.${(el.getAttribute("class") ?? "").slice(0, 80)}`;
      if (blurOf(style.boxShadow).length > 0) found.push(`${name}: box-shadow ${style.boxShadow}`);
      if (style.filter !== "none" && style.filter.includes("blur")) found.push(`${name}: filter ${style.filter}`);
      const backdrop = style.getPropertyValue("backdrop-filter") || style.getPropertyValue("-webkit-backdrop-filter");
      if (backdrop && backdrop !== "none") found.push(`${name}: backdrop-filter ${backdrop}`);
    }
    return found;
  });
}

test("while options write, nothing standing in the window draws a blur", async ({ page }) => {
  nextEvent = 0;
  const { channel, previews } = await generateTwo(page, {
    ...startAnswers(),
    project_add_input_data: { id: 1, path: "inputs/shot.png", media_type: "image/png", size: 1000 },
    generation_start: startedTwo(8),
    generation_cancel: null,
  });
  const html = samplePage("Acme", "#4f46e5");
  previews.set("live/8/0/index.html", html);
  await sendOnChannel(page, channel, firstWrites(ev, html));
  await expect(page.getByTestId("preview-frame")).toHaveAttribute("src", /\/live\/8\/0\/index\.html$/);
  // The cards, the tabs, the preview's box and the prompt are all on screen.
  await expect(page.getByTestId("variant-card-1")).toBeVisible();
  await expect(page.getByRole("textbox", { name: /prompt|change/i }).first()).toBeVisible();
  expect(await blurred(page), "blurred drawing on the Desktop tab").toEqual([]);

  await page.getByRole("tab", { name: "Mobile", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Mobile", exact: true })).toHaveAttribute("aria-selected", "true");
  expect(await blurred(page), "blurred drawing on the Mobile tab").toEqual([]);

  await page.getByRole("tab", { name: "Code", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Code", exact: true })).toHaveAttribute("aria-selected", "true");
  expect(await blurred(page), "blurred drawing on the Code tab").toEqual([]);
});
