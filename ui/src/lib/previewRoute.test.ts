import { describe, expect, it } from "vitest";
import { canOpen, matchRoute, parseLocationMessage, routeOfLocation, routeUrl, sameRoute, variantRoot } from "./previewRoute";

const MAIN = "preview://localhost/t/0a1b2c/index.html";

describe("the route the preview shows", () => {
  it("opens a route under the variant's folder, or after # with a hash router", () => {
    expect(variantRoot(MAIN)).toBe("preview://localhost/t/0a1b2c/");
    expect(routeUrl(MAIN, "/", false)).toBe(MAIN);
    expect(routeUrl(MAIN, "/pricing", false)).toBe("preview://localhost/t/0a1b2c/pricing");
    expect(routeUrl(MAIN, "/blog/post", false)).toBe("preview://localhost/t/0a1b2c/blog/post");
    expect(routeUrl(MAIN, "/pricing", true)).toBe(`${MAIN}#/pricing`);
    expect(routeUrl(`${MAIN}#/old`, "/", true)).toBe(`${MAIN}#/`);
  });

  it("reads the route back from where the page says it is", () => {
    const cases: [string, boolean, string | null][] = [
      [MAIN, false, "/"],
      ["preview://localhost/t/0a1b2c/", false, "/"],
      ["preview://localhost/t/0a1b2c/pricing", false, "/pricing"],
      ["preview://localhost/t/0a1b2c/pricing/?plan=pro#faq", false, "/pricing"],
      ["preview://localhost/t/0a1b2c/blog/hello", false, "/blog/hello"],
      [`${MAIN}#/pricing`, true, "/pricing"],
      [`${MAIN}#/pricing?x=1`, true, "/pricing"],
      [MAIN, true, "/"],
      ["preview://localhost/t/ffffff/pricing", false, null],
      ["https://example.com/t/0a1b2c/pricing", false, null],
    ];
    for (const [href, hash, route] of cases) expect(routeOfLocation(MAIN, href, hash), href).toBe(route);
  });

  it("finds the declared route a path is on, parameters included", () => {
    const home = { path: "/", name: "Home", file: null };
    const post = { path: "/blog/:slug", name: "Post", file: null };
    const routes = [home, post];
    expect(matchRoute(routes, "/")?.name).toBe("Home");
    expect(matchRoute(routes, "/blog/hello")?.name).toBe("Post");
    expect(matchRoute(routes, "/blog")).toBeNull();
    expect(canOpen(home)).toBe(true);
    expect(canOpen(post)).toBe(false);
  });

  it("takes only well-formed location reports", () => {
    expect(parseLocationMessage({ type: "s2c-location", href: MAIN })).toBe(MAIN);
    expect(parseLocationMessage({ type: "s2c-location", href: 3 })).toBeNull();
    expect(parseLocationMessage({ type: "s2c-select", href: MAIN })).toBeNull();
    expect(parseLocationMessage({ type: "s2c-location", href: "x".repeat(5000) })).toBeNull();
    expect(parseLocationMessage(null)).toBeNull();
  });

  it("counts a route with a trailing slash as the same page, and an unknown one as none", () => {
    expect(sameRoute("/pricing/", "/pricing")).toBe(true);
    expect(sameRoute("/", "/")).toBe(true);
    expect(sameRoute("/", "/pricing")).toBe(false);
    expect(sameRoute(null, "/")).toBe(false);
    expect(sameRoute("/", null)).toBe(false);
  });
});
