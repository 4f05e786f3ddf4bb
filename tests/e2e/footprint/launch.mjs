// Launch → interactive start screen, as a user starts the app (no WebDriver), cold and warm,
// and the idle memory once it has settled.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { APP_BINARY, IDENTIFIER, poll, waitForAppExit } from "../harness.mjs";
import { cpuBetween, memoryByRole, treeCpu } from "../procs.mjs";

/** Drop the page cache, for a cold launch (root only); whether it was dropped. */
export function dropCaches() {
  try {
    writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}

function homeEnv(home) {
  return { ...process.env, XDG_DATA_HOME: join(home, "data"), XDG_CONFIG_HOME: join(home, "config"), XDG_CACHE_HOME: join(home, "cache") };
}

/** Every "start screen interactive" line's uptime in the app's log, oldest first. */
function interactiveTimes(home) {
  const dir = join(home, "data", IDENTIFIER, "logs");
  if (!existsSync(dir)) return [];
  const times = [];
  for (const name of readdirSync(dir).sort()) {
    for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
      const match = line.includes("start screen interactive") && /uptime_ms=(\d+)/.exec(line);
      if (match) times.push(Number(match[1]));
    }
  }
  return times;
}

/** Start the binary, wait for the start screen, optionally let it settle and read its memory, stop it. */
export async function launchOnce(home, { measureIdle = false } = {}) {
  await waitForAppExit();
  const earlier = interactiveTimes(home).length;
  const started = Date.now();
  const child = spawn(APP_BINARY, [], { env: homeEnv(home), stdio: "ignore" });
  try {
    const uptimeMs = await poll("the start screen to report it is interactive", () => interactiveTimes(home)[earlier], { timeout: 60_000, interval: 20 });
    const seenMs = Date.now() - started;
    let idle = null;
    if (measureIdle) {
      // Idle: the tree has used under 2 % of a core over the last second.
      let last = treeCpu(child.pid);
      await poll(
        "the app to settle",
        async () => {
          await new Promise((r) => setTimeout(r, 1000));
          const now = treeCpu(child.pid);
          const used = Object.values(cpuBetween(last, now)).reduce((a, b) => a + b, 0);
          last = now;
          return used < 0.02;
        },
        { timeout: 60_000, interval: 0 },
      );
      idle = memoryByRole(child.pid);
    }
    return { uptimeMs, seenMs, idle };
  } finally {
    child.kill("SIGTERM");
    await waitForAppExit();
  }
}
