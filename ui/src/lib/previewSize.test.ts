import { describe, expect, it } from "vitest";
import { fitScale, parseWidth, percent, scaleFor, screenFor, screenshotSizeOf, stepZoom, widthChoices } from "./previewSize";

describe("the desktop preview's size", () => {
  it("fits the whole screen into the pane and never enlarges one", () => {
    expect(fitScale({ width: 1440, height: 900 }, { width: 720, height: 1000 })).toBe(0.5);
    expect(fitScale({ width: 1440, height: 900 }, { width: 1440, height: 450 })).toBe(0.5);
    expect(fitScale({ width: 1280, height: 800 }, { width: 2000, height: 2000 })).toBe(1);
    expect(fitScale({ width: 0, height: 0 }, { width: 500, height: 500 })).toBe(1);
    expect(scaleFor("fit", { width: 1440, height: 900 }, { width: 720, height: 900 })).toBe(0.5);
    expect(scaleFor(1.5, { width: 1440, height: 900 }, { width: 720, height: 900 })).toBe(1.5);
  });

  it("lays the page out on the screen the fidelity check used", () => {
    expect(screenFor(1280, { width: 1280, height: 860 })).toEqual({ width: 1280, height: 860 });
    // A full-page screenshot: a 4:3 screen; a phone's: 2.2:1; another width: 16:10.
    expect(screenFor(1280, { width: 1280, height: 4000 })).toEqual({ width: 1280, height: 960 });
    expect(screenFor(390, { width: 390, height: 3000 })).toEqual({ width: 390, height: 858 });
    expect(screenFor(1440, { width: 1280, height: 860 })).toEqual({ width: 1440, height: 900 });
    expect(screenFor(1024, null)).toEqual({ width: 1024, height: 640 });
  });

  it("finds the screenshot a version was made from", () => {
    const inputs = [
      { id: 1, media_type: "image/png", width: 1440, height: 900 },
      { id: 2, media_type: "video/mp4", width: null, height: null },
      { id: 3, media_type: "image/png", width: 1280, height: 860 },
    ];
    expect(screenshotSizeOf(inputs, [3])).toEqual({ width: 1280, height: 860 });
    expect(screenshotSizeOf(inputs, [])).toEqual({ width: 1440, height: 900 });
    expect(screenshotSizeOf([], [1])).toBeNull();
  });

  it("steps the zoom from what is on screen", () => {
    expect(stepZoom(0.5, 1)).toBe(0.67);
    expect(stepZoom(0.62, 1)).toBe(0.67);
    expect(stepZoom(0.62, -1)).toBe(0.5);
    expect(stepZoom(2, 1)).toBe(2);
    expect(stepZoom(0.25, -1)).toBe(0.25);
    expect(percent(0.625)).toBe("63 %");
  });

  it("reads typed widths and offers the screenshot's width first", () => {
    expect(parseWidth("1366")).toBe(1366);
    expect(parseWidth(" 1366 px")).toBe(1366);
    expect(parseWidth("12")).toBeNull();
    expect(parseWidth("wide")).toBeNull();
    expect(parseWidth("1280.5")).toBeNull();
    expect(widthChoices(1440)).toEqual([1440, 1024, 1280, 1920]);
    expect(widthChoices(1366)).toEqual([1366, 1024, 1280, 1440, 1920]);
    // A page handed over at several widths offers those first.
    expect(widthChoices(1440, [1440, 390])).toEqual([1440, 390, 1024, 1280, 1920]);
    expect(widthChoices(null)).toEqual([1024, 1280, 1440, 1920]);
  });
});
