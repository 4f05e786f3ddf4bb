import { describe, expect, it } from "vitest";
import { LoadQueue, type Loadable } from "./loadQueue";
import type { Timers } from "./throttle";

/** Timers moved by hand. */
function manualTimers() {
  let now = 0;
  let due: { at: number; fn: () => void }[] = [];
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const entry = { at: now + ms, fn };
      due.push(entry);
      return entry;
    },
    clearTimeout: (handle) => {
      due = due.filter((d) => d !== handle);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const ready = due.filter((d) => d.at <= now);
    due = due.filter((d) => d.at > now);
    for (const d of ready) d.fn();
  };
  return { timers, advance };
}

function frame(name: string, log: string[]): Loadable {
  return {
    startLoad: () => {
      log.push(name);
    },
  };
}

describe("LoadQueue", () => {
  it("loads one page at a time and rests in proportion to the last load", () => {
    const { timers, advance } = manualTimers();
    const q = new LoadQueue({ busyShare: 0.4 }, timers);
    const log: string[] = [];
    const a = frame("a", log);
    const b = frame("b", log);

    q.enqueue(a, 0);
    q.enqueue(b, 0);
    expect(log).toEqual(["a"]);
    q.finished(a, 400); // 400 ms of loading buys 600 ms of rest at 40 %
    advance(599);
    expect(log).toEqual(["a"]);
    advance(1);
    expect(log).toEqual(["a", "b"]);
  });

  it("asking twice while waiting queues the frame once", () => {
    const { timers } = manualTimers();
    const q = new LoadQueue({ busyShare: 1 }, timers);
    const log: string[] = [];
    const a = frame("a", log);
    const b = frame("b", log);
    q.enqueue(a, 0);
    q.enqueue(b, 1);
    q.enqueue(b, 1);
    q.enqueue(a, 0); // running: ignored
    q.finished(a, 10);
    q.finished(b, 10);
    expect(log).toEqual(["a", "b"]);
    expect(q.busy).toBe(false);
  });

  it("the preview on show goes first, but a thumbnail that waited long enough goes before it", () => {
    const { timers, advance } = manualTimers();
    const q = new LoadQueue({ busyShare: 1, agingMs: 1000 }, timers);
    const log: string[] = [];
    const busy = frame("busy", log);
    const thumb = frame("thumb", log);
    const stage = frame("stage", log);
    q.enqueue(busy, 0);
    q.enqueue(thumb, 1);
    q.enqueue(stage, 0);
    q.finished(busy, 0);
    expect(log).toEqual(["busy", "stage"]);
    advance(1500); // the thumbnail has waited 1.5 s: it ranks -0.5, a fresh request 0
    q.enqueue(busy, 0);
    q.finished(stage, 0);
    expect(log).toEqual(["busy", "stage", "thumb"]);
  });

  it("a frame that goes away frees its turn", () => {
    const { timers } = manualTimers();
    const q = new LoadQueue({}, timers);
    const log: string[] = [];
    const a = frame("a", log);
    const b = frame("b", log);
    const c = frame("c", log);
    q.enqueue(a, 0);
    q.enqueue(b, 0);
    q.enqueue(c, 0);
    q.remove(b);
    q.remove(a);
    expect(log).toEqual(["a", "c"]);
  });

  it("never rests longer than the cap", () => {
    const { timers, advance } = manualTimers();
    const q = new LoadQueue({ busyShare: 0.1, maxPauseMs: 3000 }, timers);
    const log: string[] = [];
    const a = frame("a", log);
    q.enqueue(a, 0);
    q.finished(a, 4000);
    q.enqueue(a, 0);
    advance(3000);
    expect(log).toEqual(["a", "a"]);
  });

  it("after resting, waits for the window to draw smoothly, with what is left of the cap", () => {
    const { timers, advance } = manualTimers();
    let calmed: (() => void) | null = null;
    let allowed = 0;
    const q = new LoadQueue(
      {
        busyShare: 0.5,
        maxPauseMs: 3000,
        waitForCalm: (done, timeoutMs) => {
          calmed = done;
          allowed = timeoutMs;
        },
      },
      timers,
    );
    const log: string[] = [];
    const a = frame("a", log);
    const b = frame("b", log);
    q.enqueue(a, 0);
    q.enqueue(b, 0);
    q.finished(a, 200); // 200 ms of rest first
    advance(200);
    expect(calmed).not.toBeNull();
    expect(allowed).toBe(2800);
    expect(log).toEqual(["a"]);
    (calmed as unknown as () => void)();
    expect(log).toEqual(["a", "b"]);
  });
});
