// A toolbar that keeps one row: when its items do not fit, it takes its compaction steps in
// order (each a word in the row's `data-fit`, which the items' classes follow: labels become
// icons, long labels short) until they do, and only wraps when every step is taken. A wrapping
// toolbar changes the height of what is under it — the preview — every time a button comes or
// goes, and a preview that changes size lays its page out again.
import { useLayoutEffect, type RefObject } from "react";

/** The words of `data-fit` once `taken` steps are taken; "wrap" after the last step. */
export function fitWords(steps: readonly string[], taken: number): string {
  return taken > steps.length ? [...steps, "wrap"].join(" ") : steps.slice(0, taken).join(" ");
}

/** Whether every child of `row` ends inside its content box (half a pixel of rounding allowed). */
function fits(row: HTMLElement): boolean {
  const box = row.getBoundingClientRect();
  const end = box.right - (parseFloat(getComputedStyle(row).paddingRight) || 0) + 0.5;
  for (const child of Array.from(row.children)) {
    if (child.getBoundingClientRect().right > end) return false;
  }
  return true;
}

/**
 * Sets `data-fit` on the row to the fewest steps that fit, again whenever the row's width or its
 * items change (then never fewer steps than before). The row's items must not shrink
 * (`shrink-0`), so overflow shows as overflow.
 */
export function useFitSteps(ref: RefObject<HTMLElement | null>, steps: readonly string[]): void {
  useLayoutEffect(() => {
    const row = ref.current;
    if (!row) return;
    let taken = 0;
    const fit = (from: number) => {
      for (taken = from; taken <= steps.length; taken++) {
        row.dataset.fit = fitWords(steps, taken);
        if (fits(row)) return;
      }
      row.dataset.fit = fitWords(steps, taken);
    };
    fit(0);
    // A new width starts afresh; wrapping changes the row's height, not its width.
    let width = row.getBoundingClientRect().width;
    const resized = new ResizeObserver(() => {
      const now = row.getBoundingClientRect().width;
      if (now === width) return;
      width = now;
      fit(0);
    });
    resized.observe(row);
    // Items that come, go or change their text (not attributes: `data-fit` is one). A step once
    // taken stays while the width does: clicking between options whose buttons differ keeps one
    // look, not labels that come and go with each click.
    const changed = new MutationObserver(() => {
      fit(taken);
    });
    changed.observe(row, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [ref, steps]);
}
