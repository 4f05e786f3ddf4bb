import { describe, expect, it } from "vitest";
import { formatCss, isPackedCss, readableCode } from "./formatCss";

const PACKED = 'body{margin:0;font-family:"DejaVu Sans",sans-serif;background:url("a;b{}.png")}@media (max-width:600px){.box{padding:8px;width:calc(100% - 16px)}}/* a {b} */.x:is(.a,.b){color:red}';

describe("minified CSS for reading", () => {
  it("lays a packed stylesheet out, keeping strings, urls and comments", () => {
    expect(formatCss(PACKED)).toBe(
      [
        "body {",
        "  margin:0;",
        '  font-family:"DejaVu Sans",sans-serif;',
        '  background:url("a;b{}.png")',
        "}",
        "@media (max-width:600px) {",
        "  .box {",
        "    padding:8px;",
        "    width:calc(100% - 16px)",
        "  }",
        "}",
        "/* a {b} */.x:is(.a,.b) {",
        "  color:red",
        "}",
      ].join("\n"),
    );
  });

  it("touches only packed CSS", () => {
    expect(isPackedCss(PACKED.repeat(2))).toBe(true);
    expect(isPackedCss("h1 { font-size: 2rem; }\np { margin: 0; }\n")).toBe(false);
    expect(readableCode("styles.css", "a { color: red; }\n")).toBeNull();
    expect(readableCode("app.js", PACKED)).toBeNull();
    const html = `<html><head><style>${PACKED}</style></head><body><p style="a">x</p></body></html>`;
    const readable = readableCode("index.html", html);
    expect(readable).toContain("<style>\n  body {\n    margin:0;");
    expect(readable).toContain("</style></head><body><p style=\"a\">x</p>");
    expect(readableCode("index.html", "<style>\nh1 { color: red; }\n</style>")).toBeNull();
  });
});
