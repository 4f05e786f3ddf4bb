// Two iframe slots for one preview: the next load goes into the hidden slot, which is shown
// once it fired `load` (or after a timeout), so a reload never flashes a blank page. Reloads
// for more code are throttled; one that comes while a load runs waits for it; every load waits
// its turn in the window's one queue of preview loads (see loadQueue.ts).
// A page that already shows, and whose bridge has spoken, is asked to follow its newest version
// in place (`refreshWith`; the bridge changes only what differs, preview/bridge.js): a reload
// parses, styles and lays out the whole page on the window's thread. A page that cannot (it
// has scripts of its own), or does not answer, is reloaded as before.
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
  private refreshInPlace: ((slot: 0 | 1) => boolean) | null = null;
  /** Per slot, the key of the page that said it has the app's bridge (a page without it never answers). */
  private bridged: [number | null, number | null] = [null, null];
  /** A refresh in place was asked for and not answered yet. */
  private refreshing = false;
  /** The page on show said it cannot follow in place: reload it until the URL changes. */
  private refused = false;

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
    this.refused = false;
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

  /** How to ask the page in a slot to follow its newest version in place (false: it cannot be
   *  asked); its answer comes back through `refreshed`. Without it, every change reloads. */
  refreshWith(ask: (slot: 0 | 1) => boolean): void {
    this.refreshInPlace = ask;
  }

  /** The page in `slot` spoke through the app's bridge, so it can be asked to follow in place. */
  hasBridge(slot: 0 | 1): void {
    this.bridged[slot] = this.slots[slot]?.key ?? null;
  }

  /** The page on show answered a refresh in place; anything else (a page may post anything) is ignored. */
  refreshed(ok: boolean): void {
    if (!this.refreshing) return;
    clearTimeout(this.timer);
    this.refreshing = false;
    if (!ok) {
      this.refused = true;
      this.reload();
      return;
    }
    this.queue.finished(this, performance.now() - this.startedAt);
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
    if (this.loading !== null || this.refreshing) {
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
    // No load runs when the queue's turn comes: the page on show, if any, has loaded.
    const onShow = this.slots[this.active];
    const canFollow = onShow !== null && !this.refused && onShow.src === this.url && this.bridged[this.active] === onShow.key;
    if (canFollow && this.refreshInPlace?.(this.active) === true) {
      this.refreshing = true;
      clearTimeout(this.timer);
      // A page that never answers is reloaded, and not asked again.
      this.timer = setTimeout(() => {
        this.refreshed(false);
      }, LOAD_TIMEOUT_MS);
      return;
    }
    this.reload();
  }

  /** Load the URL into the hidden slot, shown once it loaded (the queue's turn is this frame's). */
  private reload(): void {
    const url = this.url;
    if (!url) {
      this.queue.finished(this, 0);
      return;
    }
    const slot: 0 | 1 = this.slots[this.active] === null ? this.active : this.active === 0 ? 1 : 0;
    this.loading = slot;
    const next: [Slot, Slot] = [this.slots[0], this.slots[1]];
    next[slot] = { key: ++keys, src: url };
    this.slots = next;
    this.onChange();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.loaded(slot);
    }, LOAD_TIMEOUT_MS);
  }
}
