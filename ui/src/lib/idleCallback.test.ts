import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IDLE_BUDGET_MS, installIdleCallback } from "./idleCallback";

/** A window without requestIdleCallback, on fake timers: frames come when `frame()` is called. */
function host() {
  const frames = new Map<number, FrameRequestCallback>();
  let nextFrame = 1;
  const h = {
    requestAnimationFrame: (cb: FrameRequestCallback) => {
      frames.set(nextFrame, cb);
      return nextFrame++;
    },
    cancelAnimationFrame: (id: number) => frames.delete(id),
    setTimeout: (cb: () => void, ms?: number) => setTimeout(cb, ms) as unknown as number,
    clearTimeout: (id: number) => {
      clearTimeout(id);
    },
  } as Parameters<typeof installIdleCallback>[0];
  const frame = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const cb of due) cb(performance.now());
  };
  return { h, frame };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("installIdleCallback", () => {
  it("runs the callback once the next frame is drawn, with what is left of that frame", () => {
    vi.useFakeTimers();
    const { h, frame } = host();
    let clock = 0;
    installIdleCallback(h, () => clock);
    const seen: { didTimeout: boolean; left: number }[] = [];
    h.requestIdleCallback?.((d) => {
      seen.push({ didTimeout: d.didTimeout, left: d.timeRemaining() });
      clock += 5;
      seen.push({ didTimeout: d.didTimeout, left: d.timeRemaining() });
      clock += 50;
      seen.push({ didTimeout: d.didTimeout, left: d.timeRemaining() });
    });
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([]);
    frame();
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([
      { didTimeout: false, left: IDLE_BUDGET_MS },
      { didTimeout: false, left: IDLE_BUDGET_MS - 5 },
      { didTimeout: false, left: 0 },
    ]);
  });

  it("runs it after its timeout when no frame comes, once", () => {
    vi.useFakeTimers();
    const { h, frame } = host();
    installIdleCallback(h);
    const calls: boolean[] = [];
    h.requestIdleCallback?.((d) => calls.push(d.didTimeout), { timeout: 400 });
    vi.advanceTimersByTime(400);
    expect(calls).toEqual([true]);
    frame();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([true]);
  });

  it("a cancelled callback never runs", () => {
    vi.useFakeTimers();
    const { h, frame } = host();
    installIdleCallback(h);
    const calls: number[] = [];
    const id = h.requestIdleCallback?.(() => calls.push(1), { timeout: 400 }) ?? 0;
    h.cancelIdleCallback?.(id);
    frame();
    vi.advanceTimersByTime(1000);
    expect(calls).toEqual([]);
  });

  it("leaves a window that has one alone", () => {
    const native = () => 7;
    const { h } = host();
    h.requestIdleCallback = native;
    installIdleCallback(h);
    expect(h.requestIdleCallback).toBe(native);
  });

  it("is installed before anything else the app loads (the editor looks for it as it loads)", () => {
    const main = readFileSync(join(process.cwd(), "src", "main.tsx"), "utf8");
    const firstImport = main.split("\n").find((line) => line.startsWith("import "));
    expect(firstImport).toBe('import "./lib/idleCallback";');
  });
});
