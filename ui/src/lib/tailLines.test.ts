import { describe, expect, it } from "vitest";
import { tailLines } from "./tailLines";

const naive = (text: string, n: number) => text.split("\n").slice(-n).join("\n");

describe("tailLines", () => {
  it("matches split-slice-join on every shape of text", () => {
    for (const text of ["", "a", "a\n", "\n", "\n\n", "a\nb", "a\nb\n", "a\n\nb\n\n", "one\ntwo\nthree\nfour"]) {
      for (const n of [1, 2, 3, 10]) {
        expect(tailLines(text, n), `${JSON.stringify(text)} × ${n}`).toBe(naive(text, n));
      }
    }
  });

  it("reads only the end of a long draft", () => {
    const text = "<div>line</div>\n".repeat(20_000);
    expect(tailLines(text, 14)).toBe(naive(text, 14));
    expect(tailLines(text, 0)).toBe("");
  });
});
