// At most one call per interval, and always one after the last request: the preview reloads a
// few times a second while code streams in, and once more when it stops.

export interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export interface Throttle {
  request: () => void;
  cancel: () => void;
}

export function createThrottle(intervalMs: number, fire: () => void, timers: Timers = realTimers): Throttle {
  let last = -Infinity;
  let pending: unknown = null;
  const run = () => {
    pending = null;
    last = timers.now();
    fire();
  };
  return {
    request() {
      if (pending !== null) return;
      const wait = last + intervalMs - timers.now();
      if (wait <= 0) run();
      else pending = timers.setTimeout(run, wait);
    },
    cancel() {
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
    },
  };
}
