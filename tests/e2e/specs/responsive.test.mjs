// One page handed over at two widths, in the real window (issue 37): a desktop and a mobile
// screenshot of one page go into the tray, which groups them ("Fernway: desktop 1280, mobile
// 390"); two options are generated on the mock vendor as one responsive page; each is scored at
// both widths in the background, and its card shows both scores, the lowest marked; the
// preview shows the page at both widths. The screenshots are drawn here by this machine's
// Chromium from the responsive validation page; the vendor writes that page with its phone
// layout broken, so the mobile score is the low one.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chooseScreenshot, launchOnMockOpenAi, saveDrawnScreenshot } from "../harness.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-responsive-0123456789abcdef";
const MODEL = "gpt-5.4";
const DESIGNED = readFileSync(new URL("../../fixtures/fidelity/responsive.html", import.meta.url), "utf8");

/** The page with its phone layout broken: the desktop's links and three columns at every width. */
function brokenOnMobile(page) {
  const broken = page
    .replace("nav{display:none}", "nav{display:flex}")
    .replace(".features{display:grid;grid-template-columns:1fr;", ".features{display:grid;grid-template-columns:repeat(3,1fr);");
  assert.notEqual(broken, page, "the fixture changed: update the edit");
  return broken;
}

/** The page as this machine's Chromium draws it on a `width` × `height` screen, as base64 PNG. */
function drawn(dir, width, height) {
  const html = join(dir, "fernway.html");
  writeFileSync(html, DESIGNED);
  const out = join(dir, `fernway-${width}.png`);
  execFileSync(
    process.env.S2C_CHROMIUM ?? "chromium",
    ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1", `--window-size=${width},${height}`, `--screenshot=${out}`, `file://${html}`],
    { stdio: "ignore", timeout: 60_000 },
  );
  return readFileSync(out).toString("base64");
}

let vendor;
let app;
let desktopScore;
let mobileScore;

const $ = (selector) => app.browser.$(selector);
const byTestId = (id) => $(`[data-testid="${id}"]`);
const textOf = (selector) => app.browser.execute((s) => [...document.querySelectorAll(s)].map((e) => e.textContent.trim()), selector);

async function until(what, check, timeout = 30_000) {
  await app.browser.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
}

before(async () => {
  vendor = await startMockVendor({ delayMs: () => 5, page: () => brokenOnMobile(DESIGNED) });
  app = await launchOnMockOpenAi(vendor.url, KEY);
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("a desktop and a mobile screenshot of one page are grouped in the tray", async () => {
  await chooseScreenshot(app.browser, drawn(app.home, 1280, 800), "fernway-desktop.png");
  await chooseScreenshot(app.browser, drawn(app.home, 390, 844), "fernway-mobile.png");
  await until("the tray's group", async () => (await textOf('[data-testid="input-group-label"]')).length === 1, 20_000);
  assert.deepEqual(await textOf('[data-testid="input-group-label"]'), ["Fernway: desktop 1280, mobile 390"]);
  assert.deepEqual(await textOf('[data-testid="input-width"]'), ["Desktop 1280", "Mobile 390"]);
  await (await $('//div[@role="radiogroup"]/button[normalize-space()="2"]')).click();
  for (const i of [0, 1]) await (await $(`#gen-model-${i}`)).selectByAttribute("value", MODEL);
  await saveDrawnScreenshot(app.browser, "responsive-tray");
});

test("generated as one responsive page, each option's card shows both widths' scores and the lowest", async () => {
  await (await $("button*=Generate")).click();
  await until("the project view", async () => (await byTestId("project-name")).isExisting(), 20_000);
  // The model was asked for one responsive page at both widths.
  await until("the vendor's first request", async () => vendor.requests.some((r) => r.path.endsWith("/responses")));
  const asked = vendor.requests.find((r) => r.path.endsWith("/responses"));
  assert.ok(asked.texts.some((t) => t.includes("one responsive") && t.includes("desktop 1280, mobile 390")), JSON.stringify(asked.texts).slice(0, 2000));
  assert.equal(asked.images, 2);

  for (const i of [0, 1]) {
    await until(`option ${i + 1}'s scores at both widths`, async () => (await (await byTestId(`variant-card-${i}`)).$$('[data-testid="width-score"]')).length === 2, 120_000);
  }
  const scores = await textOf('[data-testid="variant-card-0"] [data-testid="width-score"]');
  const [desktop, mobile] = scores.map((s) => Number(s.split(" ")[1]));
  [desktopScore, mobileScore] = [desktop, mobile];
  assert.match(scores[0], /^Desktop \d+$/);
  assert.match(scores[1], /^Mobile \d+$/);
  assert.ok(mobile < desktop, `the phone layout is the broken one: ${scores.join(", ")}`);
  assert.deepEqual(await textOf('[data-testid="variant-card-0"] [data-lowest="true"]'), [scores[1]]);
  assert.deepEqual(await textOf('[data-testid="variant-card-0"] [data-testid="variant-score"]'), [String(mobile)], "the option's score is the lowest");
  await saveDrawnScreenshot(app.browser, "responsive-cards");

  await (await byTestId("fidelity-score")).click();
  await until("the fidelity panel's widths", async () => (await textOf('[data-testid="fidelity-width"]')).length === 2);
  await saveDrawnScreenshot(app.browser, "responsive-fidelity");
  await (await byTestId("fidelity-score")).click();
});

/** Whether the shown frame inside the `index`th width has drawn the page. */
async function widthDrawn(index) {
  const frames = await app.browser.$$('[data-testid="width-frame"] [data-testid="preview-frame"]');
  if (!frames[index]) return false;
  await app.browser.switchFrame(frames[index]);
  try {
    return await app.browser.execute(() => document.querySelector("h1")?.textContent?.includes("Trips planned") ?? false);
  } finally {
    await app.browser.switchFrame(null);
  }
}

test("the preview shows the page at both widths, side by side in a wide window", async () => {
  await (await $('//button[@role="tab"][contains(., "Widths")]')).click();
  await until("the side-by-side view", async () => (await byTestId("widths-side-by-side")).isExisting());
  const widths = await app.browser.execute(() => [...document.querySelectorAll('[data-testid="width-frame"]')].map((f) => f.getAttribute("data-page-width")));
  assert.deepEqual(widths, ["1280", "390"]);
  for (const i of [0, 1]) await until(`the page at width ${widths[i]}`, () => widthDrawn(i));
  assert.deepEqual(await textOf('[data-testid="width-caption"]'), [`Desktop 1280· ${desktopScore}`, `Mobile 390· ${mobileScore} lowest`]);
  await saveDrawnScreenshot(app.browser, "responsive-widths");
});
