// The page being watched, shown by the app in a view of its own process laid over this box
// (src-tauri/src/preview/native/), so parsing and painting a page as it is written never holds
// up the window. The box holds the view's place: it is measured every frame and the view
// follows it. Something of the app's over the box (a menu, a dialog, a notice) would be hidden
// under the view, so the view steps aside while it is there, and if it stays, `onCovered` lets
// the stage show the page in a frame instead.
import { useEffect, useRef, useState } from "react";
import { nativePreviewHide, nativePreviewRefresh, nativePreviewShow } from "../../ipc/preview";
import { useLatest } from "../../hooks/useLatest";
import { coverProbes, placementOf, samePlacement, wholeWithin, type Bounds, type Placement } from "../../lib/nativePlacement";
import { floatsOver } from "../../lib/floating";

/** How often to look for something of the app's over the box. */
const COVER_PROBE_MS = 200;
/** Covered this long, the page goes back into a frame (the view only steps aside meanwhile). */
export const COVERED_FOR_FRAME_MS = 1500;

// A view let go by one box and taken by the next in the same commit (React remounting the
// stage) is not hidden in between: the hide waits for the next task, and a new box cancels it.
let pendingHide: number | null = null;

interface Props {
  url: string;
  revision: number;
  title: string;
  /** Follow the page at most this often while the code changes. */
  intervalMs?: number;
  /** The view may hold an older version of the page (it was hidden while a frame showed it):
   *  it follows the newest as it comes back. */
  mayBeBehind?: boolean;
  /** A picture of the page's first screen, laid out as the box lays it out: shown in the box
   *  while the view is not over it yet (opening a project, ~0.5 s) or waits out of sight. */
  placeholder?: string | null;
  className?: string;
  /** The view cannot be used here (covered for long, or the app refused it): show a frame.
   *  `untilDrawn`: the view can stay over the frame until the frame has drawn the page. */
  onFallback: (url: string, untilDrawn?: boolean) => void;
}

/** What of the window the element can be seen in: the viewport cut by every pane that clips. */
function visibleArea(el: HTMLElement): Bounds {
  let left = 0;
  let top = 0;
  let right = window.innerWidth;
  let bottom = window.innerHeight;
  for (let a = el.parentElement; a !== null && a !== document.body; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    // A pane inside the Desktop preview's scale is on screen at that scale.
    const r = a.getBoundingClientRect();
    const k = a.offsetWidth > 0 ? r.width / a.offsetWidth : 1;
    left = Math.max(left, r.left + a.clientLeft * k);
    top = Math.max(top, r.top + a.clientTop * k);
    right = Math.min(right, r.left + (a.clientLeft + a.clientWidth) * k);
    bottom = Math.min(bottom, r.top + (a.clientTop + a.clientHeight) * k);
  }
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Whether the view cannot be shown whole and on top: cut off by a pane, or something of the
 *  app's is over the box. */
function covered(el: HTMLElement, bounds: Bounds): boolean {
  if (!wholeWithin(bounds, visibleArea(el))) return true;
  return coverProbes(bounds).some(({ x, y }) => {
    const top = document.elementFromPoint(x, y);
    return top !== null && top !== el && !el.contains(top);
  });
}

export function NativePreview({ url, revision, title, intervalMs = 350, mayBeBehind = false, placeholder = null, className = "", onFallback }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const fallback = useLatest(onFallback);
  const asked = useLatest(url);
  const [stepAside, setStepAside] = useState(false);

  // Place, move and hide the view as the box moves, shows and is covered.
  useEffect(() => {
    let placed: Placement | null = null;
    let placedUrl = "";
    let shown = false;
    let probedAt = -Infinity;
    let isCovered = false;
    let coveredSince: number | null = null;
    let frame = 0;
    // The page last handed back to a frame (once each; the stage then shows it framed).
    let gone: string | null = null;
    const hide = () => {
      if (!shown) return;
      shown = false;
      void nativePreviewHide();
    };
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const el = box.current;
      if (!el) return;
      const r = el.getBoundingClientRect();
      const next = placementOf({ rect: r, offsetWidth: el.offsetWidth, clientLeft: el.clientLeft, clientTop: el.clientTop, clientWidth: el.clientWidth, clientHeight: el.clientHeight });
      if (next && now - probedAt >= COVER_PROBE_MS) {
        probedAt = now;
        // A notice stays for seconds: the page goes into a frame at once, which it draws over,
        // and the view stays meanwhile (stepping aside would blank the page under the notice).
        const floating = floatsOver(next.bounds);
        if (floating && gone !== asked.current) {
          gone = asked.current;
          fallback.current(asked.current, true);
        }
        isCovered = !floating && covered(el, next.bounds);
        coveredSince = isCovered ? (coveredSince ?? now) : null;
        setStepAside(isCovered);
        if (coveredSince !== null && now - coveredSince >= COVERED_FOR_FRAME_MS && gone !== asked.current) {
          gone = asked.current;
          fallback.current(asked.current);
        }
      }
      if (!next || isCovered || document.visibilityState !== "visible") {
        hide();
        return;
      }
      // Another page takes the view without hiding it first: the old page stays until the new
      // one is painted, as in a frame.
      if (shown && samePlacement(placed, next) && placedUrl === asked.current) return;
      placed = next;
      placedUrl = asked.current;
      shown = true;
      const showing = placedUrl;
      void nativePreviewShow(showing, next.bounds, next.zoom).then((result) => {
        if (result.status === "error" && gone !== showing) {
          gone = showing;
          fallback.current(showing);
        }
      });
    };
    // A click or a key may open something over the box: look at the next frame, not up to
    // COVER_PROBE_MS later, so a menu is not drawn under the view meanwhile.
    const lookSoon = () => {
      probedAt = -Infinity;
    };
    document.addEventListener("pointerup", lookSoon, true);
    document.addEventListener("keyup", lookSoon, true);
    if (pendingHide !== null) {
      window.clearTimeout(pendingHide);
      pendingHide = null;
    }
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("pointerup", lookSoon, true);
      document.removeEventListener("keyup", lookSoon, true);
      pendingHide = window.setTimeout(() => {
        pendingHide = null;
        void nativePreviewHide();
      }, 0);
    };
  }, [asked, fallback]);

  // Follow the page as it is written, at most every `intervalMs`.
  // The view loads the newest version when it first shows a page: nothing to follow yet.
  const [loadedAt, setLoadedAt] = useState({ url, revision: mayBeBehind ? -1 : revision });
  if (loadedAt.url !== url) setLoadedAt({ url, revision });
  const loadedRevision = loadedAt.url === url ? loadedAt.revision : revision;
  const lastFollow = useRef(0);
  const pending = useRef<number | null>(null);
  useEffect(() => {
    if (revision <= loadedRevision) return;
    const wait = lastFollow.current + intervalMs - performance.now();
    if (pending.current !== null) return;
    const follow = () => {
      pending.current = null;
      lastFollow.current = performance.now();
      void nativePreviewRefresh();
    };
    if (wait <= 0) follow();
    else pending.current = window.setTimeout(follow, wait);
  }, [revision, loadedRevision, intervalMs]);
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  return (
    <div ref={box} role="region" aria-label={title} className={`overflow-hidden bg-white ${className}`} data-testid="native-preview" data-covered={stepAside ? "true" : undefined}>
      {placeholder !== null ? <img src={placeholder} alt="" aria-hidden="true" draggable={false} className="pointer-events-none block h-auto w-full select-none" data-testid="native-preview-picture" /> : null}
    </div>
  );
}
