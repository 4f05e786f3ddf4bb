import { useCallback, useEffect, useState } from "react";
import { publishList, type Publication } from "../ipc/publish";

const CHANGED = "s2c:publications-changed";

/** Tells every {@link usePublications} that a project was published (or a site forgotten). */
export function publicationsChanged(): void {
  window.dispatchEvent(new Event(CHANGED));
}

/** Where a project is published, one entry per service; re-read after {@link publicationsChanged}. */
export function usePublications(projectId: string): { publications: Publication[]; refresh: () => void } {
  const [publications, setPublications] = useState<Publication[]>([]);
  const refresh = useCallback(() => {
    void publishList(projectId)
      .then((r) => {
        if (r.status === "ok") setPublications(r.data);
      })
      .catch(() => undefined);
  }, [projectId]);
  useEffect(() => {
    refresh();
    window.addEventListener(CHANGED, refresh);
    return () => {
      window.removeEventListener(CHANGED, refresh);
    };
  }, [refresh]);
  return { publications, refresh };
}
