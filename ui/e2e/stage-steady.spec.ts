// While options write, a designer clicks between them: the buttons above the preview and the note
// above the prompt box differ from option to option (a finished one can be edited, scored and
// used; a writing one can be cancelled), yet the preview keeps its size and place at every window
// width — a preview that changes size lays its page out again, and in the app's own view shows
// a white box while it does. The toolbar keeps one row by taking its compaction steps (labels to
// icons), never by clipping or wrapping a button.
import { expect, test, type Page } from "@playwright/test";
import { firstVersion, firstWrites, generateTwo, page as samplePage, scoreReport, startAnswers, startedTwo, variantInfo } from "./fixtures";
import { sendOnChannel } from "./mockIpc";

const ART = "e2e/artifacts";
let n = 0;
const ev = (variant: number, body: Record<string, unknown>) => ({ event_id: n++, variant, ...body });

/** Two options: the first finished and scored (not the version's chosen one), the second writing. */
async function oneFinishedOneWriting(page: Page, viewport: { width: number; height: number }) {
  n = 0;
  const version = { ...firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"]), variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "generating", [])]), selected_variant: 12 };
  const { channel, previews } = await generateTwo(page, {
    ...startAnswers(),
    project_add_input_data: { id: 1, path: "inputs/shot.png", media_type: "image/png", size: 1000 },
    generation_start: startedTwo(7),
    generation_cancel: null,
    project_versions: { current_version: 1, versions: [version] },
    variant_scores: [{ variant_id: 11, input_id: 1, total: 96.4, report: { ...scoreReport(96.4), screenshot: { width: 1280, height: 800 } } }],
  });
  await page.setViewportSize(viewport);
  const html = samplePage("Acme", "#4f46e5");
  previews.set("live/7/0/index.html", html);
  previews.set("live/7/1/index.html", html);
  await sendOnChannel(page, channel, [
    ...firstWrites(ev, html),
    ev(0, { type: "set_code", path: "index.html", content: html }),
    ev(0, { type: "tool_result", call_id: "a", name: "create_file", ok: true, summary: "Wrote index.html", detail: { kind: "file_written", path: "index.html", bytes: html.length, lines: 24, replaced: false } }),
    ev(1, { type: "tool_start", call_id: "b", name: "create_file", title: "Creating index.html" }),
    ev(1, { type: "code_delta", call_id: "b", path: "index.html", text: html.slice(0, 500) }),
    ev(0, { type: "variant_complete", turns: 3, tool_calls: 2, duration_ms: 34_000 }),
  ]);
  await expect(page.getByTestId("variant-card-0").getByTestId("variant-score")).toHaveText("96");
}

async function select(page: Page, index: number) {
  await page.getByTestId(`variant-card-${String(index)}`).click();
  await expect(page.getByTestId(`variant-card-${String(index)}`)).toHaveAttribute("aria-selected", "true");
}

/** Where the preview's pane is, and any toolbar item that sticks out of the toolbar's row. */
async function measure(page: Page) {
  const pane = await page.getByTestId("stage-pane").boundingBox();
  const bar = await page.getByTestId("stage-toolbar").evaluate((row) => {
    const box = row.getBoundingClientRect();
    const style = getComputedStyle(row);
    const left = box.left + parseFloat(style.paddingLeft) - 0.5;
    const right = box.right - parseFloat(style.paddingRight) + 0.5;
    const out = Array.from(row.querySelectorAll("button, label"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < left || r.right > right);
      })
      .map((el) => el.getAttribute("aria-label") ?? el.textContent);
    // Items side by side share a middle; a wrapped one sits a row lower.
    const rows = new Set(Array.from(row.children).map((el) => {
      const r = el.getBoundingClientRect();
      return Math.round((r.top + r.bottom) / 16);
    })).size;
    return { height: box.height, fit: (row as HTMLElement).dataset.fit ?? "", out, rows };
  });
  return { pane, bar };
}

