// Where the page's own view goes (src-tauri/src/preview/native/): the content box of the
// element holding its place, as the window shows it (after the Desktop preview's scale), and
// the zoom that lays the page out at the element's own CSS width. Pure, so it is tested alone.

/** A box in the window's CSS px (what `nativePreviewShow` takes). */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is measured of the element holding the place. */
export interface PlaceBox {
  /** getBoundingClientRect(): on screen, after transforms. */
  rect: { left: number; top: number; width: number };
  /** Layout sizes, before transforms. */
  offsetWidth: number;
  clientLeft: number;
  clientTop: number;
  clientWidth: number;
  clientHeight: number;
}

export interface Placement {
  bounds: Bounds;
  zoom: number;
}

/** The content box on screen, or null while the element has no size. */
export function placementOf(box: PlaceBox): Placement | null {
  if (box.offsetWidth <= 0 || box.clientWidth <= 0 || box.clientHeight <= 0) return null;
  const zoom = box.rect.width / box.offsetWidth;
  if (!Number.isFinite(zoom) || zoom <= 0) return null;
  return {
    bounds: {
      x: box.rect.left + box.clientLeft * zoom,
      y: box.rect.top + box.clientTop * zoom,
      width: box.clientWidth * zoom,
      height: box.clientHeight * zoom,
    },
    zoom,
  };
}

/** Whether two placements put the view in the same pixels. */
export function samePlacement(a: Placement | null, b: Placement | null): boolean {
  if (a === null || b === null) return a === b;
  const near = (x: number, y: number) => Math.abs(x - y) < 0.5;
  return near(a.bounds.x, b.bounds.x) && near(a.bounds.y, b.bounds.y) && near(a.bounds.width, b.bounds.width) && near(a.bounds.height, b.bounds.height) && Math.abs(a.zoom - b.zoom) < 0.001;
}

/** Points over the box, a little inside it, at which something else of the app's (a menu, a
 *  dialog, a notice) would be hidden under the view: along the edges at most `edgeStep` apart
 *  (what comes from outside crosses an edge) and across the inside at most `innerStep` apart
 *  (what opens within it). */
export function coverProbes(bounds: Bounds, edgeStep = 40, innerStep = 120, inset = 3): { x: number; y: number }[] {
  const line = (from: number, size: number, step: number) => {
    const a = from + inset;
    const b = from + Math.max(size - inset, inset);
    const n = Math.max(1, Math.ceil((b - a) / step));
    return Array.from({ length: n + 1 }, (_, i) => a + ((b - a) * i) / n);
  };
  const edgeXs = line(bounds.x, bounds.width, edgeStep);
  const edgeYs = line(bounds.y, bounds.height, edgeStep);
  const top = edgeYs[0] ?? bounds.y;
  const bottom = edgeYs[edgeYs.length - 1] ?? bounds.y;
  const left = edgeXs[0] ?? bounds.x;
  const right = edgeXs[edgeXs.length - 1] ?? bounds.x;
  const edges = [...edgeXs.flatMap((x) => [{ x, y: top }, { x, y: bottom }]), ...edgeYs.slice(1, -1).flatMap((y) => [{ x: left, y }, { x: right, y }])];
  const innerXs = line(bounds.x, bounds.width, innerStep).slice(1, -1);
  const innerYs = line(bounds.y, bounds.height, innerStep).slice(1, -1);
  return [...edges, ...innerXs.flatMap((x) => innerYs.map((y) => ({ x, y })))];
}

/** Whether a drawn box (`DOMRect`-like) and `bounds` share more than a pixel's width each way. */
export function overlaps(rect: { left: number; top: number; right: number; bottom: number; width: number; height: number }, bounds: Bounds): boolean {
  if (rect.width <= 0 || rect.height <= 0) return false;
  const w = Math.min(rect.right, bounds.x + bounds.width) - Math.max(rect.left, bounds.x);
  const h = Math.min(rect.bottom, bounds.y + bounds.height) - Math.max(rect.top, bounds.y);
  return w > 1 && h > 1;
}

/** Whether `bounds` lies wholly inside `clip` (give or take a pixel): a view is a rectangle on
 *  top of everything, so a box its scrolling pane or the window cuts off cannot have one. */
export function wholeWithin(bounds: Bounds, clip: Bounds): boolean {
  return bounds.x >= clip.x - 1 && bounds.y >= clip.y - 1 && bounds.x + bounds.width <= clip.x + clip.width + 1 && bounds.y + bounds.height <= clip.y + clip.height + 1;
}
