import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../ipc";
import { projectAcceptExternalChanges, projectDiscardExternalChanges, projectExternalChanges, projectFilesChanged } from "../ipc/projects";
import { useProjectEvent } from "./useProjectEvent";

/** Working files another program changed, and the two ways out: keep them as a version, or drop them. */
export function useExternalChanges(projectId: string, onAccepted: (versionId: number) => void) {
  const [paths, setPaths] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void projectExternalChanges(projectId)
      .then((r) => {
        if (alive && r.status === "ok") setPaths(r.data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [projectId]);
  useProjectEvent(projectFilesChanged, projectId, (e) => {
    setPaths(e.paths);
  });

  const accept = useCallback(async () => {
    const r = await projectAcceptExternalChanges(projectId);
    if (r.status === "ok") {
      setPaths([]);
      onAccepted(r.data.id);
    } else setError(errorMessage(r.error));
  }, [projectId, onAccepted]);
  const discard = useCallback(async () => {
    const r = await projectDiscardExternalChanges(projectId);
    if (r.status === "ok") setPaths([]);
    else setError(errorMessage(r.error));
  }, [projectId]);
  return { paths, error, accept, discard };
}
