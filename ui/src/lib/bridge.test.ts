import { describe, expect, it } from "vitest";
import { parseSelectMessage } from "./bridge";

describe("parseSelectMessage", () => {
  it("accepts exactly the select shape", () => {
    expect(parseSelectMessage({ type: "s2c-select", html: "<h1>Hi</h1>", selector: "body > h1" })).toEqual({ html: "<h1>Hi</h1>", selector: "body > h1" });
  });
  it.each([
    null,
    "s2c-select",
    [],
    { type: "s2c-select", html: "<h1>", selector: 3 },
    { type: "other", html: "<h1>", selector: "h1" },
    { type: "s2c-select", html: "<h1>", selector: "h1", extra: true },
    { type: "s2c-select", html: "", selector: "h1" },
  ])("refuses %j", (data) => {
    expect(parseSelectMessage(data)).toBeNull();
  });
});
