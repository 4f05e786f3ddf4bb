import { expect, test, type Page } from "@playwright/test";
import { appInfo, dropScreenshotForTwo, firstVersion, models, page as samplePage, project, settings, startedTwo, variantInfo } from "./fixtures";
import { channelOf, ipcCalls, mockIpc, sendOnChannel, servePreviews, setAnswer } from "./mockIpc";

const ART = "e2e/artifacts";

function answers() {
  return {
    app_info: appInfo,
    log_from_ui: null,
    settings_get: { settings: { ...settings, fidelity_rounds: 1 }, warning: null },
    settings_update: { settings: { ...settings, fidelity_rounds: 0 }, warning: null },
    keys_status: [
      { provider: "openai", set: true },
      { provider: "anthropic", set: true },
      { provider: "gemini", set: false },
      { provider: "replicate", set: true },
    ],
    models_available: models,
    project_list_recent: [],
    project_create: project,
    project_add_input_data: { id: 1, path: "inputs/shot.png", media_type: "image/png", size: 1000 },
    generation_start: startedTwo(5),
    project_versions: { current_version: null, versions: [] },
    project_external_changes: [],
    project_events: [],
  };
}

const components = { block: 80.5, position: 70.25, visual: 66, color: 91.4, text: null };

/** What check_fidelity's result carries (tools/check_fidelity.rs): the app ran it at the end of a round. */
function check(round: number, total: number, previous: number | null, regions: unknown[]) {
  return { kind: "fidelity_check", round, max_rounds: 2, total, previous, components, regions, automatic: true };
}

const firstRegions = [
  {
    kind: "missing",
    screenshot_box: { x: 48, y: 620, width: 1344, height: 188 },
    page_box: null,
    description: "missing: the screenshot has content here (1344×188 px at (48, 620)) that the page does not show",
    cost: 14.3,
  },
  {
    kind: "moved",
    screenshot_box: { x: 48, y: 180, width: 640, height: 64 },
    page_box: { x: 48, y: 236, width: 640, height: 64 },
    description: "moved: the content at 640×64 px at (48, 180) in the screenshot is 56 px too far down on the page",
    cost: 4.2,
  },
];
const secondRegions = [
  {
    kind: "color",
    screenshot_box: { x: 48, y: 330, width: 150, height: 50 },
    page_box: { x: 48, y: 330, width: 150, height: 50 },
    description: "colour: at 150×50 px at (48, 330) the screenshot has background #4f46e5 where the page has background #0f766e",
    cost: 2.6,
  },
];

let nextEvent = 0;
function ev(variant: number, body: { type: string } & Record<string, unknown>) {
  return { event_id: nextEvent++, variant, ...body };
}

/** The events of option 1 from its first page to the end: two automatic checks with a round of fixes between. */
function roundsOfOption1(html: string) {
  return {
    firstCheck: [
      ev(0, { type: "tool_start", call_id: "call_1", name: "create_file", title: "Creating index.html" }),
      ev(0, { type: "set_code", path: "index.html", content: html }),
      ev(0, { type: "tool_result", call_id: "call_1", name: "create_file", ok: true, summary: "Wrote index.html", detail: { kind: "file_written", path: "index.html", bytes: html.length, lines: 20, replaced: false } }),
      ev(0, { type: "assistant", text: "The page is written." }),
      ev(0, { type: "tool_start", call_id: "auto-fidelity-1", name: "check_fidelity", title: "Comparing with the screenshot" }),
      ev(0, { type: "tool_result", call_id: "auto-fidelity-1", name: "check_fidelity", ok: true, summary: "Fidelity 71", detail: check(1, 71.24, null, firstRegions) }),
    ],
    secondCheck: [
      ev(0, { type: "tool_start", call_id: "call_2", name: "edit_file", title: "Editing index.html" }),
      ev(0, { type: "set_code", path: "index.html", content: html }),
      ev(0, { type: "tool_result", call_id: "call_2", name: "edit_file", ok: true, summary: "1 replacement", detail: { kind: "file_edited", path: "index.html", diff: "@@ -9 +9 @@\n-<section>\n+<section class=\"grid\">", diff_truncated: false, first_changed_line: 9, added_lines: 1, removed_lines: 1, replacements: 1 } }),
      ev(0, { type: "tool_start", call_id: "auto-fidelity-2", name: "check_fidelity", title: "Comparing with the screenshot" }),
      ev(0, { type: "tool_result", call_id: "auto-fidelity-2", name: "check_fidelity", ok: true, summary: "Fidelity 88 (was 71)", detail: check(2, 88.04, 71.24, secondRegions) }),
      ev(0, { type: "status", message: "Fidelity 88 after 1 round(s) of fixes, the most Settings allow." }),
      ev(0, { type: "variant_complete", turns: 3, tool_calls: 4, duration_ms: 41_000 }),
    ],
  };
}

