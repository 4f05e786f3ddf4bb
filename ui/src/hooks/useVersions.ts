import { useCallback, useEffect, useState } from "react";
import { commands, errorMessage, events, type VersionTree_Deserialize } from "../ipc";
import { useProjectEvent } from "./useProjectEvent";

/** The project's version tree, refreshed when a generation of it has been stored. */
export function useVersions(projectId: string) {
  const [tree, setTree] = useState<VersionTree_Deserialize | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(async () => {
    const r = await commands.projectVersions(projectId);
    if (r.status === "ok") {
      setTree(r.data);
      setError(null);
      return r.data;
    }
    setError(errorMessage(r.error));
    return null;
  }, [projectId]);

  useEffect(() => {
    void commands
      .projectVersions(projectId)
      .then((r) => {
        if (r.status === "ok") setTree(r.data);
        else setError(errorMessage(r.error));
      })
      .catch((e: unknown) => {
        setError(errorMessage(e));
      });
  }, [projectId]);
  useProjectEvent(events.generationRecorded, projectId, () => void refresh());
  return { tree, error, refresh };
}
