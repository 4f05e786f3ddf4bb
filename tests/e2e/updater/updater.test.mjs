// The installed app updates itself (run by scripts/test-updater.sh, which installed version
// S2C_UPDATE_FROM with apt and made the feeds under S2C_UPDATE_FEEDS for S2C_UPDATE_TO):
//   1. no update server: the check at start says nothing on screen and writes one log line;
//   2. a feed whose package signature does not match: refused with a clear message, the old
//      version still installed and working;
//   3. the good feed: found from Settings → Updates, downloaded with progress, installed with
//      apt, and the app restarts as the new version.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { APP_BINARY, ARTIFACTS, appProcesses, invokeInPage, launchApp, poll, saveDrawnScreenshot, WINDOW_TITLE } from "../harness.mjs";
import { captureWindow } from "../screen.mjs";

const FEEDS = process.env.S2C_UPDATE_FEEDS;
const PORT = Number(process.env.S2C_UPDATE_PORT);
const FROM = process.env.S2C_UPDATE_FROM;
const TO = process.env.S2C_UPDATE_TO;
const PACKAGE = process.env.S2C_UPDATE_PACKAGE;

let app;
let server;
let feed = "good";
const requests = [];

function installedVersion() {
  return execFileSync("dpkg-query", ["-W", "-f", "${Version}", PACKAGE], { encoding: "utf8" }).trim();
}

function logText() {
  const dir = join(app.dataDir, "logs");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".log"))
    .map((name) => readFileSync(join(dir, name), "utf8"))
    .join("");
}

function serve() {
  return new Promise((ok, fail) => {
    server = createServer((req, res) => {
      requests.push(req.url);
      const path = req.url.startsWith("/files/") ? join(FEEDS, decodeURIComponent(req.url)) : join(FEEDS, feed, req.url);
      let size;
      try {
        size = statSync(path).size;
      } catch {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-length": size, "content-type": path.endsWith(".json") ? "application/json" : "application/octet-stream" });
      createReadStream(path).pipe(res);
    });
    server.on("error", fail);
    server.listen(PORT, "127.0.0.1", ok);
  });
}

async function openUpdatesSettings() {
  const settingsButton = await app.browser.$("button=Settings");
  await settingsButton.click();
  await (await app.browser.$("button=Updates")).click();
  await (await app.browser.$('[data-testid="about-version"]')).waitForDisplayed({ timeout: 10_000 });
}

async function checkFromSettings() {
  await (await app.browser.$("button=Check for updates")).click();
  const notice = await app.browser.$('[data-testid="update-notice"]');
  await notice.waitForDisplayed({ timeout: 30_000, timeoutMsg: "no update notice after Check for updates" });
  return notice;
}

before(async () => {
  assert.ok(FEEDS && PORT && FROM && TO && PACKAGE, "run by scripts/test-updater.sh");
  assert.equal(installedVersion(), FROM);
  app = await launchApp();
});

after(async () => {
  for (const pid of appProcesses()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
  await app?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
});

test("without an update server the check at start is quiet: one line in the log, nothing on screen", async () => {
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  const line = await poll("the check at start to give up", () => logText().split("\n").find((l) => l.includes("update check skipped")), { timeout: 40_000, interval: 250 });
  assert.match(line, /can't be reached/);
  const updateLines = logText()
    .split("\n")
    .filter((l) => /updat/i.test(l));
  assert.deepEqual(updateLines, [line], "exactly one line about updates");
  assert.equal(await (await app.browser.$('[data-testid="update-notice"]')).isExisting(), false, "no update notice");
  assert.equal(await (await app.browser.$('[role="alert"]')).isExisting(), false, "no error on screen");
});

test("a package whose signature does not match is refused, and the old version keeps working", async () => {
  await serve();
  feed = "tampered";
  await openUpdatesSettings();
  const about = await (await app.browser.$('[data-testid="about-version"]')).getText();
  assert.match(about, new RegExp(`${FROM.replaceAll(".", "\\.")} \\(commit [0-9a-f]{7,}\\)`));
  await checkFromSettings();
  await (await app.browser.$(`h2=Version ${TO} is available`)).waitForDisplayed({ timeout: 10_000 });
  await (await app.browser.$("button=What's new")).click();
  assert.ok((await (await app.browser.$('[data-testid="update-notes"]')).getText()).length > 10, "the release notes show");
  await saveDrawnScreenshot(app.browser, "update-available");
  await (await app.browser.$("button=Install and restart")).click();
  const refused = await app.browser.$('[data-testid="update-notice"] [role="alert"]');
  await refused.waitForDisplayed({ timeout: 60_000, timeoutMsg: "no message after the refused download" });
  const message = await refused.getText();
  assert.match(message, /did not match its signature/);
  assert.match(message, new RegExp(`still on version ${FROM.replaceAll(".", "\\.")}`));
  await saveDrawnScreenshot(app.browser, "update-refused");
  assert.ok(requests.some((r) => r.startsWith("/files/")), "the package was downloaded before it was refused");
  assert.equal(installedVersion(), FROM, "nothing was installed");
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.ok(info.ok, `the app still answers: ${JSON.stringify(info)}`);
  await (await app.browser.$("button=Close")).click();
});

test("the good package is downloaded with progress, installed, and the app restarts as the new version", async () => {
  feed = "good";
  const oldPids = appProcesses();
  assert.ok(oldPids.length > 0);
  await checkFromSettings();
  await (await app.browser.$("button=Install and restart")).click();
  // The progress shows, then the app quits and starts again: the session ends with it.
  await poll("the download to show its progress", async () => {
    try {
      return (await (await app.browser.$('[data-testid="update-notice"]')).getAttribute("data-state")) !== "available";
    } catch {
      return true;
    }
  }, { timeout: 30_000, interval: 50 });
  await poll(`version ${TO} to be installed`, () => installedVersion() === TO, { timeout: 240_000, interval: 500 });
  const newPid = await poll("the app to start again as a new process", () => appProcesses().find((pid) => !oldPids.includes(pid)), { timeout: 60_000, interval: 250 });
  await poll(`the restarted app to say it is ${TO}`, () => logText().includes(`app started version=${TO}`) || logText().match(new RegExp(`app started.*version=${TO.replaceAll(".", "\\.")}`)), {
    timeout: 60_000,
    interval: 250,
  });
  const shot = await poll("the new version's window to be drawn", async () => {
    try {
      return await captureWindow(WINDOW_TITLE);
    } catch {
      return null;
    }
  }, { timeout: 60_000, interval: 500 });
  writeFileSync(join(ARTIFACTS, "update-restarted.png"), shot);
  assert.ok(appProcesses().includes(newPid), `the new version (pid ${newPid}) keeps running`);
  assert.equal(APP_BINARY, "/usr/bin/s2c-desktop");
});
