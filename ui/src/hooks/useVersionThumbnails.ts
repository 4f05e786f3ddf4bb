// What each version looks like, for the history panel: rendered by the app after a generation
// or a save, announced with `version-thumbnail-ready`.
import { useCallback, useEffect, useState } from "react";
import { projectVersionThumbnails, versionThumbnailReady } from "../ipc/projects";
import { useProjectEvent } from "./useProjectEvent";

export function useVersionThumbnails(projectId: string): Map<number, string> {
  const [thumbnails, setThumbnails] = useState<Map<number, string>>(new Map());

  const load = useCallback(() => {
    void projectVersionThumbnails(projectId).then((r) => {
      if (r.status === "ok") setThumbnails(new Map(r.data.map((t) => [t.version_id, t.data_url])));
    });
  }, [projectId]);

  useEffect(load, [load]);
  useProjectEvent(versionThumbnailReady, projectId, load);

  return thumbnails;
}
