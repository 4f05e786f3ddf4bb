import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown";

describe("parseMarkdown", () => {
  it("reads blocks and inline marks", () => {
    const blocks = parseMarkdown("# Title\n\nSome **bold** and `code`.\n\n- one\n- two *x*\n\n```html\n<b>hi</b>\n```");
    expect(blocks.map((b) => b.t)).toEqual(["h", "p", "ul", "code"]);
    expect(blocks[3]).toEqual({ t: "code", lang: "html", v: "<b>hi</b>" });
    expect(parseInline("a **b** `c`")).toEqual([
      { t: "text", v: "a " },
      { t: "strong", c: [{ t: "text", v: "b" }] },
      { t: "text", v: " " },
      { t: "code", v: "c" },
    ]);
  });

  it("keeps HTML as text", () => {
    expect(parseMarkdown("<img src=x onerror=alert(1)>")).toEqual([{ t: "p", c: [{ t: "text", v: "<img src=x onerror=alert(1)>" }] }]);
  });
});
