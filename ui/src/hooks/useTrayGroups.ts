// Which screenshots in the start screen's tray are one page at several widths: each image's
// width asked of Rust (from its pixels and density), the core's suggestion of groups, and the
// user's changes on top (kept while images come and go).
import { useCallback, useEffect, useMemo, useState } from "react";
import type { ScreenshotWidth, TrayImage } from "../ipc";
import { trayWidths } from "../ipc/projects";
import { fileToBase64 } from "../lib/fileData";
import { applyEdits, type Group, type GroupEdit } from "../lib/trayGroups";
import type { InputItem } from "./useInputTray";

export interface TrayGroups {
  /** Each measured image's width by item key (null: not readable as an image). */
  widths: ReadonlyMap<string, ScreenshotWidth | null>;
  /** The groups, widest first, in the tray's order. */
  groups: Group[];
  /** Make `key` its own page. */
  separate: (key: string) => void;
  /** Put `key` with `other` (and the group `other` is in). */
  join: (key: string, other: string) => void;
}

async function trayImage(item: InputItem): Promise<TrayImage | null> {
  if (item.source.type === "path") return { kind: "path", path: item.source.path };
  if (item.source.type === "file") return { kind: "data", data_base64: await fileToBase64(item.source.file) };
  return null;
}

/** Screenshots that can be measured now: files and paths (a page to capture has no pixels yet). */
function measurable(items: readonly InputItem[]): InputItem[] {
  return items.filter((i) => i.kind === "image" && (i.source.type === "path" || i.source.type === "file"));
}

export function useTrayGroups(items: readonly InputItem[]): TrayGroups {
  const images = useMemo(() => measurable(items), [items]);
  const key = images.map((i) => i.key).join(",");
  const [measured, setMeasured] = useState<{ key: string; widths: Map<string, ScreenshotWidth | null>; suggested: Group[] }>({ key: "", widths: new Map(), suggested: [] });
  const [edits, setEdits] = useState<GroupEdit[]>([]);

  useEffect(() => {
    if (images.length < 2) return;
    const run = { alive: true };
    void (async () => {
      const asked = await Promise.all(images.map(trayImage));
      const sent = images.filter((_, i) => asked[i]);
      const result = await trayWidths(asked.filter((a): a is TrayImage => a !== null));
      if (!run.alive || result.status !== "ok") return;
      const widths = new Map(sent.map((item, i) => [item.key, result.data.widths[i] ?? null] as const));
      const suggested = result.data.groups.map((g) => g.flatMap((i) => (sent[i] ? [sent[i].key] : [])));
      setMeasured({ key, widths, suggested });
    })();
    return () => {
      run.alive = false;
    };
    // `key` names the images: a new array of the same images asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // A measure of other images than those in the tray now is out of date: no groups from it.
  const current = measured.key === key && images.length >= 2;
  const widths = current ? measured.widths : EMPTY;
  const keys = images.map((i) => i.key);
  const groups = current ? applyEdits(measured.suggested, edits, keys, widths) : [];

  const separate = useCallback((k: string) => {
    setEdits((list) => [...list, { kind: "separate", key: k }]);
  }, []);
  const join = useCallback((k: string, other: string) => {
    setEdits((list) => [...list, { kind: "join", key: k, with: other }]);
  }, []);
  return { widths, groups, separate, join };
}

const EMPTY: ReadonlyMap<string, ScreenshotWidth | null> = new Map();
