// The app as a designer gets it: the .deb installed with apt, the installed binary started
// under Xvfb. It shows the start screen, it is the release build, it finds the system's
// Chromium (a generation's screenshot_preview call renders the page) and it serves its
// vendored libraries (the page's Tailwind, a CDN URL the CSP would refuse, styles it).
// Run by scripts/test-installed.sh with S2C_APP_BINARY=/usr/bin/s2c-desktop.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { APP_BINARY, eventsInPage, generateInPage, invokeInPage, launchApp, poll, saveDrawnScreenshot, textGeneration, useMockOpenAi } from "../harness.mjs";
import { PAGE_TITLE, startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-installed-0123456789abcdef";
let vendor;
let app;

before(async () => {
  assert.ok(!APP_BINARY.includes("/target/"), `S2C_APP_BINARY should be the installed binary, not ${APP_BINARY}`);
  vendor = await startMockVendor({ delayMs: () => 0, checkWithScreenshot: true });
  app = await launchApp();
});

after(async () => {
  await app?.close();
  await vendor?.close();
});

test("the installed app starts and shows the start screen", async () => {
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  assert.ok(await app.browser.$('[data-testid="drop-zone"]').isDisplayed());
  await saveDrawnScreenshot(app.browser, "installed-start-screen");
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.equal(info.ok?.profile, "release", JSON.stringify(info));
  assert.ok(info.ok?.capabilities.chromium_path, `no Chromium found: ${JSON.stringify(info)}`);
});

test("it renders with the system's Chromium and serves its vendored libraries", async () => {
  await useMockOpenAi(app.browser, vendor.url, KEY);
  const project = (await invokeInPage(app.browser, "project_create", { name: "Installed", parentDir: join(app.home, "p") })).ok;
  assert.ok(project?.id);
  const started = await generateInPage(app.browser, textGeneration(project.id, "A sign-in page"));
  assert.ok(started.ok, JSON.stringify(started));
  const events = await poll("the generation to finish", async () => {
    const all = await eventsInPage(app.browser);
    return all.some((e) => e.type === "finished") ? all : null;
  }, { timeout: 60_000, interval: 200 });
  const texts = events.filter((e) => e.type === "assistant").map((e) => e.text).join("");
  assert.doesNotMatch(texts, /not offered/, "screenshot_preview was offered to the model");
  const shot = events.find((e) => e.type === "tool_result" && e.name === "screenshot_preview");
  assert.ok(shot, `no screenshot_preview result: ${JSON.stringify(events.map((e) => e.type))}`);
  assert.ok(shot.ok, `screenshot_preview failed: ${shot.summary}`);

  // The stored page in a sandboxed frame, as the UI shows it: Tailwind comes from the app.
  await poll(
    "the version to be stored",
    async () => (await invokeInPage(app.browser, "project_versions", { projectId: project.id })).ok?.current_version === started.ok.version_id,
    { timeout: 30_000, interval: 200 },
  );
  await app.browser.execute((url) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.style.cssText = "width:800px;height:600px;position:fixed;left:0;top:0;z-index:99999;background:white";
    frame.dataset.testid = "installed-preview";
    frame.onload = () => {
      window.__previewLoaded = true;
    };
    frame.src = url;
    document.body.appendChild(frame);
  }, started.ok.variants[0].preview_url);
  await poll("the preview to load", () => app.browser.execute(() => window.__previewLoaded === true), { timeout: 20_000, interval: 100 });
  await app.browser.switchFrame(await app.browser.$('[data-testid="installed-preview"]'));
  const styled = await poll("Tailwind to style the page", () =>
    app.browser.execute(() => {
      const h1 = document.querySelector("h1");
      const button = document.querySelector("button");
      if (!h1 || !button) return null;
      const weight = getComputedStyle(h1).fontWeight;
      const background = getComputedStyle(button).backgroundColor;
      return weight === "700" && background !== "rgba(0, 0, 0, 0)" ? { title: h1.textContent, weight, background } : null;
    }),
  { timeout: 20_000, interval: 200 });
  assert.equal(styled.title, PAGE_TITLE);
  await app.browser.switchFrame(null);
  await saveDrawnScreenshot(app.browser, "installed-preview");
});