async function startFromScreenshot(page: Page, previews: Map<string, string>) {
  await mockIpc(page, answers());
  await servePreviews(page, previews);
  await dropScreenshotForTwo(page);
  await page.getByRole("button", { name: /Generate/ }).click();
  await expect(page.getByTestId("project-name")).toHaveText("landing");
}

test("the app's own fidelity checks show in the activity, and the card shows their trajectory", async ({ page }) => {
  nextEvent = 0;
  const html = samplePage("Acme", "#0f766e");
  const previews = new Map([
    ["live/5/0/index.html", html],
    ["live/5/1/index.html", html],
  ]);
  await startFromScreenshot(page, previews);
  const channel = await channelOf(page, "generation_start");
  const option1 = roundsOfOption1(html);

  await sendOnChannel(page, channel, [
    ev(0, { type: "started", provider: "openai", model: "gpt-5" }),
    ev(1, { type: "started", provider: "anthropic", model: "claude-sonnet-4-5" }),
    ...option1.firstCheck,
  ]);
  const activity = page.getByTestId("activity");
  const card0 = page.getByTestId("variant-card-0");
  const checks = activity.getByTestId("fidelity-check");
  // Live: the first check is on the card as soon as it is in the activity.
  await expect(checks).toHaveCount(1);
  await expect(card0.getByTestId("fidelity-trajectory")).toHaveText("Fidelity 71");

  await sendOnChannel(page, channel, [...option1.secondCheck, ev(1, { type: "variant_cancelled" })]);
  await expect(checks).toHaveCount(2);

  // Each check: its score, the one before, which check of how many, that the app ran it.
  const first = checks.nth(0);
  await expect(first.getByTestId("fidelity-check-total")).toHaveText("Fidelity 71");
  await expect(first).not.toContainText("was");
  await expect(first.getByTestId("fidelity-check-round")).toHaveText("check 1 of 2");
  await expect(first.getByText("automatic", { exact: true })).toBeVisible();
  await expect(first.getByLabel("Components")).toHaveText("Content81Position70Look66Colour91");
  const second = checks.nth(1);
  await expect(second.getByTestId("fidelity-check-total")).toHaveText("Fidelity 88");
  await expect(second).toContainText("was 71");
  await expect(second.getByTestId("fidelity-check-round")).toHaveText("check 2 of 2");

  // Their places: the kind in words, what is wrong, what fixing it gains, worst first.
  await expect(first.getByTestId("fidelity-region")).toHaveText([
    "missing the screenshot has content here (1344×188 px at (48, 620)) that the page does not show+14",
    "moved the content at 640×64 px at (48, 180) in the screenshot is 56 px too far down on the page+4",
  ]);
  await expect(second.getByTestId("fidelity-region")).toHaveText([
    "colour at 150×50 px at (48, 330) the screenshot has background #4f46e5 where the page has background #0f766e+3",
  ]);
  // Why the rounds stopped stays in the activity after the option finished.
  await expect(activity.getByTestId("activity-note")).toHaveText("Fidelity 88 after 1 round(s) of fixes, the most Settings allow.");
  await expect(activity.getByText("Worked through 4 steps in 41s")).toBeVisible();

  // The card: every check while the option worked.
  const trajectory = card0.getByTestId("fidelity-trajectory");
  await expect(trajectory).toHaveText("Fidelity 71 → 88");
  await expect(trajectory).toHaveAttribute("title", "Each fidelity check while the option worked");
  await expect(page.getByTestId("variant-card-1").getByTestId("fidelity-trajectory")).toHaveCount(0);
  await page.screenshot({ path: `${ART}/fidelity-activity.png` });
});

