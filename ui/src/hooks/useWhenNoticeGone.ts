import { useEffect, type RefObject } from "react";
import { floatsOver } from "../lib/floating";
import { useLatest } from "./useLatest";

/** How often to look whether the notice is still over the page, and how many looks in a row
 *  must find it gone (a notice can be replaced by the next one). */
const LOOK_MS = 250;
const GONE_LOOKS = 2;

/**
 * While `active`, looks whether anything floating is still over `el`; once it has gone, calls
 * `gone` (once). The page went into a frame for a notice over it, and goes back to its own view
 * after: left in the frame, the window would paint it at every frame anything else moves.
 */
export function useWhenNoticeGone(active: boolean, el: RefObject<HTMLElement | null>, gone: () => void): void {
  const latest = useLatest(gone);
  useEffect(() => {
    if (!active) return;
    let clear = 0;
    const look = window.setInterval(() => {
      const box = el.current?.getBoundingClientRect();
      if (!box) return;
      clear = floatsOver({ x: box.left, y: box.top, width: box.width, height: box.height }) ? 0 : clear + 1;
      if (clear >= GONE_LOOKS) {
        window.clearInterval(look);
        latest.current();
      }
    }, LOOK_MS);
    return () => {
      window.clearInterval(look);
    };
  }, [active, el, latest]);
}
