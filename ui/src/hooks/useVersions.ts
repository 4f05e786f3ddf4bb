import { useCallback, useEffect, useState } from "react";
import { errorMessage, type VersionTree } from "../ipc";
import { generationRecorded } from "../ipc/generation";
import { projectVersions } from "../ipc/projects";
import { useProjectEvent } from "./useProjectEvent";

/** The project's version tree, refreshed when a generation of it has been stored. */
export function useVersions(projectId: string) {
  const [tree, setTree] = useState<VersionTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    const r = await projectVersions(projectId);
    if (r.status === "ok") {
      setTree(r.data);
      setError(null);
      return r.data;
    }
    setError(errorMessage(r.error));
    return null;
  }, [projectId]);

  useEffect(() => {
    void projectVersions(projectId)
      .then((r) => {
        if (r.status === "ok") setTree(r.data);
        else setError(errorMessage(r.error));
      })
      .catch((e: unknown) => {
        setError(errorMessage(e));
      });
  }, [projectId]);
  useProjectEvent(generationRecorded, projectId, () => void refresh());
  return { tree, error, refresh };
}
