// Escape closes a dialog, as people expect; `enabled` false while it must stay (something is
// being sent: its Cancel stops that).
import { useEffect } from "react";
import { useLatest } from "./useLatest";

export function useEscapeKey(onEscape: () => void, enabled = true) {
  const handler = useLatest(onEscape);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") handler.current();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [enabled, handler]);
}