test("a stored option's card shows its trajectory once its activity is loaded, and keeps it", async ({ page }) => {
  nextEvent = 0;
  const html = samplePage("Acme", "#0f766e");
  const option1 = roundsOfOption1(html);
  const stored = [...option1.firstCheck, ...option1.secondCheck].map((payload, i) => ({ seq: i + 1, kind: payload.type, at: 1000 * i, payload }));
  const version = firstVersion([1], [variantInfo(11, 1, 0, "gpt-5", "openai", "complete", ["index.html"]), variantInfo(12, 1, 1, "claude-sonnet-4-5", "anthropic", "complete", ["index.html"])]);
  await mockIpc(page, {
    ...answers(),
    project_list_recent: [{ id: "p1", name: "landing", path: project.path, opened_at: Date.now(), exists: true, thumbnail: null }],
    project_open: { ...project, current_version: 1 },
    project_versions: { current_version: 1, versions: [version] },
    project_events: stored,
    variant_scores: [{ variant_id: 11, input_id: 1, total: 87.6, report: {} }],
  });
  await servePreviews(page, new Map([["p/p1/1/11/index.html", html], ["p/p1/1/12/index.html", html]]));
  await page.goto("/");
  await page.getByRole("button", { name: "Open landing" }).click();

  const card0 = page.getByTestId("variant-card-0");
  await expect(card0.getByTestId("fidelity-trajectory")).toHaveText("Fidelity 71 → 88");
  await expect(card0.getByTestId("variant-score")).toHaveText("88");
  await expect(page.getByTestId("activity").getByTestId("fidelity-check")).toHaveCount(2);

  // Option 2 made no checks; option 1's card keeps its line.
  await setAnswer(page, "project_events", []);
  await page.keyboard.press("Alt+2");
  await expect(page.getByTestId("variant-card-1")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("activity").getByTestId("fidelity-check")).toHaveCount(0);
  await expect(page.getByTestId("variant-card-1").getByTestId("fidelity-trajectory")).toHaveCount(0);
  await expect(card0.getByTestId("fidelity-trajectory")).toHaveText("Fidelity 71 → 88");
});

test("Settings → Generation: fidelity rounds from 0 to 5, saved with the settings", async ({ page }) => {
  await mockIpc(page, answers());
  await page.goto("/");
  await page.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Settings" });
  await page.getByRole("button", { name: "Generation" }).click();
  const rounds = dialog.getByLabel("Fidelity rounds");
  await expect(rounds).toHaveValue("1");
  await expect(dialog.getByText("Rounds of comparing the page with the screenshot and fixing what differs; 0 turns it off.")).toBeVisible();

  await rounds.fill("6");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("error-fidelity-rounds")).toHaveText("Choose between 0 and 5 rounds");
  await expect(page.getByTestId("settings-result")).toContainText("need attention");
  expect((await ipcCalls(page)).map((c) => c.cmd)).not.toContain("settings_update");

  // From another tab, Save goes back to the field that needs attention.
  await page.getByRole("button", { name: "Appearance" }).click();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("button", { name: "Generation" })).toHaveAttribute("aria-current", "page");

  await rounds.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByTestId("settings-result")).toHaveText("Settings saved");
  const update = (await ipcCalls(page)).find((c) => c.cmd === "settings_update");
  expect(update?.args).toMatchObject({ settings: { fidelity_rounds: 0, budget_per_variant_usd: 1, variants: { count: 2 } } });
});
