// Issue 31 in the real window, as a designer goes: a page made from a screenshot is shown on
// the screenshot's own screen and scored; the differences are named by their elements and
// pointed out in the preview; a colour set by hand on a plain-CSS page goes into the page's
// rule, and the new version is scored in the background; Ctrl+S without a change makes no
// version; at 900 × 600 nothing collides.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseScreenshot, clickInPreview, invokeInPage, launchApp, saveDrawnScreenshot, typeInto, useMockOpenAi, waitForWindow } from "../harness.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-designer-hour-0123456789abcdef";
const SAMPLE = new URL("../../fixtures/samples/login.png", import.meta.url);
const HTML = readFileSync(new URL("../../fixtures/samples/src/login.html", import.meta.url), "utf8");
// The model's page: close to the screenshot, with a green button and a shorter heading.
const PAGE = HTML.replace("<h2>Welcome back</h2>", "<h2>Welcome</h2>").replace("background:#2563eb;color:#fff", "background:#16a34a;color:#fff");

let vendor;
let app;
let b;

const until = (what, check, timeout = 30_000) => b.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
const historyRows = async () => (await b.$$('[data-testid="history-row"]')).length;
async function projectFolder() {
  const recent = await invokeInPage(b, "project_list_recent", {});
  return recent.ok[0];
}

