// A popover or dialog that closes as people expect: Escape, or a press outside it. With
// `first`, its Escape is handled before any other (and goes no further): a picker open inside
// visual editing closes without ending visual editing.
import { useEffect, type RefObject } from "react";
import { useLatest } from "./useLatest";

export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>, close: () => void, { first = false } = {}) {
  const onClose = useLatest(close);
  useEffect(() => {
    if (!open) return;
    const press = (e: MouseEvent) => {
      if (!inside.current?.contains(e.target as Node)) onClose.current();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      if (first) e.stopImmediatePropagation();
      onClose.current();
    };
    window.addEventListener("mousedown", press);
    window.addEventListener("keydown", key, first);
    return () => {
      window.removeEventListener("mousedown", press);
      window.removeEventListener("keydown", key, first);
    };
  }, [open, inside, onClose, first]);
}
