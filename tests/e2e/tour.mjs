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
const until = (what, check, timeout = 30000) => b.waitUntil(check, { timeout, interval: 200, timeoutMsg: `timed out waiting for ${what}` });
try {
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await useMockOpenAi(b, vendor.url, "sk-tour-0123456789abcdef0123");
  const s = await invokeInPage(b, "settings_get", {});
  await invokeInPage(b, "settings_update", { settings: { ...s.ok.settings, default_stack: "html_css" } });
  await b.refresh();
  await waitForWindow(b);
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await chooseScreenshot(b, readFileSync(SAMPLE).toString("base64"));
  await saveDrawnScreenshot(b, "tour-start");
  await (await b.$("button*=Generate")).click();
  await until("the project view", async () => (await b.execute(() => document.querySelector('[data-testid="project-name"]')?.textContent)) === "login", 20000);
  await until("the score", async () => (await b.$('[data-testid="fidelity-score"]')).isExisting(), 60000);
  await saveDrawnScreenshot(b, "tour-1280-done");
  for (const [w, h] of [[1440, 900], [900, 600]]) {
    try {
      await b.setWindowSize(w, h);
    } catch (e) {
      console.log("setWindowSize failed", e.message);
    }
    await new Promise((r) => setTimeout(r, 800));
    await saveDrawnScreenshot(b, `tour-${w}-project`);
    await (await b.$('[data-testid="fidelity-score"]')).click();
    await until("the panel", async () => (await b.$('[data-testid="fidelity-panel"]')).isExisting());
    await new Promise((r) => setTimeout(r, 1500));
    const diffs = await b.$$('[data-testid="fidelity-difference"]');
    if (diffs.length) await diffs[0].click();
    await new Promise((r) => setTimeout(r, 1200));
    await saveDrawnScreenshot(b, `tour-${w}-fidelity`);
    await (await b.$('[data-testid="fidelity-compare"]')).click();
    await new Promise((r) => setTimeout(r, 1500));
    await saveDrawnScreenshot(b, `tour-${w}-compare`);
    await b.keys("Escape");
    await (await b.$('[data-testid="fidelity-score"]')).click();
    await (await b.$("button=Visual edit")).click();
    await new Promise((r) => setTimeout(r, 1000));
    await saveDrawnScreenshot(b, `tour-${w}-visual`);
    await (await b.$("button=Visual edit")).click();
    await (await b.$('//button[@role="tab"][contains(., "Code")]')).click();
    await new Promise((r) => setTimeout(r, 1500));
    await saveDrawnScreenshot(b, `tour-${w}-code`);
    await (await b.$('//button[@role="tab"][contains(., "Desktop")]')).click();
  }
} finally {
  await app.close();
  await vendor.close();
}
