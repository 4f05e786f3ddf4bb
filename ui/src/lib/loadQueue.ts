// Every preview frame of the window loads through one queue. Generated pages run in the same
// web process and on the same main thread as the app's own UI (WebKitGTK isolates no iframe),
// so five previews of a 300 KB page reloading on their own timers leave the UI no frames at all.
// The queue lets one page load at a time. After each it rests in proportion to how long the
// load took (loads take at most `busyShare` of the main thread), then waits until the window
// draws smoothly again (a page keeps the thread busy after `load`: styles, layout, paint), up
// to `maxPauseMs`. The frame the designer is looking at goes first; a thumbnail that has waited
// long enough goes before it.
import type { Timers } from "./throttle";

export interface Loadable {
  /** Begin loading now; call `LoadQueue.finished` when the page has loaded. */
  startLoad: () => void;
}

interface Waiting {
  item: Loadable;
  priority: number;
  since: number;
}

const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

/** Calls `done` once the window draws smoothly again, or after `timeoutMs` at the latest. */
export type WaitForCalm = (done: () => void, timeoutMs: number) => void;

/** Smooth: three frames in a row, each within 25 ms of the last. */
const waitForSmoothFrames: WaitForCalm = (done, timeoutMs) => {
  if (typeof requestAnimationFrame !== "function") {
    done();
    return;
  }
  const deadline = performance.now() + timeoutMs;
  let last = performance.now();
  let smooth = 0;
  const tick = (now: number) => {
    smooth = now - last <= 25 ? smooth + 1 : 0;
    last = now;
    if (smooth >= 3 || now >= deadline) done();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

export interface LoadQueueOptions {
  /** The most of the main thread page loads may take, 0–1. */
  busyShare?: number;
  /** A waiting load gains one priority step per this many ms. */
  agingMs?: number;
  /** Never pause longer than this between loads. */
  maxPauseMs?: number;
  waitForCalm?: WaitForCalm;
}

export class LoadQueue {
  private waiting: Waiting[] = [];
  private running: Loadable | null = null;
  private pause: unknown = null;
  private readonly busyShare: number;
  private readonly agingMs: number;
  private readonly maxPauseMs: number;
  private readonly waitForCalm: WaitForCalm | null;
  private readonly timers: Timers;

  constructor({ busyShare = 0.4, agingMs = 1500, maxPauseMs = 3000, waitForCalm }: LoadQueueOptions = {}, timers: Timers = realTimers) {
    this.busyShare = busyShare;
    this.agingMs = agingMs;
    this.maxPauseMs = maxPauseMs;
    this.waitForCalm = waitForCalm ?? null;
    this.timers = timers;
  }

  /** Ask for a load; `priority` 0 is the most urgent. Asking again while waiting changes nothing but the priority. */
  enqueue(item: Loadable, priority: number): void {
    if (this.running === item) return;
    const queued = this.waiting.find((w) => w.item === item);
    if (queued) queued.priority = Math.min(queued.priority, priority);
    else this.waiting.push({ item, priority, since: this.timers.now() });
    this.next();
  }

  /** `item` finished loading after `durationMs`. */
  finished(item: Loadable, durationMs: number): void {
    if (this.running !== item) return;
    this.running = null;
    const rest = Math.min(this.maxPauseMs, Math.max(0, durationMs) * (1 / this.busyShare - 1));
    const resume = () => {
      this.pause = null;
      this.next();
    };
    const calm = this.waitForCalm;
    if (rest <= 0 && !calm) {
      this.next();
      return;
    }
    const marker = {};
    this.pause = marker;
    const afterRest = () => {
      if (this.pause !== marker) return;
      if (calm) calm(() => {
        if (this.pause === marker) resume();
      }, this.maxPauseMs - rest);
      else resume();
    };
    if (rest > 0) this.timers.setTimeout(afterRest, rest);
    else afterRest();
  }

  /** Forget `item` (its frame went away). */
  remove(item: Loadable): void {
    this.waiting = this.waiting.filter((w) => w.item !== item);
    if (this.running === item) this.finished(item, 0);
  }

  get busy(): boolean {
    return this.running !== null;
  }

  private next(): void {
    if (this.running !== null || this.pause !== null || this.waiting.length === 0) return;
    const now = this.timers.now();
    const rank = (w: Waiting) => w.priority - (now - w.since) / this.agingMs;
    const chosen = this.waiting.reduce((best, w) => (rank(w) < rank(best) ? w : best));
    this.waiting = this.waiting.filter((w) => w !== chosen);
    this.running = chosen.item;
    chosen.item.startLoad();
  }
}

/** The one queue every preview frame in the window shares. */
export const previewLoads = new LoadQueue({ waitForCalm: waitForSmoothFrames });
