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

/** Points over the box (its corners, edges and middle, a little inside) at which something
 *  else of the app's (a menu, a dialog, a notice) would be hidden under the view. */
export function coverProbes(bounds: Bounds, inset = 3): { x: number; y: number }[] {
  const xs = [bounds.x + inset, bounds.x + bounds.width / 2, bounds.x + bounds.width - inset];
  const ys = [bounds.y + inset, bounds.y + bounds.height / 2, bounds.y + bounds.height - inset];
  return xs.flatMap((x) => ys.map((y) => ({ x, y })));
}
