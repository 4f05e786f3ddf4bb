// The screenshots or video waiting on the start screen, from any source: the window's file drop
// (paths), the browse dialog (paths), an HTML file input or drop (File objects) and paste.
import { useCallback, useEffect, useState } from "react";
import { useLatest } from "./useLatest";
import { classifyInputFiles, type CandidateFile } from "../lib/inputFiles";
import { baseName } from "../lib/projectName";
import { inputPreview } from "../ipc/projects";

export type InputSource = { type: "file"; file: File } | { type: "path"; path: string } | { type: "url"; url: string };

export interface InputItem extends CandidateFile {
  key: string;
  kind: "image" | "video";
  /** An object URL of the image, when the bytes are in memory (picked, dropped in HTML, pasted). */
  previewUrl: string | null;
  source: InputSource;
}

let counter = 0;

function fromFile(file: File): InputItem {
  const isVideo = file.type.startsWith("video/") || /\.(mp4|webm|mov)$/i.test(file.name);
  return {
    key: `f${counter++}`,
    name: file.name,
    size: file.size,
    type: file.type,
    kind: isVideo ? "video" : "image",
    previewUrl: isVideo ? null : URL.createObjectURL(file),
    source: { type: "file", file },
  };
}

function fromPath(path: string): InputItem {
  const name = baseName(path);
  return {
    key: `p${counter++}`,
    name,
    // The size is not known here; the core checks it when the file is added.
    size: 1,
    type: "",
    kind: /\.(mp4|webm|mov)$/i.test(name) ? "video" : "image",
    previewUrl: null,
    source: { type: "path", path },
  };
}

/** A web page to capture with the local Chromium when the project is created. */
function fromUrl(raw: string): InputItem | string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return "Enter a full address, e.g. https://example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "Only http:// and https:// pages can be captured";
  return { key: `u${counter++}`, name: url.host, size: 1, type: "image/png", kind: "image", previewUrl: null, source: { type: "url", url: url.href } };
}

export interface InputTray {
  items: InputItem[];
  message: string | null;
  addFiles: (files: File[]) => void;
  addPaths: (paths: string[]) => void;
  /** Add a page to capture, or say why the address is not usable. */
  addUrl: (url: string) => boolean;
  remove: (key: string) => void;
  clear: () => void;
}

export function useInputTray(): InputTray {
  const [items, setItems] = useState<InputItem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const itemsRef = useLatest(items);

  const add = useCallback((incoming: InputItem[]) => {
    // A video replaces everything; screenshots add up to five.
    const current = incoming.some((i) => i.kind === "video") || itemsRef.current.some((i) => i.kind === "video") ? [] : itemsRef.current;
    const next = [...current, ...incoming];
    const verdict = classifyInputFiles(next);
    if (verdict.kind === "rejected") {
      for (const item of incoming) if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
      setMessage(verdict.reason);
      return;
    }
    setMessage(null);
    setItems(next);
  }, [itemsRef]);

  const addFiles = useCallback((files: File[]) => {
    if (files.length) add(files.map(fromFile));
  }, [add]);
  const addPaths = useCallback((paths: string[]) => {
    if (paths.length === 0) return;
    const items = paths.map(fromPath);
    add(items);
    // Paths carry no bytes the page can read: ask Rust for a small thumbnail of each image.
    for (const item of items) {
      if (item.kind !== "image" || item.source.type !== "path") continue;
      void inputPreview(item.source.path).then((result) => {
        if (result.status !== "ok") return;
        setItems((list) => list.map((i) => (i.key === item.key ? { ...i, previewUrl: result.data } : i)));
      });
    }
  }, [add]);

  const addUrl = useCallback(
    (raw: string) => {
      const item = fromUrl(raw);
      if (typeof item === "string") {
        setMessage(item);
        return false;
      }
      add([item]);
      return true;
    },
    [add],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((i) => i.key !== key);
    });
    setMessage(null);
  }, []);

  const clear = useCallback(() => {
    setItems([]);
    setMessage(null);
  }, []);

  // Pasting an image anywhere on the start screen adds it.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      const files = Array.from(e.clipboardData?.files ?? []).filter((f) => f.type.startsWith("image/"));
      if (files.length === 0) return;
      if (target && (target.tagName === "TEXTAREA" || target.tagName === "INPUT") && e.clipboardData?.getData("text")) return;
      e.preventDefault();
      addFiles(files.map((f, i) => (f.name && f.name !== "image.png" ? f : new File([f], `pasted-${Date.now()}-${i}.png`, { type: f.type }))));
    };
    window.addEventListener("paste", onPaste);
    return () => {
      window.removeEventListener("paste", onPaste);
    };
  }, [addFiles]);

  return { items, message, addFiles, addPaths, addUrl, remove, clear };
}
