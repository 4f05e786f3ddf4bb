import { describe, expect, it } from "vitest";
import { displayHex, hsvaToRgba, parseColor, rgbaToHsva, toHex } from "./color";

describe("colours", () => {
  it("read what designers type and what pages report", () => {
    expect(parseColor("#2563EB")).toEqual({ r: 37, g: 99, b: 235, a: 1 });
    expect(parseColor("2563eb")).toEqual({ r: 37, g: 99, b: 235, a: 1 });
    expect(parseColor("#fff")).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor("#2563eb80")).toEqual({ r: 37, g: 99, b: 235, a: 0.5 });
    expect(parseColor("rgb(37, 99, 235)")).toEqual({ r: 37, g: 99, b: 235, a: 1 });
    expect(parseColor("rgba(37, 99, 235, 0.25)")).toEqual({ r: 37, g: 99, b: 235, a: 0.25 });
    expect(parseColor("rgb(37 99 235 / 50%)")).toEqual({ r: 37, g: 99, b: 235, a: 0.5 });
    expect(parseColor("transparent")?.a).toBe(0);
    for (const bad of ["", "blue", "#12", "#12345", "rgb(1,2)", "rgb(a,b,c)", "#ggg"]) expect(parseColor(bad), bad).toBeNull();
  });

  it("write hex, with alpha only below full opacity", () => {
    expect(toHex({ r: 37, g: 99, b: 235, a: 1 })).toBe("#2563eb");
    expect(toHex({ r: 37, g: 99, b: 235, a: 0.5 })).toBe("#2563eb80");
    expect(displayHex("rgb(37, 99, 235)")).toBe("#2563eb");
    expect(displayHex("rgba(0, 0, 0, 0)")).toBe("#00000000");
    expect(displayHex("oops")).toBeNull();
  });

  it("go through HSV and back unchanged", () => {
    for (const hex of ["#2563eb", "#16a34a", "#000000", "#ffffff", "#f43f5e", "#808080"]) {
      const c = parseColor(hex);
      if (!c) throw new Error(hex);
      expect(toHex(hsvaToRgba(rgbaToHsva(c)))).toBe(hex);
    }
  });
});

describe("eyedropper samples", () => {
  it("are read from the page only in their exact shape", async () => {
    const { parseSampleMessage } = await import("./eyedropper");
    expect(parseSampleMessage({ type: "s2c-sample", x: 10, y: 20, width: 1280, height: 800, color: "rgb(37, 99, 235)" })).toEqual({
      x: 10,
      y: 20,
      width: 1280,
      height: 800,
      color: "#2563eb",
    });
    expect(parseSampleMessage({ type: "s2c-sample", x: -1, y: 20, width: 1280, height: 800, color: "red" })).toBeNull();
    expect(parseSampleMessage({ type: "s2c-sample", x: 1, y: 2, width: 3, height: 4, color: "url(javascript:1)" })).toBeNull();
    expect(parseSampleMessage("s2c-sample")).toBeNull();
  });
});
