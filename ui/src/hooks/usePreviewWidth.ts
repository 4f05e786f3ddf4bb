// The screen the Desktop preview lays the page out on: as wide as the designer picked for this
// project (remembered), else the screenshot, else a laptop; as tall as the screenshot's screen.
import { useCallback, useState } from "react";
import { DEFAULT_DESKTOP_WIDTH, MAX_WIDTH, MIN_WIDTH, screenFor, type Size } from "../lib/previewSize";

const key = (projectId: string) => `s2c.previewWidth.${projectId}`;

function stored(projectId: string): number | null {
  try {
    const n = Number(localStorage.getItem(key(projectId)));
    return Number.isInteger(n) && n >= MIN_WIDTH && n <= MAX_WIDTH ? n : null;
  } catch {
    return null;
  }
}

export function usePreviewWidth(projectId: string, screenshot: Size | null) {
  const screenshotWidth = screenshot?.width ?? null;
  const [chosen, setChosen] = useState<{ projectId: string; width: number | null }>(() => ({ projectId, width: stored(projectId) }));
  const picked = chosen.projectId === projectId ? chosen.width : stored(projectId);
  const width = picked ?? (screenshotWidth !== null && screenshotWidth >= MIN_WIDTH ? Math.min(screenshotWidth, MAX_WIDTH) : DEFAULT_DESKTOP_WIDTH);
  const choose = useCallback(
    (w: number | null) => {
      setChosen({ projectId, width: w });
      try {
        if (w === null) localStorage.removeItem(key(projectId));
        else localStorage.setItem(key(projectId), String(w));
      } catch {
        // Private mode or full storage: the choice lasts until the window closes.
      }
    },
    [projectId],
  );
  return { width, screen: screenFor(width, screenshot), choose };
}
