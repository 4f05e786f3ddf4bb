import { describe, expect, it } from "vitest";
import { coverProbes, overlaps, placementOf, samePlacement, wholeWithin } from "./nativePlacement";

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
  const box = { x: 100, y: 50, width: 823, height: 514 };
  const probes = coverProbes(box);
  const inside = (p: { x: number; y: number }) => p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height;

  it("stays inside the box", () => {
    expect(probes.every(inside)).toBe(true);
  });

  it("catches a menu that reaches a little way in over any edge", () => {
    // A 48 px-wide menu anywhere along the top edge, 10 px into the box (more than a sliver).
    for (let left = box.x - 40; left < box.x + box.width - 4; left += 7) {
      const hit = probes.some((p) => p.x >= left && p.x <= left + 48 && p.y <= box.y + 10);
      expect(hit, `menu at x=${String(left)}`).toBe(true);
    }
    for (let top = box.y - 40; top < box.y + box.height - 4; top += 7) {
      const hit = probes.some((p) => p.y >= top && p.y <= top + 48 && p.x >= box.x + box.width - 10);
      expect(hit, `panel at y=${String(top)}`).toBe(true);
    }
  });

  it("catches a dialog opened within it", () => {
    const dialog = { x: 400, y: 250, width: 130, height: 130 };
    expect(probes.some((p) => p.x >= dialog.x && p.x <= dialog.x + dialog.width && p.y >= dialog.y && p.y <= dialog.y + dialog.height)).toBe(true);
  });

  it("stays few enough to probe five times a second", () => {
    expect(probes.length).toBeLessThan(120);
  });

  it("still probes a box too small for its steps", () => {
    const tiny = coverProbes({ x: 0, y: 0, width: 4, height: 4 });
    expect(tiny.length).toBeGreaterThan(0);
  });
});

describe("wholeWithin", () => {
  const pane = { x: 0, y: 100, width: 800, height: 500 };
  it("takes a box inside its pane, edges and rounding included", () => {
    expect(wholeWithin({ x: 0, y: 100, width: 800, height: 500 }, pane)).toBe(true);
    expect(wholeWithin({ x: 10.4, y: 99.5, width: 790.2, height: 500.4 }, pane)).toBe(true);
  });
  it("refuses a box its pane cuts off on any side", () => {
    expect(wholeWithin({ x: 0, y: 80, width: 800, height: 400 }, pane)).toBe(false);
    expect(wholeWithin({ x: 0, y: 300, width: 800, height: 400 }, pane)).toBe(false);
    expect(wholeWithin({ x: -20, y: 100, width: 400, height: 400 }, pane)).toBe(false);
    expect(wholeWithin({ x: 500, y: 100, width: 400, height: 400 }, pane)).toBe(false);
  });
});

describe("overlaps", () => {
  const box = { x: 100, y: 100, width: 400, height: 300 };
  const rect = (left: number, top: number, width: number, height: number) => ({ left, top, width, height, right: left + width, bottom: top + height });
  it("a notice over a corner only", () => {
    expect(overlaps(rect(480, 380, 200, 40), box)).toBe(true);
  });
  it("beside the box, touching it, or not drawn: no", () => {
    expect(overlaps(rect(500, 100, 50, 50), box)).toBe(false);
    expect(overlaps(rect(499.5, 100, 50, 50), box)).toBe(false);
    expect(overlaps(rect(200, 200, 0, 0), box)).toBe(false);
  });
});
