// Run `onEvent` with each payload of one of the app's events for as long as the component is
// mounted (the latest `onEvent`, without listening again). A listener that arrives after the
// component is gone is removed at once.
import { useEffect } from "react";
import { useLatest } from "./useLatest";

export interface AppEvent<T> {
  listen: (cb: (e: { payload: T }) => void) => Promise<() => void>;
}

export function useAppEvent<T>(event: AppEvent<T>, onEvent: (payload: T) => void): void {
  const handler = useLatest(onEvent);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let alive = true;
    event
      .listen((e) => {
        handler.current(e.payload);
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
  }, [event, handler]);
}
