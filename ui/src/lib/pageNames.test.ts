import { describe, expect, it } from "vitest";
import { requestPages, routeSlug, trayPageMembers, trayPages } from "./pageNames";

const names = (entries: [string, string][]) => new Map(entries);

describe("page names in the tray", () => {
  it("names each page from its file name, the first at /", () => {
    const pages = trayPages(
      [["a"], ["b"], ["c"]],
      names([
        ["a", "landing.png"],
        ["b", "pricing.png"],
        ["c", "about_us.jpg"],
      ]),
      new Map(),
    );
    expect(pages.map((p) => [p.name, p.route])).toEqual([
      ["Landing", "/"],
      ["Pricing", "/pricing"],
      ["About us", "/about-us"],
    ]);
  });

  it("puts the page called Home or Index at /, wherever it is", () => {
    const pages = trayPages([["a"], ["b"]], names([["a", "pricing.png"], ["b", "home.png"]]), new Map());
    expect(pages.map((p) => p.route)).toEqual(["/pricing", "/"]);
  });

  it("one page at several widths is one page, named without its width words", () => {
    const members = trayPageMembers(["d", "m", "p"], [["d", "m"]]);
    expect(members).toEqual([["d", "m"], ["p"]]);
    const pages = trayPages(
      members,
      names([
        ["d", "home-desktop.png"],
        ["m", "home-mobile.png"],
        ["p", "pricing@2x.png"],
      ]),
      new Map(),
    );
    expect(pages.map((p) => [p.name, p.route])).toEqual([
      ["Home", "/"],
      ["Pricing", "/pricing"],
    ]);
    // A group of widths is one page of the request, not one per screenshot.
    expect(requestPages(pages)).toEqual([
      { name: "Home", route: "/" },
      { name: "Pricing", route: "/pricing" },
    ]);
  });

  it("a renamed page's route follows its name; an emptied name goes back to the default", () => {
    const members = [["a"], ["b"]];
    const files = names([
      ["a", "index.png"],
      ["b", "Screenshot 2026-11-02 at 10.14.png"],
    ]);
    expect(trayPages(members, files, new Map([["b", "  Plans & prices "]]))[1]).toMatchObject({ name: "Plans & prices", route: "/plans-prices" });
    expect(trayPages(members, files, new Map([["b", "  "]]))[1]).toMatchObject({ name: "Page 2", route: "/page-2" });
  });

  it("routes are unique and never empty", () => {
    const pages = trayPages([["a"], ["b"], ["c"]], names([["a", "a.png"], ["b", "b.png"], ["c", "c.png"]]), new Map([["b", "Pricing"], ["c", "pricing"], ["a", "!!!"]]));
    expect(pages.map((p) => p.route)).toEqual(["/", "/pricing", "/pricing-2"]);
    expect(routeSlug("!!!")).toBeNull();
    expect(routeSlug("Café Menü")).toBe("/cafe-menu");
  });
});
