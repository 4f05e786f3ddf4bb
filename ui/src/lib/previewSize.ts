// The Desktop preview at a real desktop width: the page is laid out at `width` CSS px (the
// screenshot's, or a standard desktop) and scaled to fit the pane, or to a chosen zoom.

/** Widths a designer picks from; the screenshot's own width is offered first when known. */
export const DESKTOP_WIDTHS = [1024, 1280, 1440, 1920] as const;
export const DEFAULT_DESKTOP_WIDTH = 1280;
/** The width the app lays a page out at to picture it for its card (Rust's `Viewport::Desktop`):
 *  the picture stands in for the page only in a preview of that width. */
export const PICTURE_LAYOUT_WIDTH = 1280;
/** Zoom steps for the − / + buttons (1 = 100 %). */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.25, 1.5, 2] as const;
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 2;
/** The narrowest and widest page width a designer can type. */
export const MIN_WIDTH = 320;
export const MAX_WIDTH = 3840;

export type Zoom = "fit" | number;

export interface Size {
  width: number;
  height: number;
}

/** The scale that fits a `page`-sized screen into the pane (never above 100 %: a page is not
 * blown up). */
export function fitScale(page: Size, pane: Size): number {
  if (page.width <= 0 || page.height <= 0 || pane.width <= 0 || pane.height <= 0) return 1;
  return Math.min(1, pane.width / page.width, pane.height / page.height);
}

export function scaleFor(zoom: Zoom, page: Size, pane: Size): number {
  return zoom === "fit" ? fitScale(page, pane) : zoom;
}

/** The screen the Desktop preview shows a `width`-wide page on. At the screenshot's width, the
 * screen the fidelity check renders on (the core's `screen_for`: as tall as the screenshot, up
 * to a 4:3 screen or 800 px), so both lay out 100vh alike; at another width, a 16:10 screen. */
export function screenFor(width: number, screenshot: Size | null): Size {
  if (screenshot && screenshot.width === width) {
    const tallest = width < 700 ? Math.floor((width * 22) / 10) : Math.max(Math.floor((width * 3) / 4), 800);
    return { width, height: Math.max(1, Math.min(screenshot.height, tallest)) };
  }
  return { width, height: Math.max(600, Math.round(width * 0.625)) };
}

/** The next zoom step up or down from the scale on screen. */
export function stepZoom(current: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((z) => z > current + 0.001) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - 0.001) ?? MIN_ZOOM;
}

/** "62 %" */
export function percent(scale: number): string {
  return `${String(Math.round(scale * 100))} %`;
}

/** A width the user typed, or null when it is not one. */
export function parseWidth(raw: string): number | null {
  const n = Number(raw.trim().replace(/\s*px$/i, ""));
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < MIN_WIDTH || n > MAX_WIDTH) return null;
  return n;
}

/** The widths offered: those the page was handed over at (widest first), the screenshot's, and
 * the standard ones, without repeats. */
export function widthChoices(screenshotWidth: number | null, inputWidths: readonly number[] = []): number[] {
  const first = [...inputWidths, ...(screenshotWidth === null ? [] : [screenshotWidth])].filter((w) => w >= MIN_WIDTH && w <= MAX_WIDTH);
  return [...new Set([...first, ...DESKTOP_WIDTHS])];
}

/** The size of the screenshot a version was made from: its own first image input, else the
 * project's first (a change made later shows the page the screenshot asked for). */
export function screenshotSizeOf(inputs: readonly { id: number; media_type: string; width?: number | null; height?: number | null }[], versionInputs: readonly number[]): Size | null {
  const images = inputs.filter((i) => i.media_type.startsWith("image/") && typeof i.width === "number" && typeof i.height === "number");
  const found = images.find((i) => versionInputs.includes(i.id)) ?? images[0];
  return found?.width != null && found.height != null ? { width: found.width, height: found.height } : null;
}
