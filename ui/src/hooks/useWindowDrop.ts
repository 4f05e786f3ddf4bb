// Files dropped on the app window arrive as paths through Tauri's drag-drop event; the webview
// then sees no HTML5 drop. Outside Tauri (tests, a browser) this quietly does nothing.
import { useEffect, useState } from "react";
import { useLatest } from "./useLatest";
import { getCurrentWebview } from "@tauri-apps/api/webview";

export function useWindowDrop(onPaths: (paths: string[]) => void, enabled = true): boolean {
  const [hovering, setHovering] = useState(false);
  const handler = useLatest(onPaths);
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let alive = true;
    try {
      getCurrentWebview()
        .onDragDropEvent((event) => {
          const p = event.payload;
          if (p.type === "enter" || p.type === "over") setHovering(true);
          else if (p.type === "leave") setHovering(false);
          else {
            setHovering(false);
            handler.current(p.paths);
          }
        })
        .then((unlisten) => {
          if (alive) stop = unlisten;
          else unlisten();
        })
        .catch(() => undefined);
    } catch {
      // Not inside Tauri.
    }
    return () => {
      alive = false;
      stop?.();
    };
  }, [enabled, handler]);
  return hovering;
}
