// Two iframe slots for one preview: the next load goes into the hidden slot, which is shown
// once it fired `load` (or after a timeout), so a reload never flashes a blank page. Reloads
// for more code are throttled; one that comes while a load runs waits for it; every load waits
// its turn in the window's one queue of preview loads (see loadQueue.ts).
import { previewLoads, type Loadable, type LoadQueue } from "./loadQueue";
import { createThrottle, type Throttle } from "./throttle";

export type Slot = { key: number; src: string } | null;
export const LOAD_TIMEOUT_MS = 4000;
let keys = 0;

export interface SwapperOptions {
  queue?: LoadQueue;
  /** In the queue: 0 for the preview on show, higher for thumbnails. */
  priority?: number;
}

export class FrameSwapper implements Loadable {
  slots: [Slot, Slot] = [null, null];
  active: 0 | 1 = 0;
  private loading: 0 | 1 | null = null;
  private queued = false;
  private startedAt = 0;
  private readonly queue: LoadQueue;
  private readonly priority: number;
  private again = false;
  private url: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly throttle: Throttle;
  private readonly onChange: () => void;

  constructor(intervalMs: number, onChange: () => void, { queue = previewLoads, priority = 0 }: SwapperOptions = {}) {
    this.onChange = onChange;
    this.queue = queue;
    this.priority = priority;
    this.throttle = createThrottle(intervalMs, () => {
      this.load();
    });
  }

  setUrl(url: string | null): void {
    if (url === this.url) return;
    this.url = url;
    this.again = false;
    if (url) this.load();
  }

  /** The page on show went to `url` by itself (a link, a client-side route): later reloads load
   *  that page, and nothing loads now. */
  followed(url: string): void {
    this.url = url;
  }

  /** More code arrived for the page on show. */
  codeChanged(): void {
    this.throttle.request();
  }

  loaded(slot: 0 | 1): void {
    if (this.loading !== slot) return;
    clearTimeout(this.timer);
    this.loading = null;
    this.active = slot;
    this.queue.finished(this, performance.now() - this.startedAt);
    this.onChange();
    if (this.again) {
      this.again = false;
      this.load();
    }
  }

  dispose(): void {
    this.throttle.cancel();
    clearTimeout(this.timer);
    this.queue.remove(this);
    this.queued = false;
  }

  private load(): void {
    if (!this.url) return;
    if (this.loading !== null) {
      this.again = true;
      return;
    }
    if (this.queued) return;
    this.queued = true;
    this.queue.enqueue(this, this.priority);
  }

  /** The queue's turn for this frame. */
  startLoad(): void {
    this.queued = false;
    if (!this.url) {
      this.queue.finished(this, 0);
      return;
    }
    this.startedAt = performance.now();
    const slot: 0 | 1 = this.slots[this.active] === null ? this.active : this.active === 0 ? 1 : 0;
    this.loading = slot;
    const next: [Slot, Slot] = [this.slots[0], this.slots[1]];
    next[slot] = { key: ++keys, src: this.url };
    this.slots = next;
    this.onChange();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.loaded(slot);
    }, LOAD_TIMEOUT_MS);
  }
}
