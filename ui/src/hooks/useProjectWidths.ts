// The widths the selected version's page was handed over at (a desktop and a mobile screenshot
// of it), for the preview's Widths view and width menu; none for a page from one screenshot.
// On a site, the page on show's (`route`; null: its first page).
import { useEffect, useState } from "react";
import type { InputWidth } from "../ipc";
import { projectWidths } from "../ipc/projects";

export function useProjectWidths(projectId: string, versionId: number | null, route: string | null = null): InputWidth[] {
  const [found, setFound] = useState<{ key: string; widths: InputWidth[] }>({ key: "", widths: [] });
  const key = `${projectId}:${String(versionId)}:${route ?? ""}`;
  useEffect(() => {
    if (versionId === null) return;
    const run = { alive: true };
    void projectWidths(projectId, versionId, route).then((r) => {
      if (run.alive && r.status === "ok") setFound({ key, widths: r.data });
    });
    return () => {
      run.alive = false;
    };
  }, [projectId, versionId, route, key]);
  return found.key === key ? found.widths : NONE;
}

const NONE: InputWidth[] = [];
