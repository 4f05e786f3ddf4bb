// Where the preview:// scheme serves generated pages. Every URL carries a token the app minted
// for one variant (a page can read its own files, never another's), so URLs come from Rust:
// live ones with `generation_start`'s answer, stored ones from `preview_url`, fetched once and
// cached here.
import { useSyncExternalStore } from "react";
import { previewUrl } from "../ipc/preview";

const MAIN_FILE = "index.html";

const live = new Map<string, string>();
const stored = new Map<string, string>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
let revision = 0;

function changed(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

/** `url` (a variant's main page) with `path` in place of its file name. */
function withPath(url: string, path: string): string {
  return url.slice(0, url.lastIndexOf("/") + 1) + path.replace(/^\/+/, "");
}

/** Keep the live preview URLs `generation_start` returned. */
export function rememberLivePreviews(generationId: number, variants: { index: number; preview_url?: string }[]): void {
  for (const v of variants) if (v.preview_url) live.set(`${generationId}/${v.index}`, v.preview_url);
  changed();
}

export function livePreviewUrl(generationId: number, variantIndex: number, path = MAIN_FILE): string | null {
  const url = live.get(`${generationId}/${variantIndex}`);
  return url ? withPath(url, path) : null;
}

/** The stored variant's URL, or null while it is being asked for (components re-render). */
export function storedPreviewUrl(projectId: string, versionId: number, variantId: number, path = MAIN_FILE): string | null {
  const key = `${projectId}/${versionId}/${variantId}`;
  const url = stored.get(key);
  if (url) return withPath(url, path);
  if (!asked.has(key)) {
    asked.add(key);
    void previewUrl(projectId, versionId, variantId).then((result) => {
      if (result.status === "ok") {
        stored.set(key, result.data);
        changed();
      } else {
        asked.delete(key);
      }
    });
  }
  return null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when a preview URL arrives. */
export function usePreviewUrls(): number {
  return useSyncExternalStore(subscribe, () => revision);
}
