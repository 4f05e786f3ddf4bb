// "Continue from what I last saw", clicked through the real window against the mock vendor: a
// page is generated, edited by hand, the project is left and reopened — it opens on the hand
// edit (the working copy), and the next prompt starts from it. An older version picked in the
// history says the change will branch from it. A request that fails is not where the project
// reopens, and the prompt box is ready there.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseScreenshot, invokeInPage, launchApp, poll, saveDrawnScreenshot, useMockOpenAi, waitForWindow } from "../harness.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-continue-0123456789abcdef";
const SAMPLE = new URL("../../fixtures/samples/login.png", import.meta.url);
const MODEL = "gpt-5.4";
// Typed after the last line of the page: the browser shows text there at the end of the body.
const HAND_EDIT = "Tightened by hand";
const FAILING = "Make it purple";

let vendor;
let app;
let projectId;

const browser = () => app.browser;
const byTestId = (id) => browser().$(`[data-testid="${id}"]`);

async function until(what, check, timeout = 30_000) {
  await poll(what, check, { timeout, interval: 150 });
}

async function tree() {
  const r = await invokeInPage(browser(), "project_versions", { projectId });
  return r.ok;
}

/** The version the history marks as on screen: "v2" etc. */
async function versionOnScreen() {
  return browser().execute(() => document.querySelector('[data-testid="history"] [aria-current="true"] .tabular-nums')?.textContent ?? null);
}

async function settled(count) {
  await until(`${count} stored versions with no variant running`, async () => {
    const t = await tree();
    return t?.versions.length === count && t.versions.every((v) => v.variants.every((x) => x.status !== "pending" && x.status !== "generating"));
  }, 45_000);
}

async function previewText() {
  const frame = await browser().$('[data-testid="preview-frame"]');
  await frame.waitForExist({ timeout: 20_000 });
  await browser().switchFrame(frame);
  try {
    return await browser().execute(() => document.body.innerText);
  } finally {
    await browser().switchFrame(null);
  }
}

async function backAndReopen() {
  await (await browser().$('[aria-label="Back to projects"]')).click();
  const open = await browser().$('[aria-label="Open login"]');
  await open.waitForDisplayed({ timeout: 20_000 });
  await open.click();
  await (await byTestId("history")).waitForDisplayed({ timeout: 20_000 });
}

async function ask(text) {
  const box = await browser().$('[aria-label="Tell the AI what to change"]');
  await box.waitForEnabled({ timeout: 20_000 });
  await box.setValue(text);
  await browser().keys("Enter");
}

