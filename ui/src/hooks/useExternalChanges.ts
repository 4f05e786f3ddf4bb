import { useCallback, useEffect, useState } from "react";
import { commands, errorMessage, events } from "../ipc";
import { useProjectEvent } from "./useProjectEvent";

/** Working files another program changed, and the two ways out: keep them as a version, or drop them. */
export function useExternalChanges(projectId: string, onAccepted: (versionId: number) => void) {
  const [paths, setPaths] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void commands
      .projectExternalChanges(projectId)
      .then((r) => {
        if (alive && r.status === "ok") setPaths(r.data);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [projectId]);
  useProjectEvent(events.projectFilesChanged, projectId, (e) => {
    setPaths(e.paths);
  });

  const accept = useCallback(async () => {
    const r = await commands.projectAcceptExternalChanges(projectId);
    if (r.status === "ok") {
      setPaths([]);
      onAccepted(r.data.id);
    } else setError(errorMessage(r.error));
  }, [projectId, onAccepted]);
  const discard = useCallback(async () => {
    const r = await commands.projectDiscardExternalChanges(projectId);
    if (r.status === "ok") setPaths([]);
    else setError(errorMessage(r.error));
  }, [projectId]);
  return { paths, error, accept, discard };
}
