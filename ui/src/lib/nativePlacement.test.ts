import { describe, expect, it } from "vitest";
import { coverProbes, placementOf, samePlacement } from "./nativePlacement";

describe("placementOf", () => {
  it("puts the view on the content box as the window shows it, zoomed by the preview's scale", () => {
    // A 1280-wide page shown at half size, 100 px from the window's left and 60 from its top.
    const placed = placementOf({ rect: { left: 100, top: 60, width: 640 }, offsetWidth: 1280, clientLeft: 0, clientTop: 0, clientWidth: 1280, clientHeight: 800 });
    expect(placed).toEqual({ bounds: { x: 100, y: 60, width: 640, height: 400 }, zoom: 0.5 });
  });

  it("leaves out the phone's bezel", () => {
    const placed = placementOf({ rect: { left: 500, top: 100, width: 406 }, offsetWidth: 406, clientLeft: 8, clientTop: 8, clientWidth: 390, clientHeight: 684 });
    expect(placed).toEqual({ bounds: { x: 508, y: 108, width: 390, height: 684 }, zoom: 1 });
  });

  it("has no place for an element without a size", () => {
    expect(placementOf({ rect: { left: 0, top: 0, width: 0 }, offsetWidth: 0, clientLeft: 0, clientTop: 0, clientWidth: 0, clientHeight: 0 })).toBeNull();
    expect(placementOf({ rect: { left: 0, top: 0, width: 300 }, offsetWidth: 300, clientLeft: 0, clientTop: 0, clientWidth: 300, clientHeight: 0 })).toBeNull();
  });
});

describe("samePlacement", () => {
  const at = (x: number, zoom = 1) => ({ bounds: { x, y: 10, width: 300, height: 200 }, zoom });
  it("ignores less than half a pixel, and nothing more", () => {
    expect(samePlacement(at(10), at(10.3))).toBe(true);
    expect(samePlacement(at(10), at(11))).toBe(false);
    expect(samePlacement(at(10, 0.5), at(10, 0.6))).toBe(false);
    expect(samePlacement(null, null)).toBe(true);
    expect(samePlacement(at(10), null)).toBe(false);
  });
});

describe("coverProbes", () => {
  it("probes the corners, the edges' middles and the centre, inside the box", () => {
    const probes = coverProbes({ x: 100, y: 50, width: 200, height: 100 });
    expect(probes).toHaveLength(9);
    for (const p of probes) {
      expect(p.x).toBeGreaterThan(100);
      expect(p.x).toBeLessThan(300);
      expect(p.y).toBeGreaterThan(50);
      expect(p.y).toBeLessThan(150);
    }
    expect(probes).toContainEqual({ x: 200, y: 100 });
  });
});
