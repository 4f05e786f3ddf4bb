// The installed app updates itself (run by scripts/test-updater.sh, which installed version
// S2C_UPDATE_FROM with apt and made the feeds under S2C_UPDATE_FEEDS for S2C_UPDATE_TO):
//   1. no update server: the check at start says nothing on screen and writes one log line;
//   2. the nightly channel, chosen in Settings, whose package does not match its signature:
//      refused with a clear message, the old version still installed and working;
//   3. the stable channel, as root: downloaded with progress, installed with apt, and the app
//      restarts as the new version;
//   4. as a user who cannot get root: the update found at start, downloaded and checked, then
//      the command to run; once it ran, Restart starts the new version.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { ARTIFACTS, appProcesses, invokeInPage, launchApp, poll, saveDrawnScreenshot, WINDOW_TITLE } from "../harness.mjs";
import { inkShare } from "../png.mjs";
import { captureWindow } from "../screen.mjs";

const FEEDS = process.env.S2C_UPDATE_FEEDS;
const PORT = Number(process.env.S2C_UPDATE_PORT);
const FROM = process.env.S2C_UPDATE_FROM;
const TO = process.env.S2C_UPDATE_TO;
const PACKAGE = process.env.S2C_UPDATE_PACKAGE;
const FIRST_DEB = process.env.S2C_UPDATE_FIRST_DEB;
const AS_USER = process.env.S2C_UPDATE_AS_USER;
const USER_ID = process.env.S2C_UPDATE_USER_ID;

/** Which feed each channel's latest.json is taken from, as the test goes on. */
const feedOf = { stable: "good", nightly: "tampered" };
const requests = [];
let server;
let app;

const escaped = (text) => text.replaceAll(".", "\\.");

function installedVersion() {
  return execFileSync("dpkg-query", ["-W", "-f", "${Version}", PACKAGE], { encoding: "utf8" }).trim();
}

function logLines(dataDir) {
  const dir = join(dataDir, "logs");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".log"))
    .flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n"));
}

function uidOf(pid) {
  return readFileSync(`/proc/${pid}/status`, "utf8").match(/^Uid:\s+(\d+)/m)?.[1];
}

