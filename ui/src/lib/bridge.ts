// Select-and-edit talks to the sandboxed preview only through postMessage. Anything from the
// page is untrusted: only an exact {type, html, selector} of bounded strings is accepted, with
// `loc` (where the element is written, `src/components/Card.tsx:12:7`) in a project page.
import type { ElementSelection, PixelBox } from "../ipc";

const SELECT_MESSAGE = "s2c-select";
const SELECT_MODE_MESSAGE = "s2c-select-mode";
const MAX_HTML = 20_000;
const MAX_SELECTOR = 1_000;
/** `path:line:column`: a project path (no colon, no `..` segment) and 1-based numbers. */
const LOC = /^(?!.*(^|\/)\.\.(\/|:))[^:]{1,200}:[1-9]\d{0,6}:[1-9]\d{0,6}$/;

export function parseSelectMessage(data: unknown): ElementSelection | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const keys = Object.keys(data).sort().join(",");
  if (keys !== "html,selector,type" && keys !== "html,loc,selector,type") return null;
  const { type, html, selector, loc } = data as Record<string, unknown>;
  if (type !== SELECT_MESSAGE || typeof html !== "string" || typeof selector !== "string") return null;
  if (!html.trim() || !selector.trim() || selector.length > MAX_SELECTOR) return null;
  if (loc !== undefined && (typeof loc !== "string" || !LOC.test(loc))) return null;
  return { html: html.slice(0, MAX_HTML), selector, loc: loc ?? null };
}

export function selectModeMessage(on: boolean): { type: typeof SELECT_MODE_MESSAGE; on: boolean } {
  return { type: SELECT_MODE_MESSAGE, on };
}

const HIGHLIGHT_MESSAGE = "s2c-highlight";

/** Point out a place on the page (page px), or stop (null): the page draws a box and scrolls to it. */
export function highlightMessage(box: PixelBox | null): { type: typeof HIGHLIGHT_MESSAGE; box: PixelBox | null } {
  return { type: HIGHLIGHT_MESSAGE, box: box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null };
}

/** The name of a thumbnail's frame: its page's bridge then lays out only the first screen. */
export const THUMBNAIL_FRAME = "s2c-thumbnail";

const REFRESH_MESSAGE = "s2c-refresh";
const REFRESHED_MESSAGE = "s2c-refreshed";

/** Ask a page on show to follow its newest version in place (preview/bridge.js). */
export function refreshMessage(): { type: typeof REFRESH_MESSAGE } {
  return { type: REFRESH_MESSAGE };
}

/** The page's answer to a refresh: whether it followed in place; null for anything else. */
export function parseRefreshedMessage(data: unknown): boolean | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const { type, ok } = data as Record<string, unknown>;
  if (type !== REFRESHED_MESSAGE || typeof ok !== "boolean" || Object.keys(data).length !== 2) return null;
  return ok;
}
