// The routes (pages) of a project variant, asked of Rust (`variant_routes`) and shared by its
// card and the preview's route picker. A running variant is asked again as its code changes
// (at most about once a second); a stored one once.
import { useEffect, useState } from "react";
import type { ProjectRoutes, VariantOf } from "../ipc";
import { variantRoutes } from "../ipc/preview";

const ASK_AGAIN_MS = 900;
const known = new Map<string, { revision: number; routes: ProjectRoutes }>();

/** `of`'s routes, or null when not asked (`on` false: a single-file stack) or not known yet. */
export function useVariantRoutes(of: VariantOf | null | undefined, revision: number, on: boolean): ProjectRoutes | null {
  const key = on && of ? JSON.stringify(of) : null;
  const [, setSeen] = useState(0);

  useEffect(() => {
    if (key === null || !of) return;
    const cached = known.get(key);
    if (cached && cached.revision === revision) return;
    let alive = true;
    const timer = setTimeout(
      () => {
        void variantRoutes(of).then((r) => {
          // A variant whose routes cannot be read shows none: the preview still works.
          if (!alive || r.status !== "ok") return;
          known.set(key, { revision, routes: r.data });
          setSeen((n) => n + 1);
        });
      },
      cached ? ASK_AGAIN_MS : 0,
    );
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // `key` is `of` as text: a new object for the same variant asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, revision]);

  return key === null ? null : (known.get(key)?.routes ?? null);
}
