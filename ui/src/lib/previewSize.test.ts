import { describe, expect, it } from "vitest";
import { fitScale, parseWidth, percent, scaleFor, stepZoom, widthChoices } from "./previewSize";

describe("the desktop preview's size", () => {
  it("fits a wide page into the pane and never enlarges one", () => {
    expect(fitScale(1440, 720)).toBe(0.5);
    expect(fitScale(1280, 2000)).toBe(1);
    expect(fitScale(0, 500)).toBe(1);
    expect(scaleFor("fit", 1440, 720)).toBe(0.5);
    expect(scaleFor(1.5, 1440, 720)).toBe(1.5);
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
    expect(widthChoices(null)).toEqual([1024, 1280, 1440, 1920]);
  });
});
