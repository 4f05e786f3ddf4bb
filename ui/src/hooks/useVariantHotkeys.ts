import { useEffect } from "react";

/** Alt+1…9 picks a variant. `code` is used because Alt+digit types other characters on macOS. */
export function useVariantHotkeys(count: number, onPick: (index: number) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const m = /^Digit([1-9])$/.exec(e.code);
      if (!m) return;
      const index = Number(m[1]) - 1;
      if (index < count) {
        e.preventDefault();
        onPick(index);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [count, onPick]);
}
