import { useEffect, useState } from "react";
import { nativePreviewAvailable } from "../ipc/preview";

// Asked once per window: the answer depends on the platform, not on anything that changes.
let asked: Promise<boolean> | null = null;
let answer: boolean | null = null;

function ask(): Promise<boolean> {
  asked ??= nativePreviewAvailable().then((yes) => {
    answer = yes;
    return yes;
  });
  return asked;
}

/** Ask as the window starts, so that a preview knows from its first frame where its page goes. */
export function askNativePreviewAvailable(): void {
  void ask();
}

/** Whether the page being watched can be shown in a view of its own process: null until the
 *  app has answered (then the page is in neither a frame nor the view), false in a browser.
 *  Until it knows, a preview must not load its page in a frame: that runs the whole page in the
 *  window's own process for the moment it takes the answer to arrive. */
export function useNativePreviewAvailable(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(answer);
  useEffect(() => {
    if (available !== null) return;
    let current = true;
    void ask().then((yes) => {
      if (current) setAvailable(yes);
    });
    return () => {
      current = false;
    };
  }, [available]);
  return available;
}