// The narrowest window the app allows (900 px) with a side panel open is the least room there is.
for (const { panel, ...viewport } of [
  { width: 900, height: 700, panel: null },
  { width: 900, height: 700, panel: "Show the activity" },
  { width: 1024, height: 720, panel: "Show the history" },
  { width: 1280, height: 800, panel: null },
  { width: 1440, height: 900, panel: null },
  { width: 1920, height: 1080, panel: null },
]) {
  const name = `${String(viewport.width)} px${panel ? `, ${panel.replace("Show the ", "")} open` : ""}`;
  test(`clicking between options while they write keeps the preview's size at ${name}`, async ({ page }) => {
    await oneFinishedOneWriting(page, viewport);
    if (panel) await page.getByRole("button", { name: panel }).click();
    await select(page, 0);
    const first = await measure(page);
    await page.screenshot({ path: `${ART}/stage-steady-${name.replace(/[^a-z0-9]+/g, "-")}.png` });
    expect(first.bar.out, "every toolbar button stays inside the toolbar").toEqual([]);
    expect(first.bar.rows, "the toolbar keeps one row").toBe(1);
    expect(first.bar.fit, "the toolbar needs no wrapping").not.toContain("wrap");
    // Then once the designer has written the next change while the second option works.
    for (const [index, typed] of [[1, false], [0, false], [1, true], [0, true], [1, true], [0, true]] as const) {
      if (typed) await page.getByLabel("Tell the AI what to change").fill("Make the header sticky");
      await select(page, index);
      const now = await measure(page);
      expect(now.pane, `option ${String(index + 1)}${typed ? ", a change typed" : ""}: the preview's pane at ${name}`).toEqual(first.pane);
      expect(now.bar.height).toBe(first.bar.height);
      expect(now.bar.out).toEqual([]);
      expect(now.bar.rows, "the toolbar keeps one row").toBe(1);
    }
  });
}

test("the toolbar's labels give way only when it is short of room, and the note above the prompt box says one thing", async ({ page }) => {
  await oneFinishedOneWriting(page, { width: 1920, height: 1080 });
  await select(page, 0);
  const bar = page.getByTestId("stage-toolbar");
  // Room for everything: every label shows.
  await expect(bar.getByRole("button", { name: "Visual edit" })).toHaveText("Visual edit");
  await expect(bar.getByRole("button", { name: "Use this option" })).toHaveText("Use this option");
  await expect(bar.getByTestId("fidelity-score")).toHaveText("Fidelity 96");
  await expect(bar.getByRole("tab", { name: "Desktop" })).toHaveText("Desktop");
  await expect(page.getByTestId("branch-note")).toContainText("Changes will branch from option 1 of v1");
  await select(page, 1);
  await expect(page.getByTestId("prompt-note")).toHaveText("Option 2 is still being written");
  await page.getByLabel("Tell the AI what to change").fill("Make the header sticky");
  await expect(page.getByTestId("prompt-held")).toHaveText("Wait for this option to finish, or cancel it. Your text stays here until then.");
  await expect(page.getByTestId("prompt-note")).toHaveCount(0);

  // A 1280 window with both side panels: the views and then the actions show their icons; each
  // button keeps its name for a screen reader and its tooltip.
  await page.setViewportSize({ width: 1280, height: 800 });
  await select(page, 0);
  await expect(bar).toHaveAttribute("data-fit", /actions/);
  await expect(bar.getByRole("button", { name: "Visual edit" })).toHaveText("Visual edit"); // the name is there, for a screen reader
  await expect(bar.getByRole("button", { name: "Visual edit" }).locator("span")).toHaveClass(/sr-only/);
  expect(await bar.getByRole("button", { name: "Visual edit" }).locator("span").evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await expect(bar.getByRole("button", { name: "Use this option" })).toBeVisible();
  await expect(bar.getByTestId("preview-width").getByText("× 800")).toBeHidden();
  await page.screenshot({ path: `${ART}/stage-steady-compact.png` });
  // Wider again: the labels come back.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect(bar).toHaveAttribute("data-fit", "");
  await expect(bar.getByTestId("preview-width").getByText("× 800")).toBeVisible();
});