before(async () => {
  vendor = await startMockVendor({ page: () => PAGE });
  app = await launchApp();
  b = app.browser;
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  await useMockOpenAi(b, vendor.url, KEY);
  const current = await invokeInPage(b, "settings_get", {});
  const saved = await invokeInPage(b, "settings_update", { settings: { ...current.ok.settings, default_stack: "html_css", variants: { ...current.ok.settings.variants, count: 1 } } });
  assert.ok(saved.ok, JSON.stringify(saved));
  await b.setWindowRect(0, 0, 1440, 900);
  await b.refresh();
  await waitForWindow(b);
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("the page is shown on the screenshot's screen, scored, and its differences named and pointed out", async () => {
  await chooseScreenshot(b, readFileSync(SAMPLE).toString("base64"));
  await (await b.$("button*=Generate")).click();
  await until("the project view", async () => (await b.execute(() => document.querySelector('[data-testid="project-name"]')?.textContent)) === "login", 20_000);
  await until("the score", async () => (await b.$('[data-testid="fidelity-score"]')).isExisting(), 90_000);

  // login.png is 1280 × 860: the preview lays the page out on that screen, fitted.
  const preview = await b.$('[data-testid="desktop-preview"]');
  assert.equal(await preview.getAttribute("data-page-width"), "1280");
  assert.equal(await preview.getAttribute("data-page-height"), "860");
  assert.ok(Number(await preview.getAttribute("data-scale")) < 1);

  await (await b.$('[data-testid="fidelity-score"]')).click();
  await until("the differences", async () => (await b.$$('[data-testid="fidelity-difference"]')).length > 0);
  const names = await b.execute(() => [...document.querySelectorAll('[data-testid="fidelity-difference"]')].map((d) => d.textContent));
  const button = names.findIndex((n) => n.includes("The button “Sign in”"));
  assert.ok(button >= 0, `the green button is named: ${JSON.stringify(names)}`);
  assert.ok(names.some((n) => n.includes("The heading “Welcome”")), JSON.stringify(names));
  assert.ok(!names.some((n) => n.includes("secretpass")), "a password field is named by its label, not its value");
  await (await b.$$('[data-testid="fidelity-difference"]'))[button].click();

  // In the preview, the box is on the button.
  const frame = await b.$('[data-testid="preview-frame"]');
  await b.switchFrame(frame);
  await until("the highlight", async () => (await b.$("[data-s2c-highlight]")).isDisplayed());
  const [mark, target] = await b.execute(() => {
    const m = document.querySelector("[data-s2c-highlight]").getBoundingClientRect();
    const t = document.querySelector("button").getBoundingClientRect();
    return [{ x: m.x, y: m.y, w: m.width }, { x: t.x, y: t.y, w: t.width }];
  });
  await b.switchFrame(null);
  assert.ok(Math.abs(mark.x - target.x) < 12 && Math.abs(mark.y - target.y) < 12 && Math.abs(mark.w - target.w) < 24, `${JSON.stringify(mark)} on ${JSON.stringify(target)}`);
  await saveDrawnScreenshot(b, "hour-fidelity");
  await (await b.$('[aria-label="Close fidelity"]')).click();
});

test("a colour set by hand goes into the page's rule and the new version is scored", async () => {
  await (await b.$("button=Visual edit")).click();
  await clickInPreview(b, "button");
  await until("the button to be picked", async () => (await b.execute(() => document.querySelector('[data-testid="visual-targets"]')?.textContent)) === "<button>");
  await (await b.$('button[aria-label="Background"]')).click();
  const hex = await b.$('[aria-label="Background: hex or rgb"]');
  await typeInto(b, hex, "#dc2626");
  await b.keys("Enter");
  await saveDrawnScreenshot(b, "hour-colour");
  await b.keys("Escape");
  const save = await b.$("button=Save 1 change");
  await save.waitForEnabled({ timeout: 10_000 });
  await save.click();
  await until("the visual edit in the history", async () => (await historyRows()) === 2);

  const project = await projectFolder();
  const onDisk = readFileSync(join(project.path, "index.html"), "utf8");
  assert.match(onDisk, /button\{[^}]*background-color: #dc2626; \}/, "the button's own rule");
  assert.ok(!onDisk.includes("<button style"), "not an inline style");
  // Scored in the background, as a generation is.
  const tree = await invokeInPage(b, "project_versions", { projectId: project.id });
  const current = tree.ok.versions.find((v) => v.id === tree.ok.current_version);
  await until(
    "the visual edit's score",
    async () => (await invokeInPage(b, "variant_scores", { projectId: project.id, variantIds: [current.selected_variant] })).ok?.length === 1,
    90_000,
  );
  await until("the score on screen", async () => (await b.$('[data-testid="fidelity-score"]')).isExisting(), 20_000);
  await (await b.$('[aria-label="Close visual edit"]')).click();
});

test("packed CSS is laid out for reading and Ctrl+S without a change makes no version", async () => {
  await (await b.$('//button[@role="tab"][contains(., "Code")]')).click();
  await until("the note", async () => (await b.$('[data-testid="css-formatted"]')).isExisting(), 20_000);
  const editor = await b.$(".cm-content");
  await editor.click();
  await b.keys(["Control", "s"]);
  await until("the word from the app", async () => b.execute(() => document.body.textContent.includes("No changes to save")));
  assert.equal(await historyRows(), 2);
  await (await b.$('//button[@role="tab"][contains(., "Desktop")]')).click();
});

test("at 900 × 600 the side panels make room and nothing collides", async () => {
  await b.setWindowRect(0, 0, 900, 600);
  await until("the narrow layout", async () => b.execute(() => window.innerWidth <= 900));
  await until("the side panels to close", async () => b.execute(() => !document.querySelector('nav[aria-label="History"]') && !document.querySelector('aside[aria-label="Activity"]')));
  const overlaps = await b.execute(() => {
    const rows = [document.querySelector("header"), document.querySelector('section[aria-label="Selected variant"] > div')];
    const found = [];
    for (const row of rows) {
      const items = [...row.querySelectorAll("button, [role=tablist], [data-testid=preview-size]")].filter((e) => e.offsetParent !== null);
      for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
          const a = items[i].getBoundingClientRect();
          const c = items[j].getBoundingClientRect();
          if (Math.min(a.right, c.right) - Math.max(a.left, c.left) > 1 && Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top) > 1) found.push(`${items[i].textContent} × ${items[j].textContent}`);
        }
      }
    }
    return found;
  });
  assert.deepEqual(overlaps, []);
  const pane = await (await b.$('[data-testid="desktop-preview"]')).getSize();
  assert.ok(pane.width > 800 && pane.height > 300, JSON.stringify(pane));
  await saveDrawnScreenshot(b, "hour-900");
});
