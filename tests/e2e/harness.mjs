// Start the real app through tauri-driver (which drives WebKitWebDriver) and hand back a
// WebdriverIO session. Each app gets private XDG folders so its logs and data are inspectable
// and never touch the user's own.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import net from "node:net";
import { remote } from "webdriverio";

export const APP_BINARY = resolve(
  process.env.S2C_APP_BINARY ?? join(process.env.CARGO_TARGET_DIR ?? "../../target", "debug", "s2c-desktop"),
);
export const ARTIFACTS = resolve(process.env.S2C_E2E_ARTIFACTS ?? "artifacts");
export const IDENTIFIER = "app.screenshottocode.desktop";

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

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((ok) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        ok(true);
      });
      socket.on("error", () => ok(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tauri-driver did not listen on port ${port} within ${timeoutMs} ms`);
}

/** Launch the app; pass the `home` of an earlier launch to restart it on the same data. */
export async function launchApp({ home = mkdtempSync(join(tmpdir(), "s2c-e2e-")) } = {}) {
  const env = {
    ...process.env,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
  };
  const port = await freePort();
  const nativePort = await freePort();
  const driver = spawn(
    process.env.TAURI_DRIVER ?? "tauri-driver",
    ["--port", String(port), "--native-port", String(nativePort)],
    // Its own process group, so closing also ends the WebKitWebDriver it starts.
    { env, stdio: ["ignore", "inherit", "inherit"], detached: true },
  );
  const stopDriver = () =>
    new Promise((done) => {
      if (driver.exitCode !== null || driver.signalCode !== null) return done();
      driver.once("exit", () => done());
      try {
        process.kill(-driver.pid, "SIGTERM");
      } catch {
        driver.kill();
      }
      setTimeout(done, 3000).unref();
    });
  let browser;
  try {
    await waitForPort(port, 15_000);
    browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "warn",
      connectionRetryCount: 0,
      // WebKitWebDriver matches no browserName: leave it out.
      capabilities: { "tauri:options": { application: APP_BINARY } },
    });
  } catch (error) {
    // A live driver would keep the test process from ever exiting.
    await stopDriver();
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
    },
  };
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