function serve() {
  return new Promise((ok, fail) => {
    server = createServer((req, res) => {
      requests.push(req.url);
      const [, channel, file] = req.url.match(/^\/(stable|nightly)\/(latest\.json)$/) ?? [];
      const path = channel ? join(FEEDS, feedOf[channel], file) : join(FEEDS, decodeURIComponent(req.url));
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

async function openAboutAndUpdates(browser) {
  await (await browser.$("button=Settings")).click();
  await (await browser.$("button=About & updates")).click();
  await (await browser.$('[data-testid="about-version"]')).waitForDisplayed({ timeout: 10_000 });
}

async function chooseChannel(browser, label) {
  await (await browser.$("#update-channel")).selectByVisibleText(label);
}

async function checkFromSettings(browser) {
  await (await browser.$("button=Check for updates")).click();
  const notice = await browser.$('[data-testid="update-notice"]');
  await notice.waitForDisplayed({ timeout: 30_000, timeoutMsg: "no update notice after Check for updates" });
  await (await browser.$(`h2=Version ${TO} is available`)).waitForDisplayed({ timeout: 10_000 });
}

/** The app restarted by itself (not through the driver): wait for the new process to say it is TO. */
async function restartedAs(oldPids, dataDir, screenshot) {
  const pid = await poll("the app to start again as a new process", () => appProcesses().find((p) => !oldPids.includes(p)), { timeout: 90_000, interval: 250 });
  await poll(`the restarted app to log that it is ${TO}`, () => logLines(dataDir).some((l) => new RegExp(`app started version=${escaped(TO)} `).test(l)), {
    timeout: 60_000,
    interval: 250,
  });
  const shot = await poll("the new version's window to be drawn", async () => {
    try {
      const png = await captureWindow(WINDOW_TITLE);
      return inkShare(png) >= 0.01 ? png : null;
    } catch {
      return null;
    }
  }, { timeout: 60_000, interval: 500 });
  writeFileSync(join(ARTIFACTS, `${screenshot}.png`), shot);
  assert.ok(appProcesses().includes(pid), `the new version (pid ${pid}) keeps running`);
  return pid;
}

function stopApp() {
  for (const pid of appProcesses()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}

before(() => {
  assert.ok(FEEDS && PORT && FROM && TO && PACKAGE && FIRST_DEB && AS_USER && USER_ID, "run by scripts/test-updater.sh");
  assert.equal(installedVersion(), FROM);
});

after(async () => {
  stopApp();
  await app?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
});

test("without an update server the check at start is quiet: one line in the log, nothing on screen", async () => {
  app = await launchApp();
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  const line = await poll("the check at start to give up", () => logLines(app.dataDir).find((l) => l.includes("update check skipped")), { timeout: 40_000, interval: 250 });
  assert.match(line, /can't be reached/);
  assert.deepEqual(logLines(app.dataDir).filter((l) => /updat/i.test(l)), [line], "exactly one line about updates");
  assert.equal(await (await app.browser.$('[data-testid="update-notice"]')).isExisting(), false, "no update notice");
  assert.equal(await (await app.browser.$('[role="alert"]')).isExisting(), false, "no error on screen");
});

test("on the nightly channel, a package that does not match its signature is refused and the old version keeps working", async () => {
  await serve();
  await openAboutAndUpdates(app.browser);
  const about = await (await app.browser.$('[data-testid="about-version"]')).getText();
  assert.match(about, new RegExp(`${escaped(FROM)} \\(commit [0-9a-f]{7,}\\)`));
  await chooseChannel(app.browser, "Nightly");
  await checkFromSettings(app.browser);
  assert.ok(requests.includes("/nightly/latest.json"), `the nightly feed was asked: ${requests.join(", ")}`);
  await (await app.browser.$("button=What's new")).click();
  assert.match(await (await app.browser.$('[data-testid="update-notes"]')).getText(), /updater test/);
  await saveDrawnScreenshot(app.browser, "update-available");
  await (await app.browser.$("button=Install and restart")).click();
  const refused = await app.browser.$('[data-testid="update-notice"] [role="alert"]');
  await refused.waitForDisplayed({ timeout: 60_000, timeoutMsg: "no message after the refused download" });
  const message = await refused.getText();
  assert.match(message, /did not match its signature/);
  assert.match(message, new RegExp(`still on version ${escaped(FROM)}`));
  await saveDrawnScreenshot(app.browser, "update-refused");
  assert.ok(requests.some((r) => r.startsWith("/files/tampered/")), "the package was downloaded before it was refused");
  assert.equal(installedVersion(), FROM, "nothing was installed");
  const info = await invokeInPage(app.browser, "app_info", {});
  assert.equal(info.ok?.version, FROM, `the app still answers as ${FROM}: ${JSON.stringify(info)}`);
  await (await (await app.browser.$('[data-testid="update-notice"]')).$("button=Close")).click();
});

test("as root, the stable package is downloaded with progress, installed with apt, and the app restarts as the new version", async () => {
  await chooseChannel(app.browser, "Stable");
  await checkFromSettings(app.browser);
  assert.ok(requests.includes("/stable/latest.json"), "the stable feed was asked");
  const oldPids = appProcesses();
  await (await app.browser.$("button=Install and restart")).click();
  // What the card said on the way, until the app quit (which ends the WebDriver session).
  const seen = new Set();
  await poll("the app to install the update and quit", async () => {
    try {
      seen.add(await (await app.browser.$('[data-testid="update-notice"]')).getAttribute("data-state"));
      return false;
    } catch {
      return true;
    }
  }, { timeout: 240_000, interval: 50 }).catch(() => undefined);
  assert.ok(seen.has("downloading") || seen.has("installing"), `the card showed the download: ${[...seen].join(", ")}`);
  assert.equal(installedVersion(), TO, `version ${TO} is installed`);
  await restartedAs(oldPids, app.dataDir, "update-restarted-root");
  stopApp();
  await app.close();
});

test("as a user who cannot get root, the update found at start comes with the command to run, then Restart starts it", async () => {
  execFileSync("apt-get", ["install", "-y", "-qq", "--allow-downgrades", FIRST_DEB], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, stdio: "ignore" });
  assert.equal(installedVersion(), FROM);
  app = await launchApp({ application: AS_USER });
  const [pid] = appProcesses();
  assert.equal(uidOf(pid), USER_ID, "the app runs as the unprivileged user");
  // Found by the check at start: nobody asked.
  await (await app.browser.$(`h2=Version ${TO} is available`)).waitForDisplayed({ timeout: 30_000, timeoutMsg: "the check at start did not offer the update" });
  await (await app.browser.$("button=Install and restart")).click();
  const command = await app.browser.$('[data-testid="update-command"]');
  await command.waitForDisplayed({ timeout: 120_000, timeoutMsg: "no command to run after the download" });
  const text = await command.getText();
  assert.match(text, /^sudo apt install '.+\.deb'$/);
  assert.match(await (await app.browser.$('[data-testid="update-manual"]')).getText(), /administrator/);
  await saveDrawnScreenshot(app.browser, "update-needs-admin");
  assert.equal(installedVersion(), FROM, "nothing was installed yet");
  // The person runs it in a terminal (this test is root already: the same command without sudo).
  execFileSync("sh", ["-c", text.replace(/^sudo /, "")], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, stdio: "ignore" });
  assert.equal(installedVersion(), TO);
  const oldPids = appProcesses();
  // The app quits while the click is answered, which can end the WebDriver session mid-reply.
  await (await app.browser.$("button=Restart")).click().catch(() => undefined);
  const restarted = await restartedAs(oldPids, app.dataDir, "update-restarted-user");
  assert.equal(uidOf(restarted), USER_ID, "the new version runs as the same user");
});
