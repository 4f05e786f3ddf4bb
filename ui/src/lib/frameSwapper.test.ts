import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FrameSwapper, LOAD_TIMEOUT_MS } from "./frameSwapper";
import { LoadQueue } from "./loadQueue";

// A queue of its own per test, that never pauses: these tests are about one frame.
const own = () => ({ queue: new LoadQueue({ busyShare: 1 }) });

describe("FrameSwapper", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the first page at once, then loads the next one hidden and swaps on load", () => {
    const s = new FrameSwapper(300, () => undefined, own());
    s.setUrl("preview://localhost/live/1/0/index.html");
    expect(s.slots[0]?.src).toContain("/live/1/0/");
    expect(s.active).toBe(0);
    s.loaded(0);
    const firstKey = s.slots[0]?.key;

    s.codeChanged();
    expect(s.slots[1]?.src).toContain("/live/1/0/");
    expect(s.active).toBe(0); // still the old page while the new one loads
    s.loaded(1);
    expect(s.active).toBe(1);
    expect(s.slots[0]?.key).toBe(firstKey);
  });

  it("reloads at a bounded rate while code streams, and once more after", () => {
    const s = new FrameSwapper(300, () => undefined, own());
    s.setUrl("u");
    s.loaded(0);
    const seen = new Set<number>();
    const track = () => {
      for (const slot of s.slots) if (slot) seen.add(slot.key);
    };
    track();
    const before = seen.size;
    for (let t = 0; t < 2000; t += 20) {
      s.codeChanged();
      vi.advanceTimersByTime(20);
      track();
      // Each page loads 10 ms after it was asked for.
      const inactive = s.active === 0 ? 1 : 0;
      s.loaded(inactive);
    }
    vi.advanceTimersByTime(1000);
    track();
    const loads = seen.size - before;
    // 2 s of deltas every 20 ms: about 2 s / 300 ms reloads, not 100.
    expect(loads).toBeGreaterThanOrEqual(5);
    expect(loads).toBeLessThanOrEqual(9);
  });

  it("a reload asked for during a load waits for it; a page that never loads is shown anyway", () => {
    const s = new FrameSwapper(0, () => undefined, own());
    s.setUrl("u");
    s.loaded(0);
    s.codeChanged();
    const loadingKey = s.slots[1]?.key;
    s.codeChanged();
    expect(s.slots[1]?.key).toBe(loadingKey);
    vi.advanceTimersByTime(LOAD_TIMEOUT_MS);
    expect(s.active).toBe(1);
    // The queued reload starts right after the swap, in the other slot.
    expect(s.slots[0]?.key).toBeGreaterThan(loadingKey ?? 0);
    s.dispose();
  });

  describe("a page on show follows in place", () => {
    const shown = () => {
      const asked: number[] = [];
      const s = new FrameSwapper(0, () => undefined, own());
      s.refreshWith((slot) => {
        asked.push(slot);
        return true;
      });
      s.setUrl("u");
      expect(asked).toEqual([]); // the first page loads: nothing to ask yet
      s.hasBridge(0);
      s.loaded(0);
      return { s, asked };
    };

    it("asks the page instead of reloading it, and again after each answer", () => {
      const { s, asked } = shown();
      const slots = s.slots;
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0]);
      expect(s.slots).toBe(slots); // no second frame loads
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0]); // waits for the answer
      s.refreshed(true);
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0, 0]);
      expect(s.slots).toBe(slots);
    });

    it("reloads a page that cannot follow, and keeps reloading it until the URL changes", () => {
      const { s, asked } = shown();
      s.codeChanged();
      vi.advanceTimersByTime(0);
      s.refreshed(false);
      expect(s.slots[1]?.src).toBe("u");
      s.loaded(1);
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0]);
      expect(s.slots[0]?.src).toBe("u"); // reloaded, not asked
      s.loaded(0);
      s.setUrl("v");
      s.hasBridge(1);
      s.loaded(1);
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0, 1]);
    });

    it("reloads a page without the app's bridge: it could not answer", () => {
      const { s, asked } = shown();
      s.setUrl("x");
      s.loaded(1); // this page never said it has the bridge
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([]);
      expect(s.slots[0]?.src).toBe("x");
    });

    it("reloads a page that never answers", () => {
      const { s } = shown();
      s.codeChanged();
      vi.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
      expect(s.slots[1]).toBeNull();
      vi.advanceTimersByTime(1);
      expect(s.slots[1]?.src).toBe("u");
    });

    it("ignores an answer nobody asked for (a page may post anything)", () => {
      const { s, asked } = shown();
      const slots = s.slots;
      s.refreshed(false);
      s.refreshed(true);
      expect(s.slots).toBe(slots);
      s.codeChanged();
      vi.advanceTimersByTime(0);
      expect(asked).toEqual([0]); // still asked, not reloaded
      expect(s.slots).toBe(slots);
    });

    it("loads a page it navigated away from", () => {
      const { s, asked } = shown();
      s.setUrl("w");
      expect(asked).toEqual([]);
      expect(s.slots[1]?.src).toBe("w");
    });
  });
});
