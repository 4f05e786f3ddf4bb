import { useEffect, useState } from "react";
import { nativePreviewAvailable } from "../ipc/preview";

// Asked once per window: the answer depends on the platform, not on anything that changes.
let asked: Promise<boolean> | null = null;

/** Whether the page being watched can be shown in a view of its own process (false until the
 *  app has answered, and in a browser). */
export function useNativePreviewAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let current = true;
    asked ??= nativePreviewAvailable();
    void asked.then((yes) => {
      if (current) setAvailable(yes);
    });
    return () => {
      current = false;
    };
  }, []);
  return available;
}
