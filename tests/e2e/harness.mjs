// Start the real app through tauri-driver (which drives WebKitWebDriver) and hand back a
// WebdriverIO session. Each app gets private XDG folders so its logs and data are inspectable
// and never touch the user's own.
//
// Nothing here waits for a fixed time: every wait polls for the thing it needs (a port that
// accepts, a process that is gone, a window that has drawn) with a bounded timeout and says
// what it was waiting for when it gives up.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import net from "node:net";
import { remote } from "webdriverio";
import { inkShare } from "./png.mjs";
import { captureWindow } from "./screen.mjs";

export const APP_BINARY = resolve(
  process.env.S2C_APP_BINARY ?? join(process.env.CARGO_TARGET_DIR ?? "../../target", "debug", "s2c-desktop"),
);
export const ARTIFACTS = resolve(process.env.S2C_E2E_ARTIFACTS ?? "artifacts");
export const IDENTIFIER = "app.screenshottocode.desktop";
/** The main window's title (tauri.conf.json). */
export const WINDOW_TITLE = "Screenshot to Code";

/** Call `check` until it returns something truthy (returned), or fail after `timeout` ms. */
export async function poll(what, check, { timeout = 30_000, interval = 100 } = {}) {
  const started = Date.now();
  let lastError;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - started > timeout) {
      const cause = lastError ? ` (last error: ${lastError.message ?? lastError})` : "";
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${cause}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

async function freePort() {
  return new Promise((ok, fail) => {
    const server = net.createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

function accepts(port) {
  return new Promise((ok) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      ok(true);
    });
    socket.on("error", () => ok(false));
  });
}

/** The ids of the processes running the app binary (the app itself, not its WebKit helpers). */
export function appProcesses() {
  let binary = APP_BINARY;
  try {
    binary = realpathSync(APP_BINARY);
  } catch {
    // Not built: nothing can be running it.
  }
  const pids = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // A binary rebuilt while it ran shows as "… (deleted)".
      if (readlinkSync(`/proc/${name}/exe`).replace(/ \(deleted\)$/, "") === binary) pids.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return pids;
}

/**
 * Wait until no process runs the app. The app is single-instance (over the session D-Bus), so
 * a launch while an earlier one is still shutting down would only focus the old window.
 */
export async function waitForAppExit({ timeout = 15_000, kill = true } = {}) {
  try {
    await poll("the previous app process to exit", () => appProcesses().length === 0, { timeout });
  } catch (error) {
    if (!kill) throw error;
    const left = appProcesses();
    console.warn(`the app did not exit within ${timeout} ms (pids ${left.join(", ")}): killing it`);
    for (const pid of left) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await poll("the killed app process to be gone", () => appProcesses().length === 0, { timeout: 5_000 });
  }
}

/** Every file under `dir`, at any depth: what a secrets scan reads. */
export function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isDirectory()) out.push(...filesUnder(path));
    else if (info.isFile()) out.push(path);
  }
  return out;
}

/**
 * Launch the app; pass the `home` of an earlier launch to restart it on the same data, and an
 * `application` to start something that execs the app (its processes still run APP_BINARY).
 */
export async function launchApp({ home = mkdtempSync(join(tmpdir(), "s2c-e2e-")), env: extraEnv = {}, application = APP_BINARY } = {}) {
  await waitForAppExit();
  const env = {
    ...process.env,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
    ...extraEnv,
  };
  const port = await freePort();
  const nativePort = await freePort();
  const driver = spawn(
    process.env.TAURI_DRIVER ?? "tauri-driver",
    ["--port", String(port), "--native-port", String(nativePort)],
    // Its own process group, so closing also ends the WebKitWebDriver it starts.
    { env, stdio: ["ignore", "inherit", "inherit"], detached: true },
  );
  const driverGone = () => driver.exitCode !== null || driver.signalCode !== null;
  const stopDriver = async () => {
    if (!driverGone()) {
      try {
        process.kill(-driver.pid, "SIGTERM");
      } catch {
        driver.kill();
      }
      await poll("tauri-driver to exit", driverGone, { timeout: 5_000 }).catch(() => {
        try {
          process.kill(-driver.pid, "SIGKILL");
        } catch {
          // already gone
        }
      });
    }
  };
  let browser;
  try {
    // tauri-driver listens at once but starts WebKitWebDriver behind it: a session request that
    // arrives before the native driver listens is dropped (UND_ERR_SOCKET). Wait for both.
    const listening = async (p) => {
      if (driverGone()) throw new Error(`tauri-driver exited (${driver.exitCode ?? driver.signalCode})`);
      return accepts(p);
    };
    await poll(`tauri-driver to listen on port ${port}`, () => listening(port), { timeout: 20_000 });
    await poll(`WebKitWebDriver to listen on port ${nativePort}`, () => listening(nativePort), { timeout: 20_000 });
    browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "warn",
      connectionRetryCount: 0,
      // WebKitWebDriver matches no browserName: leave it out.
      capabilities: { "tauri:options": { application } },
    });
    await waitForWindow(browser);
  } catch (error) {
    // A live driver would keep the test process from ever exiting.
    await browser?.deleteSession().catch(() => undefined);
    await stopDriver();
    await waitForAppExit();
    throw error;
  }
  return {
    browser,
    home,
    dataDir: join(env.XDG_DATA_HOME, IDENTIFIER),
    configDir: join(env.XDG_CONFIG_HOME, IDENTIFIER),
    async close() {
      await browser.deleteSession().catch(() => undefined);
      await stopDriver();
      await waitForAppExit();
    },
  };
}

