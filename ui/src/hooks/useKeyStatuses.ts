import { useEffect, useState } from "react";
import { type KeyStatus } from "../ipc";
import { keysStatus } from "../ipc/secrets";

const CHANGED = "s2c:keys-changed";

/** Tells every {@link useKeyStatuses} that a key was saved, cleared or tested. */
export function keysChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** Call `listener` after every {@link keysChanged}; returns the unsubscribe. */
export function onKeysChanged(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener(CHANGED, listener);
  };
}

/**
 * Which providers have a key: read on mount and again after {@link keysChanged}, so a form
 * left open while the user adds a key in Settings follows. Null until known.
 */
export function useKeyStatuses(): KeyStatus[] | null {
  const [statuses, setStatuses] = useState<KeyStatus[] | null>(null);
  useEffect(() => {
    let alive = true;
    const read = () => {
      void keysStatus()
        .then((r) => {
          if (alive && r.status === "ok") setStatuses(r.data);
        })
        .catch(() => undefined);
    };
    read();
    const stop = onKeysChanged(read);
    return () => {
      alive = false;
      stop();
    };
  }, []);
  return statuses;
}
