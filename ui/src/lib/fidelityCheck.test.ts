import { describe, expect, it } from "vitest";
import { componentList, regionDescription, regionGain, regionKind } from "./fidelityCheck";

describe("a fidelity check as the activity shows it", () => {
  it("names the components as a designer would, text only when compared", () => {
    expect(componentList({ block: 92, position: 88.14, visual: 81.4, color: 95.25, text: null })).toEqual([
      { label: "Content", value: "92" },
      { label: "Position", value: "88" },
      { label: "Look", value: "81" },
      { label: "Colour", value: "95" },
    ]);
    expect(componentList({ block: null, position: 1, visual: 2, color: 3, text: 74.06 }).map((c) => `${c.label} ${c.value}`)).toEqual([
      "Content —",
      "Position 1",
      "Look 2",
      "Colour 3",
      "Text 74",
    ]);
  });

  it("shows each kind of place in the diff image's colour, with a word for it", () => {
    expect(regionKind("missing")).toEqual({ label: "missing", dot: "bg-red-600" });
    expect(regionKind("extra").dot).toBe("bg-blue-600");
    expect(regionKind("moved").dot).toBe("bg-orange-600");
    expect(regionKind("different").dot).toBe("bg-purple-600");
    expect(regionKind("color")).toEqual({ label: "colour", dot: "bg-pink-600" });
    expect(regionKind("sideways")).toEqual({ label: "sideways", dot: "bg-zinc-400" });
  });

  it("drops the kind the core writes at the start of a description", () => {
    expect(regionDescription({ kind: "missing", description: "missing: the screenshot has content here (420×80 px at (64, 900)) that the page does not show" })).toBe(
      "the screenshot has content here (420×80 px at (64, 900)) that the page does not show",
    );
    expect(regionDescription({ kind: "color", description: "colour: at 40×40 px at (8, 8) the screenshot has background #4f46e5 where the page has background #d97706" })).toBe(
      "at 40×40 px at (8, 8) the screenshot has background #4f46e5 where the page has background #d97706",
    );
    expect(regionDescription({ kind: "moved", description: "The hero is lower" })).toBe("The hero is lower");
  });

  it("shows what fixing a place gains", () => {
    expect(regionGain(4.21)).toBe("+4");
    expect(regionGain(0)).toBe("+<1");
    expect(regionGain(null)).toBeNull();
  });
});
