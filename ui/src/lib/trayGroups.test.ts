import { describe, expect, it } from "vitest";
import type { ScreenshotWidth } from "../ipc";
import { applyEdits, canJoin, groupLabel, joinTargets, pageName, requestGroups, widthLabel, type Widths } from "./trayGroups";

const at = (css: number, dpr = 1): ScreenshotWidth => ({
  pixels: css * dpr,
  dpr,
  css,
  breakpoint: css < 640 ? "mobile" : css < 1024 ? "tablet" : "desktop",
});

// a: Home desktop, b: Home mobile (3×), c: Pricing desktop, d: unreadable, e: tablet
const widths: Widths = new Map([
  ["a", at(1440)],
  ["b", at(390, 3)],
  ["c", at(1280)],
  ["d", null],
  ["e", at(768, 2)],
]);
const keys = ["a", "b", "c", "d", "e"];
const names = new Map([
  ["a", "home-desktop.png"],
  ["b", "home-mobile@3x.png"],
  ["c", "pricing.png"],
  ["d", "notes.png"],
  ["e", "ipad.png"],
]);

describe("tray groups", () => {
  it("names a page from its file names, without the width words", () => {
    const cases: [string[], string][] = [
      [["home-desktop.png"], "Home"],
      [["Pricing Page - Mobile@3x.PNG"], "Pricing Page"],
      [["desktop-1440.png", "checkout_mobile.jpg"], "Checkout"],
      [["Screenshot 2026-01-01 at 10.32.11.png"], "Page 2"],
      [["1440.png", "390w.png"], "Page 2"],
    ];
    for (const [input, want] of cases) expect(pageName(input, 2), input.join(" + ")).toBe(want);
  });

  it("labels widths and groups the way the issue asks", () => {
    expect(widthLabel(at(390, 3))).toBe("Mobile 390");
    expect(groupLabel("Home", ["a", "b"], widths)).toBe("Home: desktop 1440, mobile 390");
  });

  it("keeps the suggestion, splits a screenshot out, and joins it elsewhere", () => {
    const suggested = [["b", "a"]];
    expect(applyEdits(suggested, [], keys, widths)).toEqual([["a", "b"]]);
    // Split out: the group of one is no group.
    expect(applyEdits(suggested, [{ kind: "separate", key: "b" }], keys, widths)).toEqual([]);
    // Joined to pricing instead: it leaves Home, which is no longer a group.
    expect(applyEdits(suggested, [{ kind: "join", key: "b", with: "c" }], keys, widths)).toEqual([["c", "b"]]);
    // A tablet joins Home: three widths.
    expect(applyEdits(suggested, [{ kind: "join", key: "e", with: "a" }], keys, widths)).toEqual([["a", "e", "b"]]);
  });

  it("never puts two screenshots of one breakpoint, or one without a width, in a group", () => {
    expect(canJoin(["a", "b"], "c", widths)).toBe(false);
    expect(canJoin(["c"], "d", widths)).toBe(false);
    expect(applyEdits([["a", "b"]], [{ kind: "join", key: "c", with: "a" }], keys, widths)).toEqual([["a", "b"]]);
    // A removed screenshot leaves its group; edits about it are dropped.
    expect(applyEdits([["a", "b"]], [{ kind: "join", key: "e", with: "a" }], ["a", "c", "e"], widths)).toEqual([["a", "e"]]);
  });

  it("offers the groups and lone screenshots a screenshot can join", () => {
    const groups = [["a", "b"]];
    expect(joinTargets("e", groups, keys, widths, names)).toEqual([
      { with: "a", label: "Home" },
      { with: "c", label: "pricing.png (desktop 1280)" },
    ]);
    expect(joinTargets("c", groups, keys, widths, names)).toEqual([{ with: "e", label: "ipad.png (tablet 768)" }]);
    expect(joinTargets("d", groups, keys, widths, names)).toEqual([]);
  });

  it("sends each group's input ids", () => {
    const ids = new Map([
      ["a", 11],
      ["b", 12],
      ["c", 13],
    ]);
    expect(requestGroups([["a", "b"], ["c", "zz"]], ids)).toEqual([{ members: [{ input_id: 11, dpr: null }, { input_id: 12, dpr: null }] }]);
  });
});
