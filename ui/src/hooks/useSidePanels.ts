// Whether the history (left) and the activity (right) panels are open: the designer's choice,
// remembered; until one is made, open when the window has room for them beside the preview.
import { useCallback, useState } from "react";

const KEY = "s2c.sidePanels";
/** Below these window widths a panel starts closed: the preview needs the room. */
const HISTORY_ROOM = 1100;
const ACTIVITY_ROOM = 1280;

interface Panels {
  history: boolean;
  activity: boolean;
}

function initial(): Panels {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (raw && typeof raw === "object" && "history" in raw && "activity" in raw) {
      const { history, activity } = raw as Record<string, unknown>;
      if (typeof history === "boolean" && typeof activity === "boolean") return { history, activity };
    }
  } catch {
    // Unreadable: fall back to the window's room.
  }
  return { history: window.innerWidth >= HISTORY_ROOM, activity: window.innerWidth >= ACTIVITY_ROOM };
}

export function useSidePanels() {
  const [panels, setPanels] = useState<Panels>(initial);
  const set = useCallback((change: Partial<Panels>) => {
    setPanels((p) => {
      const next = { ...p, ...change };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // The choice lasts until the window closes.
      }
      return next;
    });
  }, []);
  return { ...panels, set };
}
