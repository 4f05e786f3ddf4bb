// Memory of the app's processes sampled from /proc while something runs: the peak of their sum
// (what the machine had to hold at once) and each role's own peak.
import { memoryByRole, roles, treeCpu, cpuBetween } from "../procs.mjs";

export function sampleMemory(root, intervalMs = 250) {
  const peak = { totalMiB: 0, atPeak: {}, byRole: {} };
  const take = () => {
    const now = memoryByRole(root);
    if (now.totalMiB > peak.totalMiB) Object.assign(peak, { totalMiB: now.totalMiB, atPeak: now.byRole });
    for (const [role, mib] of Object.entries(now.byRole)) peak.byRole[role] = Math.max(peak.byRole[role] ?? 0, mib);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/** Wait until the app's tree uses under `cores` of CPU over a second (at most `timeout` ms); whether it did. */
export async function settle(root, { cores = 0.1, timeout = 60_000 } = {}) {
  const started = Date.now();
  let last = treeCpu(root);
  while (Date.now() - started < timeout) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = treeCpu(root);
    const used = Object.values(cpuBetween(last, now)).reduce((a, b) => a + b, 0);
    last = now;
    if (used < cores) return true;
  }
  return false;
}

export { roles };
