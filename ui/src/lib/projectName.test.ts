import { describe, expect, it } from "vitest";
import { joinPath, projectNameFrom } from "./projectName";

describe("projectNameFrom", () => {
  it.each([
    ["/home/a/landing_page-v2.png", "", "landing page v2"],
    ["C:\\shots\\Pricing.webp", "", "Pricing"],
    [null, "A pricing page with three <b>tiers</b> and a FAQ", "A pricing page with three btiersb"],
    [null, "   ", "Untitled"],
  ])("%s / %s", (file, prompt, name) => {
    expect(projectNameFrom(file, prompt)).toBe(name);
  });
  it("joins paths with the folder's separator", () => {
    expect(joinPath("/p/site", "index.html")).toBe("/p/site/index.html");
    expect(joinPath("C:\\p\\site", "index.html")).toBe("C:\\p\\site\\index.html");
  });
});
