// The project view's controls a designer touches while agents write, by what they are to a
// person (an option's card, a view tab, the prompt box), and the start screen steps that set a
// generation going. Shared by the live-input test (does each touch take effect?) and the
// footprint (how fast?).
import { readFileSync } from "node:fs";
import { chooseScreenshot } from "./harness.mjs";

export const SAMPLE = new URL("../fixtures/samples/login.png", import.meta.url);
export const PROMPT = '[aria-label="Tell the AI what to change"]';
export const EDITOR = '[aria-label="Selected variant"] .cm-content';

export const card = (i) => `[data-testid="variant-card-${i}"]`;
/** A view tab's button (its label may be visually hidden in a narrow window, never absent). */
export const viewTab = (name) => `//div[@role="tablist"][@aria-label="View"]/button[contains(., "${name}")]`;
/** The same tab for querySelector, from the page's side: the tablist's buttons in TABS order. */
export const viewTabCss = (name) => `[role="tablist"][aria-label="View"] > button[title="${name}"]`;

/** From the start screen: a screenshot in, `models.length` options with those models, Generate. */
export async function generateFromScreenshot(browser, models) {
  await chooseScreenshot(browser, readFileSync(SAMPLE).toString("base64"));
  await (await browser.$(`//div[@role="radiogroup"]/button[normalize-space()="${models.length}"]`)).click();
  for (const [i, model] of models.entries()) {
    const select = await browser.$(`#gen-model-${i}`);
    await select.scrollIntoView();
    await select.selectByAttribute("value", model);
  }
  const generate = await browser.$("button*=Generate");
  await generate.scrollIntoView();
  return generate;
}

/** Scroll the strip of option cards (wider than a small window) so card `i` is in view. */
export function revealCard(browser, i) {
  return browser.execute((s) => document.querySelector(s)?.scrollIntoView({ block: "nearest", inline: "nearest" }), card(i));
}

/** Every option card's state as the page shows it: [{selected, status}] ("Generating", "Done"…). */
export function cards(browser) {
  return browser.execute(() =>
    [...document.querySelectorAll('[data-testid^="variant-card-"]')].map((c) => ({
      selected: c.getAttribute("aria-selected") === "true",
      status: c.querySelector('[role="img"][aria-label]')?.getAttribute("aria-label") ?? null,
    })),
  );
}

/** The view tab marked selected ("Desktop", "Mobile", "Code"…), or null. */
export function selectedView(browser) {
  return browser.execute(() => document.querySelector('[role="tablist"][aria-label="View"] > button[aria-selected="true"]')?.getAttribute("title") ?? null);
}
