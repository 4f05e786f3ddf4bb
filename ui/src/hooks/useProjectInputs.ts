// The project's stored inputs, read again whenever the version tree changes (a generation adds
// inputs): the history shows what each version was made from.
import { useEffect, useState } from "react";
import type { InputInfo, VersionTree } from "../ipc";
import { projectInputs } from "../ipc/projects";

export function useProjectInputs(projectId: string, tree: VersionTree | null): InputInfo[] {
  const [inputs, setInputs] = useState<InputInfo[]>([]);
  useEffect(() => {
    let live = true;
    void projectInputs(projectId).then((r) => {
      if (live && r.status === "ok") setInputs(r.data);
    });
    return () => {
      live = false;
    };
  }, [projectId, tree]);
  return inputs;
}
