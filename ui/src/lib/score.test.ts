import { describe, expect, it } from "vitest";
import { formatScore, grade, parseReport, placeName, regionTitle } from "./score";

const REPORT = {
  total: 86.6,
  components: { block: 90, position: 80, visual: 85, color: 95, text: null },
  screenshot: { width: 1440, height: 900 },
  rendered: { width: 1440, height: 1000 },
  notes: ["text not compared"],
  regions: [
    { kind: "different", screenshot_box: { x: 10, y: 20, width: 300, height: 40 }, page_box: { x: 10, y: 24, width: 300, height: 40 }, description: "different: …", summary: "different text", element: "the heading “Welcome back”", cost: 4.2 },
    { kind: "missing", screenshot_box: { x: 1200, y: 10, width: 100, height: 40 }, page_box: null, description: "missing: …", cost: 1 },
    { kind: "nonsense", screenshot_box: { x: 0, y: 0, width: 1, height: 1 } },
    { kind: "moved", screenshot_box: { x: -5, y: 0, width: 1, height: 1 } },
  ],
};

describe("scores", () => {
  it("are whole numbers coloured by grade", () => {
    expect(formatScore(86.6)).toBe("87");
    expect(formatScore(99.5)).toBe("100");
    expect(grade(93).label).toBe("Close to the screenshot");
    expect(grade(80).text).toContain("amber");
    expect(grade(40).text).toContain("red");
  });

  it("read a stored report defensively", () => {
    const report = parseReport(REPORT);
    expect(report?.total).toBe(86.6);
    expect(report?.regions.map((r) => r.kind)).toEqual(["different", "missing"]);
    expect(report?.regions[1]?.summary).toBe("missing");
    expect(report?.regions[1]?.element).toBeNull();
    expect(parseReport({ total: "high" })).toBeNull();
    expect(parseReport(null)).toBeNull();
  });

  it("name a place by its element, else by where it is", () => {
    const report = parseReport(REPORT);
    if (!report) throw new Error("parsed");
    const [heading, missing] = report.regions;
    if (!heading || !missing) throw new Error("two regions");
    expect(regionTitle(heading, report.screenshot)).toBe("The heading “Welcome back”");
    expect(regionTitle(missing, report.screenshot)).toBe("Near the top right of the page");
    expect(placeName({ x: 700, y: 400, width: 40, height: 40 }, { width: 1440, height: 900 })).toBe("the middle of the page");
  });
});
