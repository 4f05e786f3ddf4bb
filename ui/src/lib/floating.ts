// Things of the app's that float over the window by themselves (a notice, an update's offer):
// marked `data-floating`. The page's own view is a separate window surface drawn over the
// window, so it must not be where one of them is.
import { overlaps, type Bounds } from "./nativePlacement";

/** Whether something floating is over `bounds` (window CSS px), looked at whole: it may cover
 *  only a corner. */
export function floatsOver(bounds: Bounds): boolean {
  return [...document.querySelectorAll("[data-floating]")].some((f) => overlaps(f.getBoundingClientRect(), bounds));
}
