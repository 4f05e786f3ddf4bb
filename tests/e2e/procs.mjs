// Reading a process tree from /proc: who is part of the app, how much memory it holds (PSS,
// which shares each shared page among the processes that map it) and how much CPU it used.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function stat(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, "utf8");
  const name = text.slice(text.indexOf("(") + 1, text.lastIndexOf(")"));
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 of proc(5): state; ppid is 4, utime 14, stime 15, starttime 22.
  return { pid, name, ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]), startTicks: Number(fields[19]) };
}

/** `root` and every process below it: [{pid, name, ppid, cpuTicks, startTicks}]. */
export function processTree(root) {
  const all = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      all.push(stat(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  const tree = all.filter((p) => p.pid === root);
  for (let i = 0; i < tree.length; i++) {
    for (const p of all) if (p.ppid === tree[i].pid) tree.push(p);
  }
  return tree;
}

/** Proportional set size of one process, in KiB (0 when it is gone). */
export function pssKiB(pid) {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Memory of the whole tree, in MiB, in all and by process name. */
export function treeMemory(root) {
  const byName = {};
  let total = 0;
  for (const p of processTree(root)) {
    const kib = pssKiB(p.pid);
    total += kib;
    byName[p.name] = (byName[p.name] ?? 0) + kib / 1024;
  }
  return { totalMiB: total / 1024, byName };
}

/** CPU seconds used so far, by pid, for the tree. */
export function treeCpu(root) {
  const out = new Map();
  for (const p of processTree(root)) out.set(p.pid, { name: p.name, seconds: p.cpuTicks / TICKS_PER_SECOND });
  return out;
}

/** CPU seconds used between two `treeCpu` readings, by process name. */
export function cpuBetween(before, after) {
  const byName = {};
  for (const [pid, now] of after) {
    const used = now.seconds - (before.get(pid)?.seconds ?? 0);
    byName[now.name] = (byName[now.name] ?? 0) + used;
  }
  return byName;
}

/**
 * The app's processes by role: the app itself, the UI's web process (the oldest WebKit web
 * process: the main window's, made at launch; previews given processes of their own come
 * later), other web processes, WebKit's network process, Chromium (the fidelity renderer).
 */
export function roles(root) {
  const tree = processTree(root);
  const webs = tree.filter((p) => p.name.startsWith("WebKitWebProc")).sort((a, b) => a.startTicks - b.startTicks || a.pid - b.pid);
  const ui = webs[0]?.pid ?? null;
  const out = new Map();
  const role = (p) => {
    if (p.pid === root) return "app";
    if (p.pid === ui) return "UI web";
    if (p.name.startsWith("WebKitWebProc")) return "other web";
    if (p.name.startsWith("WebKitNetwork")) return "network";
    // Chromium's helpers name themselves ("exe", thread-pool names): they belong to it.
    if (/chrom/i.test(p.name) || out.get(p.ppid) === "chromium") return "chromium";
    return p.name;
  };
  // processTree lists parents before their children.
  for (const p of tree) out.set(p.pid, role(p));
  return out;
}

/** PSS of the tree by role and in all, in MiB: {totalMiB, byRole}. */
export function memoryByRole(root) {
  const byRole = {};
  let total = 0;
  for (const [pid, role] of roles(root)) {
    const mib = pssKiB(pid) / 1024;
    total += mib;
    byRole[role] = (byRole[role] ?? 0) + mib;
  }
  return { totalMiB: total, byRole };
}

