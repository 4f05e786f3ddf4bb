// The page names of the start screen's tray on a project stack (lib/pageNames.ts): the defaults
// from the file names, and what the user typed, kept while screenshots come and go.
import { useCallback, useMemo, useState } from "react";
import { requestPages, trayPageMembers, trayPages, type TrayPage } from "../lib/pageNames";
import type { Group } from "../lib/trayGroups";
import type { Page } from "../ipc";
import type { InputItem } from "./useInputTray";

export interface TrayPages {
  /** In tray order; a group of widths is one page. */
  pages: TrayPage[];
  /** The page a screenshot (by item key) belongs to. */
  pageOf: (key: string) => TrayPage | undefined;
  /** What the user typed for the page `key` ("" goes back to the default name). */
  typed: (key: string) => string | undefined;
  rename: (key: string, name: string) => void;
  /** Each page once, in tray order (a group of widths is one page), for the create request. */
  request: Page[];
}

/** The tray's pages when `on` (a project stack) and there are two screenshots or more, else null. */
export function useTrayPages(items: readonly InputItem[], groups: readonly Group[], on: boolean): TrayPages | null {
  const [renamed, setRenamed] = useState<ReadonlyMap<string, string>>(new Map());
  const rename = useCallback((key: string, name: string) => {
    setRenamed((m) => new Map(m).set(key, name));
  }, []);
  return useMemo(() => {
    const images = items.filter((i) => i.kind === "image");
    if (!on || images.length < 2) return null;
    const keys = images.map((i) => i.key);
    const pages = trayPages(trayPageMembers(keys, groups), new Map(images.map((i) => [i.key, i.name])), renamed);
    return {
      pages,
      pageOf: (key) => pages.find((p) => p.members.includes(key)),
      typed: (key) => renamed.get(key),
      rename,
      request: requestPages(pages),
    };
  }, [items, groups, on, renamed, rename]);
}
