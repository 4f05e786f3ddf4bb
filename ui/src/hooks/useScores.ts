// The fidelity scores of the variants on screen: computed by the app in the background after
// a generation from one screenshot, announced with `variant-scored`, cached per variant.
import { useCallback, useEffect, useState } from "react";
import { variantScored, variantScores } from "../ipc/generation";
import { useProjectEvent } from "./useProjectEvent";

export function useScores(projectId: string, variantIds: number[]): Map<number, number> {
  const [scores, setScores] = useState<Map<number, number>>(new Map());
  const key = variantIds.join(",");

  const load = useCallback(() => {
    const ids = key ? key.split(",").map(Number) : [];
    if (ids.length === 0) return;
    void variantScores(projectId, ids).then((r) => {
      if (r.status !== "ok") return;
      setScores(new Map(r.data.flatMap((s) => (s.total === null ? [] : [[s.variant_id, s.total] as const]))));
    });
  }, [projectId, key]);

  useEffect(load, [load]);
  useProjectEvent(variantScored, projectId, load);

  return scores;
}

/** "97" for 96.6: the score as the UI shows it. */
export function formatScore(total: number): string {
  return String(Math.round(total));
}
