// A designer's first hour, clicked through for screenshots (not a test): node tour.mjs
import { readFileSync } from "node:fs";
import { chooseScreenshot, invokeInPage, launchApp, saveDrawnScreenshot, useMockOpenAi, waitForWindow } from "./harness.mjs";
import { startMockVendor } from "./mock-vendor.mjs";

const SAMPLE = new URL("../fixtures/samples/login.png", import.meta.url);
const HTML = readFileSync(new URL("../fixtures/samples/src/login.html", import.meta.url), "utf8");
const PAGE = HTML.replace("<h2>Welcome back</h2>", "<h2>Welcome</h2>").replace("background:#2563eb;color:#fff", "background:#16a34a;color:#fff");
const vendor = await startMockVendor({ page: () => PAGE, edit: { from: "Northwind", to: "Northwind Inc." } });
const app = await launchApp();
const b = app.browser;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
const until = (what, check, timeout = 30000) => b.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
const shot = (name) => saveDrawnScreenshot(b, name);
try {
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await useMockOpenAi(b, vendor.url, "sk-tour-0123456789abcdef0123");
  const s = await invokeInPage(b, "settings_get", {});
  await invokeInPage(b, "settings_update", { settings: { ...s.ok.settings, default_stack: "html_css" } });
  await b.refresh();
  await waitForWindow(b);
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await chooseScreenshot(b, readFileSync(SAMPLE).toString("base64"));
  await (await b.$('//div[@role="radiogroup"]/button[normalize-space()="2"]')).click().catch(() => undefined);
  await (await b.$("button*=Generate")).click();
  await until("the project view", async () => (await b.execute(() => document.querySelector('[data-testid="project-name"]')?.textContent)) === "login", 20000);
  await until("the score", async () => (await b.$('[data-testid="fidelity-score"]')).isExisting(), 60000);
  for (const [w, h] of process.env.SIZES ? JSON.parse(process.env.SIZES) : [[1440, 900], [900, 600]]) {
    await b.setWindowRect(0, 0, w, h).catch((e) => console.log("setWindowRect failed", e.message));
    await pause(1000);
    await shot(`tour-${w}-project`);
    await (await b.$('[data-testid="fidelity-score"]')).click();
    await until("the panel", async () => (await b.$('[data-testid="fidelity-panel"]')).isExisting());
    await pause(1500);
    const diffs = await b.$$('[data-testid="fidelity-difference"]');
    if (diffs.length) await diffs[0].click();
    await pause(1500);
    await shot(`tour-${w}-fidelity`);
    await (await b.$('[data-testid="fidelity-compare"]')).click();
    await pause(1500);
    await shot(`tour-${w}-compare`);
    await (await b.$("button=Overlay")).click();
    await pause(600);
    await shot(`tour-${w}-compare-overlay`);
    await b.keys("Escape");
    await (await b.$('[data-testid="fidelity-score"]')).click();
    await (await b.$("button=Visual edit")).click();
    const frame = await b.$('[data-testid="preview-frame"]');
    await b.switchFrame(frame);
    const button = await b.$("button");
    await button.waitForExist({ timeout: 20000 });
    await until("the bridge in edit mode", async () => (await b.execute(() => document.documentElement.style.cursor)) === "default");
    await button.click();
    await b.switchFrame(null);
    await pause(500);
    await (await b.$('button[aria-label="Background"]')).click();
    await pause(500);
    await shot(`tour-${w}-color`);
    await b.keys("Escape");
    await (await b.$('[aria-label="Close visual edit"]')).click();
    await (await b.$('//button[@role="tab"][contains(., "Code")]')).click();
    await pause(1500);
    await shot(`tour-${w}-code`);
    await (await b.$('//button[@role="tab"][contains(., "Desktop")]')).click();
    await (await b.$('button[title="Show the code beside the preview"]')).click();
    await pause(1500);
    await shot(`tour-${w}-split`);
    await (await b.$('button[title="Hide the code"]')).click();
  }
} finally {
  await app.close();
  await vendor.close();
}
