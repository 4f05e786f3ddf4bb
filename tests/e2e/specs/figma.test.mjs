// A Figma frame in the real window, against a mock of Figma's API and image store (the debug
// build takes renders from the test image host S2C_TEST_FIGMA_IMAGE_HOST names) and the mock
// vendor: a pasted link shows the frame's name and picture before anything is imported or paid
// for; a link to a text layer says it is not a frame; a link Figma does not know fails on
// Generate without leaving an empty project behind; the frame's link generates a page from
// the frame's render and design tokens.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { invokeInPage, launchApp, poll, saveDrawnScreenshot, useMockOpenAi, waitForWindow } from "../harness.mjs";
import { FILE_KEY, LINK, startMockFigma, TEXT_LINK, TOKEN } from "../mock-figma.mjs";
import { startMockVendor } from "../mock-vendor.mjs";

const KEY = "sk-e2e-figma-0123456789abcdef";
const MODEL = "gpt-5.4";
const MISSING_LINK = `https://www.figma.com/design/${FILE_KEY}/Marketing-site?node-id=9-9`;

let vendor;
let figma;
let app;

const browser = () => app.browser;
const byTestId = (id) => browser().$(`[data-testid="${id}"]`);

async function until(what, check, timeout = 30_000) {
  await poll(what, check, { timeout, interval: 150 });
}

async function recentCount() {
  return (await invokeInPage(browser(), "project_list_recent", {})).ok.length;
}

async function addLink(link) {
  const open = await browser().$("button*=Figma frame…");
  if ((await open.getAttribute("aria-expanded")) !== "true") await open.click();
  const field = await browser().$("#figma-url");
  await field.waitForDisplayed({ timeout: 10_000 });
  await field.setValue(link);
  await browser().keys("Enter");
}

async function removeTrayItem() {
  await browser().execute(() => document.querySelector('[data-testid="input-tray"] button[aria-label^="Remove"]')?.click());
  await until("an empty tray", async () => !(await (await byTestId("input-tray")).isExisting()));
}

before(async () => {
  figma = await startMockFigma();
  vendor = await startMockVendor({ delayMs: () => 5 });
  app = await launchApp({ env: { S2C_TEST_FIGMA_IMAGE_HOST: figma.imageHost } });
  await useMockOpenAi(browser(), vendor.url, KEY);
  const settings = await invokeInPage(browser(), "settings_get", {});
  const saved = await invokeInPage(browser(), "settings_update", {
    settings: { ...settings.ok.settings, base_urls: { ...settings.ok.settings.base_urls, figma: figma.apiUrl } },
  });
  assert.ok(saved.ok, JSON.stringify(saved));
  const stored = await invokeInPage(browser(), "key_set", { provider: "figma", key: TOKEN });
  assert.ok(stored.ok?.set, JSON.stringify(stored));
  await browser().refresh();
  await waitForWindow(browser());
  await (await browser().$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
});

after(async () => {
  await app?.close();
  await vendor?.close();
  await figma?.close();
});

test("a pasted frame link shows the frame's name and picture before anything is imported", async () => {
  await addLink(LINK);
  await until("the frame's name in the tray", async () => (await (await byTestId("input-detail")).isExisting()));
  const item = await browser().execute(() => document.querySelector('[data-testid="input-item"]')?.textContent ?? "");
  assert.match(item, /Pricing/);
  assert.match(item, /Frame · 1440 × 900 · Marketing site/);
  const thumb = await browser().execute(() => document.querySelector('[data-testid="input-thumb"] img')?.getAttribute("src") ?? "");
  assert.match(thumb, /^data:image\/png;base64,/);
  await saveDrawnScreenshot(browser(), "figma-peek");

  // One light look: the node without its subtree, a small render, no project, no model.
  const api = figma.requests.filter((r) => r.host === "api");
  assert.deepEqual(
    api.map((r) => new URL(r.path, "http://x").pathname),
    [`/v1/files/${FILE_KEY}/nodes`, `/v1/images/${FILE_KEY}`],
  );
  assert.equal(new URL(api[0].path, "http://x").searchParams.get("depth"), "1");
  assert.ok(Number(new URL(api[1].path, "http://x").searchParams.get("scale")) < 1, api[1].path);
  assert.ok(figma.requests.filter((r) => r.host === "images").every((r) => r.token === null), "the token never goes to the image store");
  assert.equal(await recentCount(), 0);
  assert.equal(vendor.requests.length, 0);
  await removeTrayItem();
});

test("a link to a text layer says it is not a frame, and Generate waits", async () => {
  await addLink(TEXT_LINK);
  const problem = await byTestId("input-problem");
  await problem.waitForDisplayed({ timeout: 20_000 });
  assert.equal(await problem.getText(), "“Title” is a text layer, not a frame. In Figma, right-click a frame → Copy link.");
  assert.equal(await (await browser().$("button*=Generate")).isEnabled(), false);
  await saveDrawnScreenshot(browser(), "figma-not-a-frame");
  await removeTrayItem();
});

test("a link Figma does not know fails on Generate and leaves no empty project behind", async () => {
  await addLink(MISSING_LINK);
  const warning = await byTestId("input-warning");
  await warning.waitForDisplayed({ timeout: 20_000 });
  assert.match(await warning.getText(), /Figma has no such node 9:9/);
  await (await browser().$("button*=Generate")).click();
  const error = await byTestId("generate-error");
  await error.waitForDisplayed({ timeout: 20_000 });
  assert.match(await error.getText(), /^Figma has no such node 9:9: check the link/);
  assert.equal(await recentCount(), 0, "no ghost project in the recent list");
  await saveDrawnScreenshot(browser(), "figma-missing-node");
  await removeTrayItem();
  assert.equal(await (await byTestId("generate-error")).isExisting(), false, "the old error went with the link");
});

test("the frame generates a page from its render and design tokens", async () => {
  await addLink(LINK);
  await until("the frame's name in the tray", async () => (await (await byTestId("input-detail")).isExisting()));
  await (await browser().$('//div[@role="radiogroup"]/button[normalize-space()="1"]')).click();
  await (await browser().$("#gen-model-0")).selectByAttribute("value", MODEL);
  await (await browser().$("button*=Generate")).click();
  await until("the project view", async () => (await browser().execute(() => document.querySelector('[data-testid="project-name"]')?.textContent ?? "")) !== "");
  const projectId = (await invokeInPage(browser(), "project_list_recent", {})).ok[0].id;
  await until("the generation to be stored", async () => {
    const tree = (await invokeInPage(browser(), "project_versions", { projectId })).ok;
    return tree?.current_version != null;
  }, 45_000);

  const first = vendor.requests.find((r) => r.path.endsWith("/responses"));
  assert.ok(first.images >= 1, "the vendor saw the frame's render");
  assert.ok(first.texts.some((t) => t.includes("Pricing")), "and the frame's design tokens");
  const inputs = (await invokeInPage(browser(), "project_inputs", { projectId })).ok.map((i) => i.path);
  assert.deepEqual(inputs.sort(), ["inputs/Pricing.figma.json", "inputs/Pricing@1x.png", "inputs/Pricing@2x.png"]);
  await until("the history to say it was made from Figma", async () => (await browser().execute(() => document.querySelector('[data-testid="history-input-kind"]')?.getAttribute("data-kind"))) === "figma");
  await saveDrawnScreenshot(browser(), "figma-generated");
});
