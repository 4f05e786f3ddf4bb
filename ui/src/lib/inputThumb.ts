// What the input tray shows for each kind of input: the picture itself where there is one (a
// screenshot, a Figma frame's render, a video's first frame with its length), else the kind's
// icon with a short label (a page to capture, a Figma frame not fetched yet, imported HTML, a text
// prompt).
import type { IconName } from "../components/common/Icon";

export type ThumbInput =
  | { kind: "image"; previewUrl: string | null; url?: boolean }
  | { kind: "video"; videoUrl: string | null; durationS: number | null }
  | { kind: "figma"; previewUrl: string | null; label: string }
  | { kind: "html"; name: string }
  | { kind: "text"; text: string };

export type Thumb =
  | { show: "image"; src: string; badge: string | null }
  | { show: "video"; src: string; badge: string }
  | { show: "icon"; icon: IconName; badge: string; caption: string | null };

/** `75` → `1:15`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function thumbFor(input: ThumbInput): Thumb {
  switch (input.kind) {
    case "image":
      if (input.previewUrl) return { show: "image", src: input.previewUrl, badge: null };
      return input.url ? { show: "icon", icon: "external", badge: "Web page", caption: null } : { show: "icon", icon: "photo", badge: "Screenshot", caption: null };
    case "video": {
      const badge = input.durationS !== null && Number.isFinite(input.durationS) ? `Video · ${formatDuration(input.durationS)}` : "Video";
      return input.videoUrl ? { show: "video", src: input.videoUrl, badge } : { show: "icon", icon: "video", badge, caption: null };
    }
    case "figma":
      return input.previewUrl
        ? { show: "image", src: input.previewUrl, badge: "Figma" }
        : { show: "icon", icon: "figma", badge: "Figma", caption: input.label };
    case "html":
      return { show: "icon", icon: "code", badge: "HTML", caption: input.name };
    case "text": {
      const t = input.text.trim();
      return { show: "icon", icon: "doc", badge: "Text", caption: t.length > 60 ? `${t.slice(0, 59)}…` : t };
    }
  }
}

/** The project's inputs as the history needs them (`InputInfo`). */
export interface StoredInput {
  id: number;
  media_type: string;
  path: string;
}

/** What a version was made from, read from the inputs stored with it: the same kinds the tray
 *  shows. `null` for versions made from another version (an edit, a save). */
export function versionInputKind(kind: string, inputIds: number[], inputs: StoredInput[], prompt: string | null): ThumbInput | null {
  if (kind === "import") return { kind: "html", name: prompt ?? "Imported HTML" };
  if (kind !== "generation") return null;
  const mine = inputIds.map((id) => inputs.find((i) => i.id === id)).filter((i): i is StoredInput => i !== undefined);
  const design = mine.find((i) => i.path.endsWith(".figma.json"));
  if (design) return { kind: "figma", previewUrl: null, label: design.path.replace(/^.*\//, "").replace(/\.figma\.json$/, "") };
  if (mine.some((i) => i.media_type.startsWith("video/"))) return { kind: "video", videoUrl: null, durationS: null };
  if (mine.some((i) => i.media_type.startsWith("image/"))) return { kind: "image", previewUrl: null };
  return { kind: "text", text: prompt ?? "" };
}
