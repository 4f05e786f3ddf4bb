import { useCallback, useEffect, useState } from "react";
import { errorMessage, type RecentProject } from "../ipc";
import { projectDelete, projectForget, projectListRecent, projectRename } from "../ipc/projects";
import { asSentence } from "../lib/sentences";

export interface RecentProjects {
  projects: RecentProject[];
  error: string | null;
  refresh: () => void;
  rename: (id: string, name: string) => Promise<string | null>;
  forget: (id: string) => Promise<string | null>;
  /** Move the project's folder to the trash; an error message, or null. */
  trash: (id: string) => Promise<string | null>;
}

export function useRecentProjects(): RecentProjects {
  const [projects, setProjects] = useState<RecentProject[]>([]);
  const [error, setError] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void projectListRecent()
      .then((r) => {
        if (r.status === "ok") {
          setProjects(r.data);
          setError(null);
        } else setError(errorMessage(r.error));
      })
      .catch((e: unknown) => {
        setError(errorMessage(e));
      });
  }, []);
  useEffect(refresh, [refresh]);

  const rename = useCallback(async (id: string, name: string) => {
    const r = await projectRename(id, name);
    if (r.status === "error") return errorMessage(r.error);
    setProjects((list) => list.map((p) => (p.id === id ? { ...p, name: r.data.name } : p)));
    return null;
  }, []);
  const forget = useCallback(async (id: string) => {
    const r = await projectForget(id);
    if (r.status === "error") return errorMessage(r.error);
    setProjects((list) => list.filter((p) => p.id !== id));
    return null;
  }, []);
  const trash = useCallback(async (id: string) => {
    const r = await projectDelete(id);
    if (r.status === "error") return asSentence(errorMessage(r.error));
    setProjects((list) => list.filter((p) => p.id !== id));
    return null;
  }, []);
  return { projects, error, refresh, rename, forget, trash };
}
