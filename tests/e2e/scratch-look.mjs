// Scratch: look at screens as a designer (not committed).
import { launchApp, saveDrawnScreenshot, chooseScreenshot, invokeInPage, useMockOpenAi, waitForWindow, poll } from "./harness.mjs";
import { startMockVendor } from "./mock-vendor.mjs";
import { readFileSync } from "node:fs";
process.env.S2C_E2E_ARTIFACTS = "/tmp/h31a-shots";
const app = await launchApp();
const b = app.browser;
try {
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await saveDrawnScreenshot(b, "01-first-run");
  await chooseScreenshot(b, readFileSync(new URL("../fixtures/samples/login.png", import.meta.url)).toString("base64"));
  await (await b.$("button*=Generate")).click();
  await poll("generate error", async () => (await b.$('[data-testid="generate-error"]')).isExisting());
  await saveDrawnScreenshot(b, "02-generate-no-key");
  const recent = await invokeInPage(b, "project_list_recent", {});
  console.log("recent after failed generate:", JSON.stringify(recent));
  // Now a key, via the mock
  const vendor = await startMockVendor({});
  await useMockOpenAi(b, "http://127.0.0.1:9/v1", "sk-test-unreachable-0123456789");
  await b.refresh(); await waitForWindow(b);
  await (await b.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20000 });
  await chooseScreenshot(b, readFileSync(new URL("../fixtures/samples/login.png", import.meta.url)).toString("base64"));
  await saveDrawnScreenshot(b, "03-with-key");
  await (await b.$("button*=Generate")).click();
  await new Promise((r) => setTimeout(r, 20000));
  await saveDrawnScreenshot(b, "04-unreachable");
  await vendor.close();
} finally {
  await app.close();
}
