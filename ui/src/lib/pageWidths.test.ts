import { describe, expect, it } from "vitest";
import type { InputWidth } from "../ipc";
import { pageWidths, scoresByWidth, sideBySide } from "./pageWidths";

const width = (input_id: number, css: number, dpr = 1): InputWidth => ({
  input_id,
  width: { pixels: css * dpr, dpr, css, breakpoint: css < 640 ? "mobile" : css < 1024 ? "tablet" : "desktop" },
});

describe("page widths", () => {
  const inputs = [
    { id: 1, height: 2532 }, // a phone's screen at 3×: 844 CSS px
    { id: 2, height: 900 },
  ];
  const widths = pageWidths([width(1, 390, 3), width(2, 1440)], inputs);

  it("puts the widest first, each on its screenshot's screen", () => {
    expect(widths.map((w) => [w.label, w.screen.width, w.screen.height])).toEqual([
      ["Desktop 1440", 1440, 900],
      ["Mobile 390", 390, 844],
    ]);
  });

  it("shows them side by side when all fit at a readable scale, else one at a time", () => {
    const wide = sideBySide(widths, { width: 1200, height: 800 });
    expect(wide.fits).toBe(true);
    expect(wide.scale).toBeCloseTo((1200 - 48) / 1830, 3);
    const narrow = sideBySide(widths, { width: 500, height: 800 });
    expect(narrow.fits).toBe(false);
    expect(sideBySide([], { width: 1200, height: 800 }).fits).toBe(false);
  });

  it("reads each width's score", () => {
    expect(scoresByWidth([{ input_id: 2, width: width(2, 1440).width, total: 93.2 }, { input_id: 1, width: width(1, 390, 3).width, total: null }])).toEqual(new Map([[1440, 93.2]]));
  });
});