/**
 * The UI has loaded and React has rendered into its root; on the start screen, it knows the
 * keys and settings (until then the first-run card may still appear and move what is below it).
 */
export async function waitForWindow(browser, timeout = 30_000) {
  await poll(
    "the app's page to load and render, and the start screen to know the keys and settings",
    () =>
      browser.execute(
        () =>
          document.readyState === "complete" &&
          (document.getElementById("root")?.childElementCount ?? 0) > 0 &&
          document.querySelector('[data-testid="start-screen"][aria-busy="true"]') === null,
      ),
    { timeout, interval: 100 },
  );
}

/**
 * Save a screenshot of the window once it shows something. Right after a change the window can
 * still show a frame that was not painted yet (an empty grey window), so wait for two animation
 * frames, then capture the window off the display until at least `minInk` of its pixels are off
 * the background. (Not WebKitWebDriver's screenshot: it hangs over a preview, see screen.mjs.)
 */
export async function saveDrawnScreenshot(browser, name, { minInk = 0.01, timeout = 15_000 } = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await browser.executeAsync((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  let last = 0;
  const png = await poll(
    `the window to be drawn before the screenshot ${name}.png`,
    async () => {
      const shot = await captureWindow(WINDOW_TITLE);
      last = inkShare(shot);
      return last >= minInk ? shot : null;
    },
    { timeout, interval: 200 },
  ).catch((error) => {
    throw new Error(`${error.message}; the last one had ${(last * 100).toFixed(2)} % ink`);
  });
  const path = join(ARTIFACTS, `${name}.png`);
  writeFileSync(path, png);
  return path;
}

/** A one-variant HTML + Tailwind generation of `text` with the mock vendor's model. */
export function textGeneration(projectId, text) {
  return {
    project_id: projectId,
    stack: "html_tailwind",
    source: { kind: "text", text },
    instructions: null,
    models: ["gpt-5.4"],
    design_system: null,
    generate_images: false,
    extract_assets: false,
  };
}

/** Put a PNG (base64) into the start screen's file input, as a drop or the file picker does. */
export async function chooseScreenshot(browser, base64, name = "login.png") {
  await browser.execute(
    (data, name) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: "image/png" }));
      const input = document.querySelector('[data-testid="file-input"]');
      input.files = transfer.files;
      input.dispatchEvent(new Event("change", { bubbles: true }));
    },
    base64,
    name,
  );
}

/** Call a Rust command from inside the page the way the UI does, returning {ok}|{err}. */
export async function invokeInPage(browser, cmd, args) {
  return browser.executeAsync(
    (cmd, args, done) => {
      window.__TAURI_INTERNALS__
        .invoke(cmd, args)
        .then((ok) => done({ ok }))
        .catch((err) => done({ err }));
    },
    cmd,
    args,
  );
}

/**
 * Start a generation from inside the page with a real ipc Channel, as the UI does; its events
 * collect in `window.__events`. Returns {ok: GenerationStarted} | {err}.
 */
export async function generateInPage(browser, request) {
  return browser.executeAsync((request, done) => {
    const internals = window.__TAURI_INTERNALS__;
    window.__events = window.__events ?? [];
    // What @tauri-apps/api's Channel does: a callback id, and messages that carry an index.
    const id = internals.transformCallback((raw) => {
      if (raw && typeof raw === "object" && "message" in raw) window.__events.push(raw.message);
    });
    internals
      .invoke("generation_start", { request, onEvent: `__CHANNEL__:${id}` })
      .then((ok) => done({ ok }))
      .catch((err) => done({ err }));
  }, request);
}

