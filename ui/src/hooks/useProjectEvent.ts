// Run `onEvent` whenever the app announces something about this project (a generation stored,
// a variant scored, a thumbnail made), for as long as the component is mounted.
import { useEffect } from "react";
import { useLatest } from "./useLatest";

interface ProjectEvent<T extends { project_id: string }> {
  listen: (cb: (e: { payload: T }) => void) => Promise<() => void>;
}

export function useProjectEvent<T extends { project_id: string }>(event: ProjectEvent<T>, projectId: string, onEvent: (payload: T) => void): void {
  const handler = useLatest(onEvent);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let alive = true;
    event
      .listen((e) => {
        if (e.payload.project_id === projectId) handler.current(e.payload);
      })
      .then((unlisten) => {
        if (alive) stop = unlisten;
        else unlisten();
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      stop?.();
    };
  }, [event, projectId, handler]);
}
