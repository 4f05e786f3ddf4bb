// What a heavy view shows follows its control a frame late: the click answers in the next frame
// (the tab chosen), and the work of showing the view (a 300 KB page painted on show, laid out
// again at a phone's width, or the code editor opened) comes in the frame after it.
import { useEffect, useState } from "react";

export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let timer: number | undefined;
    // The animation frame comes before the paint of the control; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        setShown(value);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [value, shown]);
  return shown;
}