before(async () => {
  vendor = await startMockVendor({ delayMs: () => 5, refuse: (texts) => (texts.some((t) => t.includes(FAILING)) ? "The model refused this request (mock)." : null) });
  // Every page in a frame, where these checks read it: a page written in this run would
  // otherwise be on show in the app's own view of it, which WebDriver cannot enter (that view
  // is checked in live-input and hostile-page).
  app = await launchApp({ env: { S2C_PAGE_IN_FRAME: "1" } });
  await useMockOpenAi(browser(), vendor.url, KEY);
  await browser().refresh();
  await waitForWindow(browser());
  await (await browser().$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("a generated page edited by hand reopens on the hand edit, and the next prompt starts from it", async () => {
  await chooseScreenshot(browser(), readFileSync(SAMPLE).toString("base64"));
  await (await browser().$('//div[@role="radiogroup"]/button[normalize-space()="1"]')).click();
  await (await browser().$("#gen-model-0")).selectByAttribute("value", MODEL);
  await (await browser().$("button*=Generate")).click();
  await until("the project view", async () => (await browser().execute(() => document.querySelector('[data-testid="project-name"]')?.textContent)) === "login");
  projectId = (await invokeInPage(browser(), "project_list_recent", {})).ok[0].id;
  await settled(1);

  // The hand edit: the code, changed and saved (Ctrl+S), is v2 and the working copy.
  await (await browser().$('//button[@role="tab"][contains(., "Code")]')).click();
  const editor = await browser().$(".cm-content");
  await editor.waitForDisplayed({ timeout: 10_000 });
  await editor.click();
  await browser().keys(["Control", "End"]);
  await browser().keys(HAND_EDIT);
  await browser().keys(["Control", "s"]);
  await settled(2);
  const edited = await tree();
  assert.equal(edited.versions[1].kind, "manual_save");
  assert.equal(edited.current_version, edited.versions[1].id);

  await backAndReopen();
  await until("the working copy (v2) on screen", async () => (await versionOnScreen()) === "v2");
  await (await browser().$('//button[@role="tab"][contains(., "Desktop")]')).click();
  await until("the hand edit in the preview", async () => (await previewText()).includes(HAND_EDIT));
  assert.equal(await (await byTestId("branch-note")).isExisting(), false, "the working copy is where changes start: no branch note");
  await saveDrawnScreenshot(browser(), "continue-reopened-on-hand-edit");

  const before = vendor.requests.length;
  await ask("Greet returning users");
  await settled(3);
  const update = vendor.requests.slice(before).find((r) => r.texts.some((t) => t.includes("Greet returning users")));
  assert.ok(update, "the update reached the vendor");
  assert.ok(update.texts.some((t) => t.includes(HAND_EDIT)), "the update was asked about the hand-edited page");
  const updated = await tree();
  assert.equal(updated.versions[2].parent_id, updated.versions[1].id, "v3 continues v2, the hand edit");
});

test("an older version picked in the history says the change will branch from it", async () => {
  // Clicked from the page's side: the history's pictures arrive while it runs and move its rows.
  await browser().execute(() =>
    [...document.querySelectorAll('[data-testid="history-row"] button[aria-current], [data-testid="history-row"] > button')]
      .find((b) => b.querySelector(".tabular-nums")?.textContent === "v1")
      ?.click(),
  );
  const note = await byTestId("branch-note");
  await note.waitForDisplayed({ timeout: 10_000 });
  // The text as laid out (innerText): WebKitWebDriver's visible text leaves out the note's text,
  // a span that may shorten with an ellipsis in a narrow window, even when it is shown whole.
  assert.match(await browser().execute((el) => el.innerText, note), /Changes will branch from v1 — the working copy is v3\./);
  // What is on screen is v1's page: what the change would start from.
  await until("v1's page in the preview", async () => (await previewText()).includes("Sign in to Acme"));
  await saveDrawnScreenshot(browser(), "continue-branch-note");
  await (await note.$("button=Go to v3")).click();
  await until("the working copy back on screen", async () => (await versionOnScreen()) === "v3");
  assert.equal(await (await byTestId("branch-note")).isExisting(), false);
});

test("after a failed request the project reopens on the working copy, ready for the next prompt", async () => {
  await ask(FAILING);
  await settled(4);
  const failed = await tree();
  assert.ok(failed.versions[3].variants.every((v) => v.status === "error"), JSON.stringify(failed.versions[3]));
  assert.equal(failed.current_version, failed.versions[2].id, "a failed request does not move the working copy");
  await until("the failure in the activity", async () => (await byTestId("activity-error")).isExisting());
  await until("the history to say v4 made no page", async () =>
    browser().execute(() => [...document.querySelectorAll('[data-testid="history-row"]')].some((r) => r.textContent.includes("v4") && r.textContent.includes("no page"))),
  );
  await saveDrawnScreenshot(browser(), "continue-failed-request");

  await backAndReopen();
  await until("the working copy (v3) on screen", async () => (await versionOnScreen()) === "v3");
  const box = await browser().$('[aria-label="Tell the AI what to change"]');
  assert.equal(await box.isEnabled(), true, "the prompt box is ready");
  await saveDrawnScreenshot(browser(), "continue-reopened-after-failure");
});

test("the recent list shows the project's picture, and Delete moves it to the trash after asking", async () => {
  const project = (await invokeInPage(browser(), "project_list_recent", {})).ok[0];
  assert.match(project.thumbnail ?? "", /^data:image\/png;base64,/, "a picture of the working copy");
  await (await browser().$('[aria-label="Back to projects"]')).click();
  const picture = await browser().$('[aria-label="Open login"] img');
  await picture.waitForExist({ timeout: 20_000 });
  await browser().execute(() => document.querySelector('[data-testid="recent-projects"]')?.scrollIntoView({ block: "center" }));
  await saveDrawnScreenshot(browser(), "continue-recent");

  await browser().execute(() => document.querySelector('[aria-label="Delete login"]')?.click());
  const dialog = await browser().$('[role="alertdialog"]');
  await dialog.waitForDisplayed({ timeout: 10_000 });
  assert.match(await dialog.getText(), /moves to the trash/);
  await (await dialog.$("button=Move to trash")).click();
  // The entry leaves the list just before the folder moves (the project is closed first), so
  // wait for both.
  await until("the project off the list", async () => (await invokeInPage(browser(), "project_list_recent", {})).ok.length === 0);
  await until("the folder gone from its place", async () => !existsSync(project.path));
  const trashed = readdirSync(join(app.home, "data", "Trash", "files"));
  assert.ok(trashed.some((name) => name.startsWith("login")), `in the trash: ${trashed.join(", ")}`);
});
