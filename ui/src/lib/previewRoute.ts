// Which route of a project the preview shows. A variant's pages are served under one folder
// (its main page's, `…/<token>/index.html`): route `/pricing` is `…/<token>/pricing` (the preview
// answers any path without an extension with the project's index.html), or `…/<token>/index.html#/pricing`
// with a hash router. The page reports where it is when it navigates itself (a link, a pushState,
// a hash change: `s2c-location` from the bridge), and the picker follows it.
import type { ProjectRoute } from "../ipc";

const LOCATION_MESSAGE = "s2c-location";

/** The folder a variant's pages are served from: its main page's URL without the file name. */
export function variantRoot(mainUrl: string): string {
  const clean = mainUrl.split(/[?#]/)[0] ?? mainUrl;
  return clean.slice(0, clean.lastIndexOf("/") + 1);
}

/** The preview URL of `route` of the variant whose main page is `mainUrl`. */
export function routeUrl(mainUrl: string, route: string, hash: boolean): string {
  const root = variantRoot(mainUrl);
  if (hash) return `${mainUrl.split("#")[0] ?? mainUrl}#${route.startsWith("/") ? route : `/${route}`}`;
  if (route === "/" || route === "") return mainUrl;
  return root + route.replace(/^\/+/, "");
}

/** The route a page at `href` shows, or null when `href` is not one of this variant's pages. */
export function routeOfLocation(mainUrl: string, href: string, hash: boolean): string | null {
  const root = variantRoot(mainUrl);
  if (!href.startsWith(root)) return null;
  const [beforeHash, fragment = ""] = splitOnce(href.slice(root.length), "#");
  if (hash) {
    const route = (fragment.split("?")[0] ?? "").replace(/^!/, "");
    return route.startsWith("/") ? route : `/${route}`;
  }
  const path = (beforeHash.split("?")[0] ?? "").replace(/\/+$/, "");
  if (path === "" || path === "index.html") return "/";
  return `/${path}`;
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}

/** The declared route `path` is on (`/blog/hello` is on `/blog/:slug`), or null. */
export function matchRoute(routes: readonly ProjectRoute[], path: string): ProjectRoute | null {
  const exact = routes.find((r) => r.path === path);
  if (exact) return exact;
  const parts = path.split("/");
  return (
    routes.find((r) => {
      const pattern = r.path.split("/");
      return pattern.length === parts.length && pattern.every((p, i) => p.startsWith(":") || p === parts[i]);
    }) ?? null
  );
}

/** Whether two routes are the same page (`/pricing/` is `/pricing`). */
export function sameRoute(a: string | null, b: string | null): boolean {
  const bare = (r: string) => r.replace(/\/+$/, "") || "/";
  return a !== null && b !== null && bare(a) === bare(b);
}

/** Whether a declared route can be opened as it is (`/blog/:slug` needs a value). */
export function canOpen(route: ProjectRoute): boolean {
  return !route.path.split("/").some((p) => p.startsWith(":"));
}

/** The address a page reports in `s2c-location`, or null for any other message. */
export function parseLocationMessage(data: unknown): string | null {
  if (!data || typeof data !== "object") return null;
  const d = data as { type?: unknown; href?: unknown };
  if (d.type !== LOCATION_MESSAGE || typeof d.href !== "string" || d.href.length > 4000) return null;
  return d.href;
}
