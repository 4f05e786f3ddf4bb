import { describe, expect, it } from "vitest";
import { fitWords } from "./useFitSteps";

describe("fitWords", () => {
  const steps = ["views", "size", "actions"];
  it("takes the steps in order, and wraps only after the last", () => {
    expect(fitWords(steps, 0)).toBe("");
    expect(fitWords(steps, 1)).toBe("views");
    expect(fitWords(steps, 3)).toBe("views size actions");
    expect(fitWords(steps, 4)).toBe("views size actions wrap");
  });
});
