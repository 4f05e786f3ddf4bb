import { useEffect, useState } from "react";
import { type KeyStatus } from "../ipc";
import { keysStatus } from "../ipc/secrets";

/** Which providers have a key, read once when the component mounts; null until known. */
export function useKeyStatuses(): KeyStatus[] | null {
  const [statuses, setStatuses] = useState<KeyStatus[] | null>(null);
  useEffect(() => {
    let alive = true;
    void keysStatus()
      .then((r) => {
        if (alive && r.status === "ok") setStatuses(r.data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return statuses;
}
