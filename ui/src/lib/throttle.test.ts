import { describe, expect, it } from "vitest";
import { createThrottle, type Timers } from "./throttle";

function fakeTimers() {
  let now = 0;
  let queue: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const timers: Timers = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = ids++;
      queue.push({ at: now + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      queue = queue.filter((t) => t.id !== id);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue[0];
      if (!next || next.at > end) break;
      queue.shift();
      now = next.at;
      next.fn();
    }
    now = end;
  };
  return { timers, advance };
}

describe("createThrottle", () => {
  it("fires at once, then at most once per interval, and once after the last request", () => {
    const { timers, advance } = fakeTimers();
    const fired: number[] = [];
    const t = createThrottle(250, () => fired.push(timers.now()), timers);
    t.request();
    expect(fired).toEqual([0]);
    for (let i = 0; i < 100; i++) {
      advance(10);
      t.request();
    }
    advance(1000);
    // 1000 ms of requests every 10 ms: ≤ 4 per second plus the trailing one.
    expect(fired.length).toBeLessThanOrEqual(6);
    expect(fired.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < fired.length; i++) expect((fired[i] ?? 0) - (fired[i - 1] ?? 0)).toBeGreaterThanOrEqual(250);
    expect(fired[fired.length - 1]).toBeGreaterThanOrEqual(1000);
  });

  it("cancel drops a pending trailing call", () => {
    const { timers, advance } = fakeTimers();
    let count = 0;
    const t = createThrottle(100, () => count++, timers);
    t.request();
    t.request();
    t.cancel();
    advance(500);
    expect(count).toBe(1);
  });
});
