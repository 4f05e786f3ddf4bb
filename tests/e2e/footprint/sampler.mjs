// The app's processes sampled from /proc while something runs: the peak of their summed memory
// (what the machine had to hold at once), each role's own peak, and the CPU each role used —
// counting processes that came and went between the first and last sample (Chromium's
// renderers), up to their last sample.
import { cpuBetween, memoryByRole, roles, treeCpu } from "../procs.mjs";

export function sampleTree(root, intervalMs = 250) {
  const peak = { totalMiB: 0, atPeak: {}, byRole: {} };
  const before = treeCpu(root);
  const lastCpu = new Map(); // pid -> {role, seconds}
  const take = () => {
    const now = memoryByRole(root);
    if (now.totalMiB > peak.totalMiB) Object.assign(peak, { totalMiB: now.totalMiB, atPeak: now.byRole });
    for (const [role, mib] of Object.entries(now.byRole)) peak.byRole[role] = Math.max(peak.byRole[role] ?? 0, mib);
    const roleOf = roles(root);
    for (const [pid, { seconds }] of treeCpu(root)) lastCpu.set(pid, { role: roleOf.get(pid) ?? "?", seconds });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      const cpu = {};
      for (const [pid, { role, seconds }] of lastCpu) cpu[role] = (cpu[role] ?? 0) + seconds - (before.get(pid)?.seconds ?? 0);
      return { peak, cpu };
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
