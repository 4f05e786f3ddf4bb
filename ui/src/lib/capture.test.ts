import { describe, expect, it } from "vitest";
import { clock, dragRect, filmstrip, frameAt, isClick, isTrimmed, moveHandle, seconds, wholeView } from "./capture";

const view = { width: 1440, height: 900 };

describe("dragRect", () => {
  it("is the same rectangle whichever way the mouse went", () => {
    const forward = dragRect({ x: 10, y: 20 }, { x: 110, y: 70 }, view);
    const backward = dragRect({ x: 110, y: 70 }, { x: 10, y: 20 }, view);
    expect(forward).toEqual(backward);
    expect(forward).toEqual({ x: 10, y: 20, width: 100, height: 50, view_width: 1440, view_height: 900 });
  });

  it("stays inside the screen", () => {
    expect(dragRect({ x: -50, y: 850 }, { x: 100, y: 1000 }, view)).toMatchObject({ x: 0, y: 850, width: 100, height: 50 });
  });

  it("knows a click from a drag", () => {
    expect(isClick(dragRect({ x: 5, y: 5 }, { x: 7, y: 60 }, view))).toBe(true);
    expect(isClick(dragRect({ x: 5, y: 5 }, { x: 50, y: 60 }, view))).toBe(false);
    expect(wholeView(view)).toEqual({ x: 0, y: 0, width: 1440, height: 900, view_width: 1440, view_height: 900 });
  });
});

describe("recording clock and trim", () => {
  it("reads like a clock", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(7_900)).toBe("0:07");
    expect(clock(65_000)).toBe("1:05");
    expect(clock(-5)).toBe("0:00");
    expect(seconds(2_440)).toBe("2.4 s");
  });

  it("keeps half a second between the handles and both inside the video", () => {
    const full = { start: 0, end: 4_000 };
    expect(moveHandle(full, "start", 3_900, 4_000)).toEqual({ start: 3_500, end: 4_000 });
    expect(moveHandle(full, "start", -10, 4_000)).toEqual({ start: 0, end: 4_000 });
    expect(moveHandle({ start: 1_000, end: 4_000 }, "end", 1_100, 4_000)).toEqual({ start: 1_000, end: 1_500 });
    expect(moveHandle(full, "end", 9_000, 4_000)).toEqual({ start: 0, end: 4_000 });
    expect(isTrimmed(full, 4_000)).toBe(false);
    expect(isTrimmed({ start: 200, end: 4_000 }, 4_000)).toBe(true);
  });
});

describe("the trim panel's frames", () => {
  const frames = Array.from({ length: 40 }, (_, i) => ({ at_ms: i * 250 }));
  it("spreads the filmstrip over the recording", () => {
    const strip = filmstrip(frames, 8);
    expect(strip.map((f) => f.at_ms)).toEqual([0, 1250, 2500, 3750, 5000, 6250, 7500, 8750]);
    expect(filmstrip(frames.slice(0, 3), 8)).toHaveLength(3);
  });
  it("shows the frame at or before a moment", () => {
    expect(frameAt(frames, 0)?.at_ms).toBe(0);
    expect(frameAt(frames, 1100)?.at_ms).toBe(1000);
    expect(frameAt(frames, 99_999)?.at_ms).toBe(9750);
    expect(frameAt([], 10)).toBeNull();
  });
});
