// Whether the history (left) and the activity (right) panels are open. In a wide window, the
// designer's choice, remembered. In a narrow one (under 1100 px) the preview needs the room:
// both start closed and opening one closes the other, for as long as the window stays narrow.
import { useCallback, useEffect, useState } from "react";

const KEY = "s2c.sidePanels";
export const NARROW = 1100;

interface Panels {
  history: boolean;
  activity: boolean;
}

function remembered(): Panels {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? "null");
    if (raw && typeof raw === "object" && "history" in raw && "activity" in raw) {
      const { history, activity } = raw as Record<string, unknown>;
      if (typeof history === "boolean" && typeof activity === "boolean") return { history, activity };
    }
  } catch {
    // Unreadable: both open.
  }
  return { history: true, activity: true };
}

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.innerWidth < NARROW);
  useEffect(() => {
    const onResize = () => {
      setNarrow(window.innerWidth < NARROW);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
    };
  }, []);
  return narrow;
}

export function useSidePanels() {
  const narrow = useNarrow();
  const [wide, setWide] = useState<Panels>(remembered);
  const [small, setSmall] = useState<Panels>({ history: false, activity: false });
  // Back to narrow: start closed again.
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    if (narrow) setSmall({ history: false, activity: false });
  }
  const set = useCallback(
    (change: Partial<Panels>) => {
      if (narrow) {
        setSmall((p) => ({
          history: change.history ?? (change.activity ? false : p.history),
          activity: change.activity ?? (change.history ? false : p.activity),
        }));
        return;
      }
      setWide((p) => {
        const next = { ...p, ...change };
        try {
          localStorage.setItem(KEY, JSON.stringify(next));
        } catch {
          // The choice lasts until the window closes.
        }
        return next;
      });
    },
    [narrow],
  );
  return { ...(narrow ? small : wide), narrow, set };
}
