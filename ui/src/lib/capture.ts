// Pure pieces of screen capture and recording: the rectangle a drag makes over the frozen
// screen, the recording clock, and the trim handles.

export interface Point {
  x: number;
  y: number;
}

/** What `capture_region_finish` takes: the drag in CSS pixels and the size the screen was shown at. */
export interface DragSelection {
  x: number;
  y: number;
  width: number;
  height: number;
  view_width: number;
  view_height: number;
}

/** The same rectangle whichever way the mouse went, inside the view. */
export function dragRect(start: Point, end: Point, view: { width: number; height: number }): DragSelection {
  const clampX = (v: number) => Math.min(Math.max(v, 0), view.width);
  const clampY = (v: number) => Math.min(Math.max(v, 0), view.height);
  const x0 = clampX(Math.min(start.x, end.x));
  const x1 = clampX(Math.max(start.x, end.x));
  const y0 = clampY(Math.min(start.y, end.y));
  const y1 = clampY(Math.max(start.y, end.y));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, view_width: view.width, view_height: view.height };
}

/** The whole screen as a selection (Enter in the overlay). */
export function wholeView(view: { width: number; height: number }): DragSelection {
  return { x: 0, y: 0, width: view.width, height: view.height, view_width: view.width, view_height: view.height };
}

/** A drag this small is a click: the overlay ignores it (Rust refuses under 8 real pixels). */
export function isClick(sel: DragSelection): boolean {
  return sel.width < 4 || sel.height < 4;
}

/** `0:07`, `1:05`: a recording's clock. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** `2.4 s` for a trim handle. */
export function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}

export const MIN_TRIM_MS = 500;

export interface Trim {
  start: number;
  end: number;
}

/** Move one handle, keeping at least MIN_TRIM_MS between them and both inside the recording. */
export function moveHandle(trim: Trim, handle: "start" | "end", value: number, duration: number): Trim {
  const gap = Math.min(MIN_TRIM_MS, duration);
  if (handle === "start") {
    const start = Math.min(Math.max(0, value), Math.max(0, trim.end - gap));
    return { start, end: trim.end };
  }
  const end = Math.max(Math.min(duration, value), Math.min(duration, trim.start + gap));
  return { start: trim.start, end };
}

/** Whether the trim cuts anything (else the recording is used as it is). */
export function isTrimmed(trim: Trim, duration: number): boolean {
  return trim.start > 0 || trim.end < duration;
}

/** The frames of the filmstrip: `count` spread evenly over the recording. */
export function filmstrip<T extends { at_ms: number }>(frames: readonly T[], count: number): T[] {
  if (frames.length <= count) return [...frames];
  return Array.from({ length: count }, (_, i) => frames[Math.floor((i * frames.length) / count)]).filter((f): f is T => f !== undefined);
}

/** The frame showing at `ms`: the last one at or before it. */
export function frameAt<T extends { at_ms: number }>(frames: readonly T[], ms: number): T | null {
  let shown: T | null = frames[0] ?? null;
  for (const f of frames) {
    if (f.at_ms > ms) break;
    shown = f;
  }
  return shown;
}