/** The events `generateInPage` has collected so far. */
export async function eventsInPage(browser) {
  return browser.execute(() => window.__events ?? []);
}

/** Point the app's OpenAI base URL at a mock vendor and store a key for it. */
export async function useMockOpenAi(browser, vendorUrl, key) {
  const settings = await invokeInPage(browser, "settings_get", {});
  const saved = await invokeInPage(browser, "settings_update", {
    settings: { ...settings.ok.settings, base_urls: { ...settings.ok.settings.base_urls, openai: vendorUrl } },
  });
  if (!saved.ok) throw new Error(`settings_update failed: ${JSON.stringify(saved)}`);
  const stored = await invokeInPage(browser, "key_set", { provider: "openai", key });
  if (!stored.ok?.set) throw new Error(`key_set failed: ${JSON.stringify(stored)}`);
}

/**
 * The app on a mock OpenAI vendor, at the start screen, with the agent's own fidelity rounds
 * off: for tests of something else (the preview, the background score) that a round would slow.
 */
export async function launchOnMockOpenAi(vendorUrl, key, { env = {} } = {}) {
  const app = await launchApp({ env });
  await waitForWindow(app.browser);
  await useMockOpenAi(app.browser, vendorUrl, key);
  const current = await invokeInPage(app.browser, "settings_get", {});
  const saved = await invokeInPage(app.browser, "settings_update", { settings: { ...current.ok.settings, fidelity_rounds: 0 } });
  if (!saved.ok) throw new Error(`turning the fidelity rounds off failed: ${JSON.stringify(saved)}`);
  await app.browser.refresh();
  await waitForWindow(app.browser);
  await (await app.browser.$("h1=Screenshot to Code")).waitForDisplayed({ timeout: 20_000 });
  return app;
}

/** Whether the app's own view of the page (where the platform has one) is on show and holds the
 *  page it was asked for. */
export async function ownViewShowsItsPage(browser) {
  const own = (await invokeInPage(browser, "native_preview_state", {})).ok;
  return Boolean(own?.shown && own.at !== null && own.at === own.url);
}

/**
 * Click the first `selector` in the shown preview where a person would: its centre on screen.
 * While visual editing, the app's layer over the frame takes the pointer and forwards the click
 * by position, and the Desktop preview may be scaled to fit, so the place is found from the
 * page's side and mapped through the frame's box and scale.
 */
export async function clickInPreview(browser, selector) {
  const frame = await browser.$('[data-testid="preview-frame"]');
  await browser.switchFrame(frame);
  const target = await browser.$(selector);
  await target.waitForExist({ timeout: 20_000 });
  // A page's elements have ids; a project's have their source locations.
  await poll("the element ids", async () => (await target.getAttribute("data-s2c-node")) !== null || (await target.getAttribute("data-s2c-loc")) !== null);
  await poll("the bridge in edit mode", async () => (await browser.execute(() => document.documentElement.style.cursor)) === "default");
  const inPage = await browser.execute((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, selector);
  await browser.switchFrame(null);
  // The app's own view of the page stays over the frame until the frame has drawn it.
  await poll("the app's view of the page to leave the frame on show", () => browser.execute(() => document.querySelector('[data-testid="native-preview"]') === null));
  const box = await browser.execute(() => {
    const f = document.querySelector('[data-testid="preview-frame"]');
    const r = f.getBoundingClientRect();
    return { x: r.left, y: r.top, scale: f.offsetWidth > 0 ? r.width / f.offsetWidth : 1 };
  });
  await browser
    .action("pointer", { parameters: { pointerType: "mouse" } })
    .move({ x: Math.round(box.x + inPage.x * box.scale), y: Math.round(box.y + inPage.y * box.scale) })
    .down()
    .up()
    .perform();
}

/**
 * Replace what a field holds with `text` as a person does: click it, select all, type.
 * WebDriver's own clear sets the DOM value without the input event React listens to, so a
 * re-render between the clear and the typing put the old value back ("8px" + "16").
 */
export async function typeInto(browser, element, text) {
  await element.click();
  await browser.keys(["Control", "a"]);
  await browser.keys(text);
  await poll(`the field to hold ${JSON.stringify(text)}`, async () => (await element.getValue()) === text, { timeout: 10_000 });
}
