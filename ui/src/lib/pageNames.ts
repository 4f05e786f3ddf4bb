// On a project stack, each page in the tray (a screenshot, or one page at several widths) gets a
// name and a route: by default from its file names (`pricing.png` → Pricing at `/pricing`), the
// one named Home or Index (else the first) at `/`. The user renames a page inline; its route
// follows the name. The create request carries each page once, in tray order: a group of
// widths is one page.
import type { Page } from "../ipc";
import { pageName, type Group } from "./trayGroups";

export interface TrayPage {
  /** The page's first screenshot's item key: names the page while the tray changes. */
  key: string;
  /** Its screenshots' item keys (one, or a group of widths). */
  members: readonly string[];
  /** The name it gets unless the user types another. */
  defaultName: string;
  name: string;
  route: string;
}

const ROOT_NAMES = /^(home|index)$/i;

/** "About us" → "/about-us"; nothing usable → null. */
export function routeSlug(name: string): string | null {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w)
    .join("-");
  return slug ? `/${slug}` : null;
}

/** The screenshots of the tray as pages, in tray order: a group of widths is one page. */
export function trayPageMembers(imageKeys: readonly string[], groups: readonly Group[]): string[][] {
  const pages: string[][] = [];
  const seen = new Set<string>();
  for (const key of imageKeys) {
    if (seen.has(key)) continue;
    const group = groups.find((g) => g.includes(key));
    const members = group ? group.filter((k) => imageKeys.includes(k)) : [key];
    for (const k of members) seen.add(k);
    pages.push(members);
  }
  return pages;
}

/**
 * The pages with their names and routes. `names`: each item's file name; `renamed`: the names
 * the user typed, by page key (an empty one means the default). Routes are unique: a second
 * "Pricing" is at `/pricing-2`.
 */
export function trayPages(members: readonly (readonly string[])[], names: ReadonlyMap<string, string>, renamed: ReadonlyMap<string, string>): TrayPage[] {
  const drafts = members.map((keys, i) => {
    const key = keys[0] ?? String(i);
    const defaultName = pageName(
      keys.map((k) => names.get(k) ?? ""),
      i + 1,
    );
    const typed = renamed.get(key)?.trim();
    return { key, members: keys, defaultName, name: typed || defaultName };
  });
  const root = Math.max(
    0,
    drafts.findIndex((d) => ROOT_NAMES.test(d.name)),
  );
  const taken = new Set<string>();
  return drafts.map((d, i) => {
    const base = i === root ? "/" : (routeSlug(d.name) ?? `/page-${String(i + 1)}`);
    let route = base;
    for (let n = 2; taken.has(route); n++) route = `${base === "/" ? "/home" : base}-${String(n)}`;
    taken.add(route);
    return { ...d, route };
  });
}

/** Each page once, in tray order (the order of their first screenshots): a group of widths is
 * one page, as the core reads the request. */
export function requestPages(pages: readonly TrayPage[]): Page[] {
  return pages.map((p) => ({ name: p.name, route: p.route }));
}
