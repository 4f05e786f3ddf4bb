// Input while agents write (issue 36, point 4): click between the option cards, switch
// Desktop/Mobile/Code and type in the prompt box, several rounds, each reaction timed from the
// input event to the first frame that shows it. And typing in the code editor on a big page.
import { Key } from "webdriverio";
import { poll } from "../harness.mjs";
import { card, cards, EDITOR, PROMPT, revealCard, viewTab, viewTabCss } from "../workspace.mjs";
import { installReactionProbe, reaction } from "./in-page.mjs";

const running = (c) => c.status === "Generating" || c.status === "Waiting";

/**
 * Rounds of input while any option still runs: a few characters into the first option's prompt
 * box (a running option's box waits for it to finish: the first finishes first), each card in
 * turn (ending on the first), the three views. Returns {card, view, type} reaction samples.
 */
export async function interactWhileStreaming(browser, { rounds = 4, chars = "abc" } = {}) {
  await installReactionProbe(browser);
  const samples = { card: [], view: [], type: [] };
  const order = async () => {
    const n = (await cards(browser)).length;
    return [...Array.from({ length: n - 1 }, (_, i) => i + 1), 0];
  };
  let typed = "";
  // `rounds` rounds, more while none could type yet; never after every option is done.
  for (let round = 0; (round < rounds || samples.type.length === 0) && (await cards(browser)).some(running); round++) {
    // First, while the first option is on screen (the last round ended on it): its prompt box,
    // which takes text once that option is done.
    const box = await browser.$(PROMPT);
    if ((await cards(browser))[0]?.selected && (await box.isEnabled())) {
      await box.click();
      for (const ch of chars) {
        typed += ch;
        samples.type.push(await reaction(browser, `"${typed}" in the prompt box`, { selector: PROMPT, valueEndsWith: typed }, () => browser.keys(ch)));
      }
    }
    for (const i of await order()) {
      const target = await browser.$(card(i));
      // The strip of cards scrolls sideways when the window is narrower than four cards.
      await revealCard(browser, i);
      samples.card.push(await reaction(browser, `option ${i + 1} selected`, { selector: card(i), attr: "aria-selected", value: "true" }, () => target.click()));
    }
    for (const name of ["Mobile", "Code", "Desktop"]) {
      const target = await browser.$(viewTab(name));
      samples.view.push(await reaction(browser, `the ${name} view`, { selector: viewTabCss(name), attr: "aria-selected", value: "true" }, () => target.click()));
    }
  }
  return samples;
}

/** Open the first option's code (a finished page) and type `text` at its start: reaction samples. */
export async function typeInEditor(browser, text = "Quick note by hand ") {
  await installReactionProbe(browser);
  await revealCard(browser, 0);
  await (await browser.$(card(0))).click();
  await (await browser.$(viewTab("Code"))).click();
  // Asked afresh: the editor opens a frame after its tab, and again once its page is stored.
  await poll("the editor to take edits", () => browser.execute((s) => document.querySelector(s)?.getAttribute("contenteditable") === "true", EDITOR), { timeout: 30_000 });
  await (await browser.$(EDITOR)).click();
  await browser.keys([Key.Ctrl, Key.Home]);
  await poll("the cursor at the start of the file", () => browser.execute((s) => document.querySelector(`${s} .cm-line`)?.textContent.startsWith("<!DOCTYPE"), EDITOR), { timeout: 10_000 });
  const samples = [];
  let typed = "";
  for (const ch of text) {
    typed += ch;
    samples.push(await reaction(browser, `"${typed}" in the editor`, { selector: `${EDITOR} .cm-line`, textStartsWith: typed }, () => browser.keys(ch)));
  }
  return samples;
}
