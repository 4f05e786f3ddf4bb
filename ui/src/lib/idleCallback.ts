// WebKitGTK has no requestIdleCallback. Without it, CodeMirror parses a long file in slices of
// 100 ms (every half second while a 300 KB page streams into the Code view): each slice a frame
// the window could not draw. With it, CodeMirror asks how long the frame has left and works in
// 25 ms slices. Installed before anything that looks for it (main.tsx imports this first).

/** How long an idle callback may work: what is left of a 60 Hz frame after it is drawn. */
export const IDLE_BUDGET_MS = 12;

interface IdleHost {
  requestIdleCallback?: (callback: IdleRequestCallback, options?: IdleRequestOptions) => number;
  cancelIdleCallback?: (handle: number) => void;
  requestAnimationFrame: (callback: FrameRequestCallback) => number;
  cancelAnimationFrame: (handle: number) => void;
  setTimeout: (callback: () => void, ms?: number) => number;
  clearTimeout: (handle: number) => void;
}

/** Give `host` a requestIdleCallback when it has none: the callback runs just after the next
 *  frame is drawn (or after `timeout`, when frames stall), with the rest of that frame to work. */
export function installIdleCallback(host: IdleHost, now: () => number = () => performance.now()): void {
  if (typeof host.requestIdleCallback === "function") return;
  let next = 1;
  const pending = new Map<number, { frame: number; timer: number | null; fallback: number | null }>();
  // Takes a pending callback out, stopping whichever of its ways to run is still waiting.
  const forget = (id: number): boolean => {
    const entry = pending.get(id);
    if (!entry) return false;
    pending.delete(id);
    host.cancelAnimationFrame(entry.frame);
    if (entry.timer !== null) host.clearTimeout(entry.timer);
    if (entry.fallback !== null) host.clearTimeout(entry.fallback);
    return true;
  };
  const run = (id: number, callback: IdleRequestCallback, didTimeout: boolean) => {
    if (!forget(id)) return;
    const start = now();
    callback({ didTimeout, timeRemaining: () => Math.max(0, IDLE_BUDGET_MS - (now() - start)) });
  };
  host.requestIdleCallback = (callback, options) => {
    const id = next++;
    const entry = { frame: 0, timer: null as number | null, fallback: null as number | null };
    pending.set(id, entry);
    // After the frame: a task queued from the frame's callback runs once it is drawn.
    entry.frame = host.requestAnimationFrame(() => {
      entry.timer = host.setTimeout(() => {
        run(id, callback, false);
      }, 0);
    });
    if (options?.timeout !== undefined && options.timeout > 0) {
      entry.fallback = host.setTimeout(() => {
        run(id, callback, true);
      }, options.timeout);
    }
    return id;
  };
  host.cancelIdleCallback = (id) => {
    forget(id);
  };
}

installIdleCallback(window);
