// One page handed over at several widths, on the start screen: which screenshots in the tray
// are the same page (the core's suggestion, then the user's changes), named as a designer
// names them ("Home: desktop 1440, mobile 390"), and the groups the create request carries.
import type { Breakpoint, ScreenshotWidth } from "../ipc";

/** Item keys, widest first; two or more, one per breakpoint. */
export type Group = string[];

/** What the user changed, replayed over each new suggestion (an item added or removed). */
export type GroupEdit = { kind: "separate"; key: string } | { kind: "join"; key: string; with: string };

export type Widths = ReadonlyMap<string, ScreenshotWidth | null>;

const BREAKPOINT_WORD: Record<Breakpoint, string> = { mobile: "Mobile", tablet: "Tablet", desktop: "Desktop" };

/** "Mobile 390", the width a screenshot shows. */
export function widthLabel(width: ScreenshotWidth): string {
  return `${BREAKPOINT_WORD[width.breakpoint]} ${String(width.css)}`;
}

/** "a 1170 px capture at 3×" when it was not taken at 1×, else null. */
export function captureNote(width: ScreenshotWidth): string | null {
  return width.dpr > 1 ? `${String(width.pixels)} px at ${String(width.dpr)}×` : null;
}

function cssOf(widths: Widths, key: string): number {
  return widths.get(key)?.css ?? 0;
}

function sorted(group: Group, widths: Widths): Group {
  return [...group].sort((a, b) => cssOf(widths, b) - cssOf(widths, a));
}

/** Whether `key` may join `group`: it has a width, and no member is at its breakpoint. */
export function canJoin(group: readonly string[], key: string, widths: Widths): boolean {
  const width = widths.get(key);
  if (!width || group.includes(key)) return false;
  return group.every((k) => {
    const w = widths.get(k);
    return w != null && w.breakpoint !== width.breakpoint;
  });
}

/** The suggestion, with the user's changes on top; only groups of present, measured items. */
export function applyEdits(suggested: readonly Group[], edits: readonly GroupEdit[], keys: readonly string[], widths: Widths): Group[] {
  const present = new Set(keys.filter((k) => widths.get(k)));
  let groups: Group[] = suggested.map((g) => g.filter((k) => present.has(k))).filter((g) => g.length >= 2);
  const without = (key: string) => groups.map((g) => g.filter((k) => k !== key)).filter((g) => g.length >= 2);
  for (const edit of edits) {
    if (!present.has(edit.key)) continue;
    if (edit.kind === "separate") {
      groups = without(edit.key);
      continue;
    }
    if (!present.has(edit.with) || edit.with === edit.key) continue;
    const rest = without(edit.key);
    const target = rest.find((g) => g.includes(edit.with)) ?? [edit.with];
    if (!canJoin(target, edit.key, widths)) continue;
    groups = [...rest.filter((g) => g !== target), [...target, edit.key]];
  }
  const order = (g: Group) => Math.min(...g.map((k) => keys.indexOf(k)));
  return groups.map((g) => sorted(g, widths)).sort((a, b) => order(a) - order(b));
}

/** Words in file names that say which width a screenshot is, not which page. */
const WIDTH_WORDS = /^(desktop|mobile|tablet|phone|iphone|ipad|android|ios|laptop|web|wide|narrow|small|large|xs|sm|md|lg|xl|screen|screenshot|shot|view|capture|version|at|\d+(px|w)?|@?\d(\.\d)?x)$/i;

/** A page's name from its screenshots' file names ("home-desktop.png" → "Home"), else "Page n". */
export function pageName(names: readonly string[], n: number): string {
  for (const name of names) {
    const words = name
      .replace(/\.[a-z0-9]+$/i, "")
      .split(/[\s_\-.@()[\]]+/)
      .filter((w) => w && !WIDTH_WORDS.test(w));
    const first = words[0];
    if (first) {
      const text = words.join(" ");
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  return `Page ${String(n)}`;
}

/** "Home: desktop 1440, mobile 390", as the tray names a group. */
export function groupLabel(name: string, group: readonly string[], widths: Widths): string {
  const each = group.flatMap((k) => {
    const w = widths.get(k);
    return w ? [`${w.breakpoint} ${String(w.css)}`] : [];
  });
  return `${name}: ${each.join(", ")}`;
}

export interface JoinTarget {
  /** Any item of the group (or the lone item) to join. */
  with: string;
  label: string;
}

/** Where `key` can go: the groups and the lone screenshots at another breakpoint. */
export function joinTargets(key: string, groups: readonly Group[], keys: readonly string[], widths: Widths, names: ReadonlyMap<string, string>): JoinTarget[] {
  const grouped = new Set(groups.flat());
  const targets: JoinTarget[] = [];
  groups.forEach((g, i) => {
    if (!g.includes(key) && canJoin(g, key, widths)) targets.push({ with: g[0] ?? "", label: pageName(g.map((k) => names.get(k) ?? ""), i + 1) });
  });
  for (const other of keys) {
    if (other === key || grouped.has(other) || !canJoin([other], key, widths)) continue;
    const w = widths.get(other);
    targets.push({ with: other, label: `${names.get(other) ?? other}${w ? ` (${widthLabel(w).toLowerCase()})` : ""}` });
  }
  return targets;
}

/** The request's groups: each group's input ids (in the tray's order of adding), without dpr. */
export function requestGroups(groups: readonly Group[], inputIdOf: ReadonlyMap<string, number>): { members: { input_id: number; dpr: null }[] }[] {
  return groups.flatMap((g) => {
    const ids = g.flatMap((k) => {
      const id = inputIdOf.get(k);
      return id === undefined ? [] : [id];
    });
    return ids.length >= 2 ? [{ members: ids.map((input_id) => ({ input_id, dpr: null })) }] : [];
  });
}
