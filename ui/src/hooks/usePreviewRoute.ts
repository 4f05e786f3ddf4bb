// The route a project variant's preview shows: the one picked, or where the page went by itself
// (a link: the bridge's `s2c-location`). The route stays when another option is selected, when
// it has that page too.
import { useCallback, useState } from "react";
import type { ProjectRoutes } from "../ipc";
import { matchRoute, routeOfLocation, routeUrl } from "../lib/previewRoute";

export interface PreviewRoute {
  /** The URL the preview loads (the variant's main page when it is not a project). */
  url: string | null;
  /** The route on show, e.g. `/pricing` (null: not a project, or not known yet). */
  current: string | null;
  pick: (route: string) => void;
  /** For PreviewFrame's `onLocation`: takes a report of this variant's pages only. */
  onLocation: (href: string) => boolean;
}

export function usePreviewRoute(mainUrl: string | null, routes: ProjectRoutes | null): PreviewRoute {
  const [at, setAt] = useState<{ route: string; main: string | null; href: string | null }>({ route: "/", main: null, href: null });
  const hash = routes?.hash ?? false;
  const known = routes !== null && routes.routes.length > 0;
  // Another option may not have the page on show: its home page then.
  const route = known && at.route !== "/" && !matchRoute(routes.routes, at.route) ? "/" : at.route;
  const url = mainUrl === null || !known ? mainUrl : at.main === mainUrl && at.href !== null && route === at.route ? at.href : routeUrl(mainUrl, route, hash);

  const pick = useCallback(
    (next: string) => {
      setAt({ route: next, main: null, href: null });
    },
    [],
  );
  const onLocation = useCallback(
    (href: string) => {
      if (mainUrl === null || !known) return false;
      const reported = routeOfLocation(mainUrl, href, hash);
      if (reported === null) return false;
      setAt({ route: reported, main: mainUrl, href });
      return true;
    },
    [mainUrl, known, hash],
  );
  return { url, current: known ? route : null, pick, onLocation };
}
