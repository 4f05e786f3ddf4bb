import { describe, expect, it } from "vitest";
import { parseSelectMessage } from "./bridge";

describe("parseSelectMessage", () => {
  it("accepts exactly the select shape", () => {
    expect(parseSelectMessage({ type: "s2c-select", html: "<h1>Hi</h1>", selector: "body > h1" })).toEqual({ html: "<h1>Hi</h1>", selector: "body > h1", loc: null });
  });
  it("keeps where a project page's element is written", () => {
    const message = { type: "s2c-select", html: "<svg></svg>", selector: "li > svg", loc: "src/components/Card.tsx:12:7" };
    expect(parseSelectMessage(message)?.loc).toBe("src/components/Card.tsx:12:7");
  });
  it.each([
    null,
    "s2c-select",
    [],
    { type: "s2c-select", html: "<h1>", selector: 3 },
    { type: "other", html: "<h1>", selector: "h1" },
    { type: "s2c-select", html: "<h1>", selector: "h1", extra: true },
    { type: "s2c-select", html: "", selector: "h1" },
    { type: "s2c-select", html: "<h1>", selector: "h1", loc: "src/A.tsx:0:1" },
    { type: "s2c-select", html: "<h1>", selector: "h1", loc: "../A.tsx:1:1" },
    { type: "s2c-select", html: "<h1>", selector: "h1", loc: 3 },
  ])("refuses %j", (data) => {
    expect(parseSelectMessage(data)).toBeNull();
  });
});
