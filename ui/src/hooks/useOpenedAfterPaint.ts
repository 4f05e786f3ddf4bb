// A heavy view (the code editor on a 300 KB page) mounts in the frame after the one that shows
// its tab chosen, so the click answers at once; once opened it stays mounted.
import { useEffect, useState } from "react";

export function useOpenedAfterPaint(wanted: boolean): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!wanted || opened) return;
    let timer: number | undefined;
    // The animation frame comes before the paint of the chosen tab; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        setOpened(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [wanted, opened]);
  return opened;
}
