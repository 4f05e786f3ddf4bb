import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer } from "node:http";
import { once } from "node:events";
import { invokeInPage, launchApp, poll, saveDrawnScreenshot } from "../harness.mjs";

const VERSION = JSON.parse(readFileSync(new URL("../../../ui/package.json", import.meta.url))).version;
let app;

before(async () => {
  app = await launchApp();
});

after(async () => {
  await app?.close();
});

test("the window shows the start screen", async () => {
  const heading = await app.browser.$("h1=Screenshot to Code");
  await heading.waitForDisplayed({ timeout: 20_000 });
  assert.ok(await app.browser.$('[data-testid="drop-zone"]').isDisplayed());
});

test("the UI gets app_info from Rust and shows it", async () => {
  const version = await app.browser.$('[data-testid="app-version"]');
  await version.waitForDisplayed({ timeout: 10_000 });
  assert.match(await version.getText(), new RegExp(`Screenshot to Code ${VERSION.replaceAll(".", "\\.")} · linux/`));

  const direct = await invokeInPage(app.browser, "app_info", {});
  assert.equal(direct.ok?.version, VERSION, JSON.stringify(direct));
});

test("a failing command answers {code, message}", async () => {
  const result = await invokeInPage(app.browser, "log_from_ui", { level: "warn", message: " " });
  assert.deepEqual(Object.keys(result.err ?? {}).sort(), ["code", "message"], JSON.stringify(result));
  assert.equal(result.err.code, "invalid_input");
});

test("the page has no global Tauri object and its CSP blocks the network", async () => {
  assert.equal(await app.browser.execute(() => typeof window.__TAURI__), "undefined");
  // A server that is really there, so only the CSP can stop the request.
  const server = createServer((_req, res) => res.end("hello")).listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const fetched = await app.browser.executeAsync((url, done) => {
      fetch(url)
        .then(() => done("reached"))
        .catch((e) => done(`blocked: ${e}`));
    }, url);
    assert.match(fetched, /^blocked/);
  } finally {
    server.close();
  }
});

test("the log file is written and scrubbed of keys", async () => {
  const key = "sk-proj-E2eSecretValue0123456789abcdef";
  const logged = await invokeInPage(app.browser, "log_from_ui", { level: "warn", message: `ui saw ${key}` });
  assert.deepEqual(logged, { ok: null });

  const logDir = join(app.dataDir, "logs");
  const readLogs = () =>
    readdirSync(logDir)
      .map((f) => readFileSync(join(logDir, f), "utf8"))
      .join("");
  const text = await poll("the UI's line in the log file", () => (readLogs().includes("ui saw") ? readLogs() : null), { timeout: 10_000 });
  assert.match(text, /app started/);
  assert.match(text, /ui saw \[REDACTED\]/);
  assert.ok(!text.includes("E2eSecretValue"), "the key reached the log file");
});

test("a screenshot of the window is saved as an artifact", async () => {
  await saveDrawnScreenshot(app.browser, "app-window");
});

test("the window refuses to leave the app for another site", async () => {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits += 1;
    res.end("<h1>elsewhere</h1>");
  }).listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    await app.browser.execute((url) => {
      window.location.href = url;
    }, url);
    // A refused navigation leaves the app's page in place: it keeps answering commands and
    // keeps its own address, and the other site is never asked.
    const info = await poll(
      "the app's page to answer after the navigation attempt",
      async () => (await invokeInPage(app.browser, "app_info", {})).ok,
      { timeout: 10_000 },
    );
    assert.equal(info.version, VERSION);
    assert.match(await app.browser.execute(() => window.location.href), /^(tauri:|https?:\/\/tauri\.localhost)/);
    assert.equal(hits, 0, "the other site was requested");
  } finally {
    server.close();
  }
});
