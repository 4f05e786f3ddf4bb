// What each finished option of a version looks like, for its card: pictured by the app once a
// generation is stored, announced with `variant-picture-ready`. A card with a picture shows it
// instead of its page loaded again in a scaled frame (docs/PERFORMANCE.md, "Fifth pass").
import { useEffect, useState } from "react";
import { projectVariantThumbnails, variantPictureReady } from "../ipc/projects";
import { useProjectEvent } from "./useProjectEvent";

interface Loaded {
  key: string;
  byVariant: Map<number, string>;
}

/** The pictures by variant, or null while they are asked for (a finished card then waits for
 *  the answer, a few ms, instead of starting to load its page for nothing). */
export function useVariantPictures(projectId: string, versionId: number | null): Map<number, string> | null {
  const key = `${projectId}:${String(versionId)}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (versionId === null) return;
    let current = true;
    void projectVariantThumbnails(projectId, versionId).then((r) => {
      // An answer for a version no longer on show is dropped. Without pictures (an error),
      // every card shows its page, as before.
      if (current) setLoaded({ key, byVariant: r.status === "ok" ? new Map(r.data.map((t) => [t.variant_id, t.data_url])) : new Map<number, string>() });
    });
    return () => {
      current = false;
    };
  }, [projectId, versionId, key, asked]);

  useProjectEvent(variantPictureReady, projectId, (e) => {
    if (e.version_id === versionId) setAsked((n) => n + 1);
  });

  if (versionId === null) return NONE;
  return loaded?.key === key ? loaded.byVariant : null;
}

const NONE: Map<number, string> = new Map();
