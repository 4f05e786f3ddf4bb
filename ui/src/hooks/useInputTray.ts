// The screenshots, video or Figma frame waiting on the start screen, from any source: the
// window's file drop (paths), the browse dialog (paths), an HTML file input or drop (File
// objects), paste (images, or a Figma link) and the Figma and capture fields.
import { useCallback, useEffect, useState } from "react";
import { useLatest } from "./useLatest";
import { classifyInputFiles, type CandidateFile } from "../lib/inputFiles";
import { baseName } from "../lib/projectName";
import { errorMessage } from "../ipc";
import { figmaPeek, inputPreview } from "../ipc/projects";
import { figmaNodeNote, looksLikeFigmaLink, parseFigmaLink } from "../lib/figmaLink";
import { asSentence } from "../lib/sentences";

export type InputSource =
  | { type: "file"; file: File }
  | { type: "path"; path: string }
  | { type: "url"; url: string }
  /** A Figma frame, imported (renders and design tokens) when the project is created. */
  | { type: "figma"; url: string; nodeId: string };

export interface InputItem extends CandidateFile {
  key: string;
  kind: "image" | "video" | "figma";
  /** An object URL of the image, when the bytes are in memory (picked, dropped in HTML, pasted). */
  previewUrl: string | null;
  /** An object URL of a video whose bytes are in memory: its first frame is the poster. */
  videoUrl?: string | null;
  source: InputSource;
  /** What the input is, once known ("Frame · 1440 × 900 · Marketing site"). */
  detail?: string | null;
  /** Why it cannot be used as it is (a Figma link to a text layer): Generate waits. */
  problem?: string | null;
  /** Something went wrong looking at it, but Generate may still work (it says so if not). */
  warning?: string | null;
  /** Still being looked at (a Figma link being asked about). */
  checking?: boolean;
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
    videoUrl: isVideo ? URL.createObjectURL(file) : null,
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

/** A Figma frame link, or why it is not one. */
function fromFigma(raw: string): InputItem | string {
  const parsed = parseFigmaLink(raw);
  if (typeof parsed === "string") return parsed;
  return {
    key: `g${counter++}`,
    name: `Figma frame ${parsed.nodeId}`,
    size: 1,
    type: "image/png",
    kind: "figma",
    previewUrl: null,
    source: { type: "figma", url: raw.trim(), nodeId: parsed.nodeId },
    checking: true,
  };
}

export interface InputTray {
  items: InputItem[];
  message: string | null;
  addFiles: (files: File[]) => void;
  addPaths: (paths: string[]) => void;
  /** Add a page to capture, or say why the address is not usable. */
  addUrl: (url: string) => boolean;
  /** Add a Figma frame by its link, or say why the link is not usable. */
  addFigma: (url: string) => boolean;
  remove: (key: string) => void;
  clear: () => void;
  /** Forget what was said about the last thing typed (its field was emptied). */
  clearMessage: () => void;
}

export function useInputTray(): InputTray {
  const [items, setItems] = useState<InputItem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const itemsRef = useLatest(items);

  const add = useCallback((incoming: InputItem[]) => {
    // A video or a Figma frame replaces everything; screenshots add up to five.
    const alone = (i: InputItem) => i.kind === "video" || i.kind === "figma";
    const current = incoming.some(alone) || itemsRef.current.some(alone) ? [] : itemsRef.current;
    const next = [...current, ...incoming];
    if (next.some((i) => i.kind === "figma")) {
      if (next.length > 1) {
        setMessage("Import one Figma frame on its own, without screenshots or a video.");
        return;
      }
      setMessage(null);
      setItems(next);
      return;
    }
    const verdict = classifyInputFiles(next);
    if (verdict.kind === "rejected") {
      for (const item of incoming) {
        if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
        if (item.videoUrl) URL.revokeObjectURL(item.videoUrl);
      }
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

  /** Adds what `parse` makes of `raw`, or shows why it can't be added. */
  const addParsed = useCallback(
    (parse: (raw: string) => InputItem | string, raw: string) => {
      const item = parse(raw);
      if (typeof item === "string") {
        setMessage(item);
        return false;
      }
      add([item]);
      return true;
    },
    [add],
  );
  const addUrl = useCallback((raw: string) => addParsed(fromUrl, raw), [addParsed]);
  // A pasted link says what it is before anything is paid for: its node's name and a small
  // render, or that it is not a frame.
  const addFigma = useCallback(
    (raw: string) => {
      const item = fromFigma(raw);
      if (typeof item === "string") return addParsed(fromFigma, raw);
      add([item]);
      void figmaPeek(raw.trim()).then((r) => {
        setItems((list) =>
          list.map((i) => {
            if (i.key !== item.key) return i;
            if (r.status === "error") return { ...i, checking: false, warning: asSentence(errorMessage(r.error)) };
            const note = figmaNodeNote(r.data);
            return { ...i, checking: false, name: note.name, detail: note.detail, problem: note.problem, previewUrl: r.data.thumbnail ?? null };
          }),
        );
      });
      return true;
    },
    [add, addParsed],
  );

  const remove = useCallback((key: string) => {
    setItems((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      if (gone?.videoUrl) URL.revokeObjectURL(gone.videoUrl);
      return list.filter((i) => i.key !== key);
    });
    setMessage(null);
  }, []);

  const clear = useCallback(() => {
    setItems([]);
    setMessage(null);
  }, []);

  // Pasting an image anywhere on the start screen adds it; so does pasting a Figma link (outside
  // an address field, where the user is typing a link on purpose).
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      const text = e.clipboardData?.getData("text") ?? "";
      if (looksLikeFigmaLink(text) && !/\s/.test(text.trim()) && target?.tagName !== "INPUT") {
        e.preventDefault();
        addFigma(text);
        return;
      }
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
  }, [addFiles, addFigma]);

  const clearMessage = useCallback(() => {
    setMessage(null);
  }, []);

  return { items, message, addFiles, addPaths, addUrl, addFigma, remove, clear, clearMessage };
}
