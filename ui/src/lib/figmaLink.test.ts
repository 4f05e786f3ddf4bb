import { describe, expect, it } from "vitest";
import { figmaNodeNote, looksLikeFigmaLink, parseFigmaLink } from "./figmaLink";

describe("Figma links", () => {
  it.each([
    ["https://www.figma.com/design/AbC123/My-Design?node-id=1-2", "AbC123", "1:2"],
    ["https://figma.com/file/KEY9/Old?node-id=10%3A20", "KEY9", "10:20"],
    ["https://www.figma.com/proto/P/Flow?node-id=3-4&scaling=min-zoom", "P", "3:4"],
    ["https://www.figma.com/design/Main/branch/Branch1/N?node-id=5-6", "Branch1", "5:6"],
  ])("%s names file %s node %s", (link, fileKey, nodeId) => {
    expect(parseFigmaLink(link)).toEqual({ fileKey, nodeId });
  });

  it.each([
    ["figma.com/design/K/N?node-id=1-2", "Paste the whole Figma link"],
    ["https://evil.example/design/K/N?node-id=1-2", "does not point at figma.com"],
    ["https://www.figma.com/design/K/N", "no node-id"],
    ["https://www.figma.com/design/K/N?node-id=x-y", "not a Figma node id"],
    ["https://www.figma.com/files/recent", "Expected a link"],
  ])("%s is refused: %s", (link, why) => {
    const parsed = parseFigmaLink(link);
    expect(typeof parsed).toBe("string");
    expect(parsed as string).toContain(why);
  });

  it("recognises pasted Figma links", () => {
    expect(looksLikeFigmaLink(" https://www.figma.com/design/K ")).toBe(true);
    expect(looksLikeFigmaLink("https://example.com")).toBe(false);
  });
});

describe("what the tray says about a linked node", () => {
  const peek = { file_name: "Marketing site", node_name: "Pricing", kind: "FRAME", is_frame: true, width: 1440, height: 900 };

  it("names a frame with its kind, size and file", () => {
    expect(figmaNodeNote(peek)).toEqual({ name: "Pricing", detail: "Frame · 1440 × 900 · Marketing site", problem: null });
  });

  it("says a text layer is not a frame, and what to link instead", () => {
    const note = figmaNodeNote({ ...peek, node_name: "Headline", kind: "TEXT", is_frame: false, width: 300, height: 40 });
    expect(note.problem).toBe("“Headline” is a text layer, not a frame. In Figma, right-click a frame → Copy link.");
    expect(note.detail).toBe("A text layer · 300 × 40 · Marketing site");
  });

  it("words an unknown kind readably", () => {
    expect(figmaNodeNote({ ...peek, kind: "BOOLEAN_OPERATION", is_frame: false }).problem).toContain("is a boolean operation, not a frame");
    expect(figmaNodeNote({ ...peek, kind: "ELLIPSE", is_frame: false }).problem).toContain("is an ellipse");
  });
});
