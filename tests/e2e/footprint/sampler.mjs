// The app's processes sampled from /proc while something runs: the peak of their summed memory
// (what the machine had to hold at once), each role's own peak, and the CPU each role used —
// counting processes that came and went between the first and last sample (Chromium's
// renderers), up to their last sample.
import { cpuBetween, memoryByRole, roles, treeCpu } from "../procs.mjs";

// Memory is read every `memoryEvery`-th sample: reading a process's smaps_rollup walks its page
// tables, and WebKit's and Chromium's address spaces are large — at 4 Hz, this harness took
// ~0.1 core of the two the app is measured on, from the window. Memory moves slowly; a second
// is fine grain for its peak.
export function sampleTree(root, intervalMs = 250, memoryEvery = 4) {
  const peak = { totalMiB: 0, atPeak: {}, byRole: {} };
  const before = treeCpu(root);
  const lastCpu = new Map(); // pid -> {role, seconds}
  let tick = 0;
  const take = (memory = tick++ % memoryEvery === 0) => {
    if (memory) readMemory();
    const roleOf = roles(root);
    for (const [pid, { seconds }] of treeCpu(root)) lastCpu.set(pid, { role: roleOf.get(pid) ?? "?", seconds });
  };
  const readMemory = () => {
    const now = memoryByRole(root);
    if (now.totalMiB > peak.totalMiB) Object.assign(peak, { totalMiB: now.totalMiB, atPeak: now.byRole });
    for (const [role, mib] of Object.entries(now.byRole)) peak.byRole[role] = Math.max(peak.byRole[role] ?? 0, mib);
  };
  take(true);
  const timer = setInterval(() => take(), intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take(true);
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
