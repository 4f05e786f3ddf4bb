// What each version looks like, for the history panel: rendered by the app after a generation
// or a save, announced with `version-thumbnail-ready`.
import { useCallback, useEffect, useState } from "react";
import { commands, events } from "../ipc";

export function useVersionThumbnails(projectId: string): Map<number, string> {
  const [thumbnails, setThumbnails] = useState<Map<number, string>>(new Map());

  const load = useCallback(() => {
    void commands.projectVersionThumbnails(projectId).then((r) => {
      if (r.status === "ok") setThumbnails(new Map(r.data.map((t) => [t.version_id, t.data_url])));
    });
  }, [projectId]);

  useEffect(() => {
    load();
    let stop: (() => void) | null = null;
    let alive = true;
    events.versionThumbnailReady
      .listen((e) => {
        if (e.payload.project_id === projectId) load();
      })
      .then((unlisten) => {
        if (alive) stop = unlisten;
        else unlisten();
      })
      .catch(() => undefined);
    return () => {
      alive = false;
      stop?.();
    };
  }, [projectId, load]);

  return thumbnails;
}
