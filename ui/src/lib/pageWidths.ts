// The widths a page was handed over at (a desktop and a mobile screenshot of it), as the preview
// shows them: each on its screenshot's screen, side by side when the pane has room for all of
// them at a readable scale, else one at a time.
import type { Breakpoint, InputWidth, StoredWidthScore } from "../ipc";
import { screenFor, type Size } from "./previewSize";
import { widthLabel } from "./trayGroups";

export interface PageWidth {
  css: number;
  breakpoint: Breakpoint;
  /** "Mobile 390" */
  label: string;
  /** The screen it is laid out on: as the fidelity check renders it. */
  screen: Size;
  /** Its screenshot's size in CSS px, when known. */
  shot: Size | null;
}

/** Side by side only at this scale or more: smaller, a page cannot be read. */
export const MIN_SIDE_SCALE = 0.35;
/** Space between two pages side by side, and for each page's caption, in px. */
export const SIDE_GAP = 16;
export const CAPTION = 28;

/** Each width, widest first, with its screenshot's screen (its height in CSS px). */
export function pageWidths(widths: readonly InputWidth[], inputs: readonly { id: number; height?: number | null }[]): PageWidth[] {
  const seen = new Set<number>();
  return [...widths]
    .sort((a, b) => b.width.css - a.width.css)
    .filter((w) => !seen.has(w.width.css) && seen.add(w.width.css))
    .map((w) => {
      const pixels = inputs.find((i) => i.id === w.input_id)?.height ?? null;
      const height = pixels != null ? Math.round(pixels / Math.max(1, w.width.dpr)) : null;
      const shot = height !== null ? { width: w.width.css, height } : null;
      return { css: w.width.css, breakpoint: w.width.breakpoint, label: widthLabel(w.width), screen: screenFor(w.width.css, shot), shot };
    });
}

/** The one scale that fits every width side by side in `pane`, and whether it is readable. */
export function sideBySide(widths: readonly PageWidth[], pane: Size): { fits: boolean; scale: number } {
  if (widths.length === 0 || pane.width <= 0 || pane.height <= 0) return { fits: false, scale: 1 };
  const across = widths.reduce((sum, w) => sum + w.screen.width, 0);
  const tallest = Math.max(...widths.map((w) => w.screen.height));
  const scale = Math.min(1, (pane.width - SIDE_GAP * (widths.length + 1)) / across, (pane.height - CAPTION - 2 * SIDE_GAP) / tallest);
  return { fits: scale >= MIN_SIDE_SCALE, scale: Math.max(0, scale) };
}

/** Each width's stored score by CSS width. */
export function scoresByWidth(scores: readonly StoredWidthScore[]): Map<number, number> {
  return new Map(scores.flatMap((s) => (s.total === null ? [] : [[s.width.css, s.total] as const])));
}
