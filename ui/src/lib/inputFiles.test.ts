import { describe, expect, it } from "vitest";
import { classifyInputFiles, MAX_IMAGE_BYTES, MAX_SCREENSHOTS } from "./inputFiles";

const png = (name: string, size = 1000) => ({ name, size, type: "image/png" });

describe("classifyInputFiles", () => {
  it("accepts one to five screenshots", () => {
    const files = [png("a.png"), png("b.png")];
    expect(classifyInputFiles(files)).toEqual({ kind: "screenshots", files });
  });

  it("infers the type from the extension when the OS gives none", () => {
    const files = [{ name: "Shot.JPEG", size: 10, type: "" }];
    expect(classifyInputFiles(files).kind).toBe("screenshots");
  });

  it("accepts a single video", () => {
    const video = { name: "rec.mp4", size: 5000, type: "video/mp4" };
    expect(classifyInputFiles([video])).toEqual({ kind: "video", file: video });
  });

  const rejected: [string, { name: string; size: number; type: string }[], RegExp][] = [
    ["nothing", [], /No files/],
    ["a PDF", [{ name: "spec.pdf", size: 10, type: "application/pdf" }], /spec\.pdf.*not a PNG/],
    ["too many screenshots", Array.from({ length: MAX_SCREENSHOTS + 1 }, (_, i) => png(`${i}.png`)), /at most 5/],
    ["a huge screenshot", [png("big.png", MAX_IMAGE_BYTES + 1)], /big\.png.*at most 20 MB/],
    ["an empty file", [png("empty.png", 0)], /empty\.png.*empty/],
    ["a video with a screenshot", [png("a.png"), { name: "v.webm", size: 10, type: "video/webm" }], /one video on its own/],
  ];
  it.each(rejected)("rejects %s with a clear reason", (_name, files, reason) => {
    const result = classifyInputFiles(files);
    expect(result.kind).toBe("rejected");
    if (result.kind === "rejected") expect(result.reason).toMatch(reason);
  });
});
