import { describe, expect, it } from "vitest";
import { applyMessage, currentValue, describeChange, describeTarget, editCount, EMPTY_QUEUE, parsePickMessage, parseTextMessage, push, redo, roundedPx, toFileEdits, undo, type PickedElement } from "./visualEdit";

const element = { key: 3, node: 7, source: "ab12", file: "index.html", tag: "h1", class: "mt-2", text: "Hi", editable_text: true, styles: { "margin-top": "8px" } };
const picked: PickedElement = { key: 3, node: 7, loc: null, source: "ab12", file: "index.html", tag: "h1", className: "mt-2", text: "Hi", editableText: true, styles: { "margin-top": "8px" } };

describe("bridge messages", () => {
  it("accepts an exact pick and keeps only hex palette colours", () => {
    expect(parsePickMessage({ type: "s2c-pick", additive: false, element, palette: ["#ffffff", "red", "#12"] })).toEqual({ additive: false, element: picked, palette: ["#ffffff"] });
  });
  it("refuses picks a hostile page could bend", () => {
    const bad = [
      { ...element, file: "../secrets" },
      { ...element, tag: "<script>" },
      { ...element, source: "zz" },
      { ...element, key: 0 },
      { ...element, node: -1 },
      { ...element, class: "x".repeat(3000) },
      { ...element, styles: null },
    ];
    for (const e of bad) expect(parsePickMessage({ type: "s2c-pick", additive: false, element: e, palette: [] })).toBeNull();
    expect(parsePickMessage({ type: "s2c-select", additive: false, element, palette: [] })).toBeNull();
    expect(parseTextMessage({ type: "s2c-text", key: 1, text: "x".repeat(20_000) })).toBeNull();
    expect(parseTextMessage({ type: "s2c-text", key: 1, text: "New" })).toEqual({ key: 1, text: "New" });
  });
});

describe("a project page", () => {
  const card = { ...element, node: null, loc: "src/components/Card.tsx:12:7", file: "src/components/Card.tsx", source: "cd34" };
  it("keeps where the element is written, and refuses a location in another file", () => {
    expect(parsePickMessage({ type: "s2c-pick", additive: false, element: card, palette: [] })?.element.loc).toBe("src/components/Card.tsx:12:7");
    for (const loc of ["src/pages/Home.tsx:3:5", "src/components/Card.tsx:0:1", "src/components/Card.tsx:1", 7]) {
      expect(parsePickMessage({ type: "s2c-pick", additive: false, element: { ...card, loc }, palette: [] })).toBeNull();
    }
  });
  it("sends each element's edit to the file it is written in, with its place", () => {
    const title: PickedElement = { ...picked, key: 5, node: null, loc: "src/components/Card.tsx:12:7", file: "src/components/Card.tsx", source: "cd34" };
    const main: PickedElement = { ...picked, key: 6, node: null, loc: "src/pages/Home.tsx:5:5", file: "src/pages/Home.tsx", source: "ef56" };
    const q = push(push(EMPTY_QUEUE, { targets: [title], change: { kind: "text", text: "Pro" } }), { targets: [main, title], change: { kind: "style", property: "padding_top", value: "32px" } });
    const files = toFileEdits(q);
    expect(files.map((f) => [f.path, f.source_hash, f.edits.map((e) => e.target.loc)])).toEqual([
      ["src/components/Card.tsx", "cd34", ["src/components/Card.tsx:12:7", "src/components/Card.tsx:12:7"]],
      ["src/pages/Home.tsx", "ef56", ["src/pages/Home.tsx:5:5"]],
    ]);
  });
});

describe("the queue", () => {
  const margin = { targets: [picked], change: { kind: "style" as const, property: "margin_top" as const, value: "16px" } };
  const shadow = { targets: [picked, { ...picked, key: 4, node: 8 }], change: { kind: "style" as const, property: "shadow" as const, value: "md" } };
  it("undoes and redoes one change at a time; a new change drops the redo list", () => {
    const q = push(push(EMPTY_QUEUE, margin), shadow);
    expect(editCount(q)).toBe(3);
    const back = undo(q);
    expect(back.done).toEqual([margin]);
    expect(redo(back)).toEqual(q);
    expect(push(back, margin).undone).toEqual([]);
    expect(undo(EMPTY_QUEUE)).toBe(EMPTY_QUEUE);
  });
  it("shows shadows as CSS and batches by file for Save", () => {
    const q = push(push(EMPTY_QUEUE, margin), shadow);
    expect(applyMessage(q).changes[1]).toEqual({ key: 3, property: "box-shadow", value: expect.stringContaining("4px 6px") as unknown });
    const files = toFileEdits(q);
    expect(files).toHaveLength(1);
    expect(files[0]?.source_hash).toBe("ab12");
    expect(files[0]?.edits.map((e) => e.target.node)).toEqual([7, 7, 8]);
  });
});

describe("the list before Save", () => {
  it("names each change and the element and file it goes to", () => {
    expect(describeTarget(picked)).toBe("<h1> “Hi” in index.html");
    expect(describeTarget({ ...picked, text: "", className: "card p-4", file: "pages/about.html" })).toBe("<h1> .card in pages/about.html");
    expect(describeTarget({ ...picked, text: "x".repeat(80) })).toMatch(/^<h1> “x{31}…” in index.html$/);
    expect(describeChange({ kind: "style", property: "margin_top", value: "16px" })).toBe("margin-top: 16px");
    expect(describeChange({ kind: "text", text: "Two\nlines" })).toBe("Text → “Two lines”");
  });
});

describe("the values the properties panel shows", () => {
  it("round a computed length to two decimals and keep what the user typed", () => {
    const laidOut: PickedElement = { ...picked, styles: { width: "95.578125px", height: "23.9999px", "margin-top": "12.5px", "letter-spacing": "normal" } };
    expect(currentValue(EMPTY_QUEUE, laidOut, "width")).toBe("95.58px");
    expect(currentValue(EMPTY_QUEUE, laidOut, "height")).toBe("24px");
    expect(currentValue(EMPTY_QUEUE, laidOut, "margin_top")).toBe("12.5px");
    expect(currentValue(EMPTY_QUEUE, laidOut, "letter_spacing")).toBe("normal");
    const typed = push(EMPTY_QUEUE, { targets: [laidOut], change: { kind: "style", property: "width", value: "95.578125px" } });
    expect(currentValue(typed, laidOut, "width")).toBe("95.578125px");
  });

  it("round every length of a value with several", () => {
    expect(roundedPx("0.333333px 10px -1.00001px")).toBe("0.33px 10px -1px");
    expect(roundedPx("rgb(1, 2, 3)")).toBe("rgb(1, 2, 3)");
  });
});
