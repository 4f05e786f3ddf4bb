// The fidelity scores of the variants on screen: computed by the app in the background after
// a generation (and after iterations, restores and hand edits of a page made from a screenshot),
// announced with `variant-scored`, cached per variant, with their reports.
import { useCallback, useEffect, useState } from "react";
import type { StoredWidthScore } from "../ipc";
import { variantScored, variantScores } from "../ipc/generation";
import { parseReport, type ScoreReport } from "../lib/score";
import { useProjectEvent } from "./useProjectEvent";

export interface VariantScore {
  total: number;
  /** The report as stored, when this build can read it (at several widths: the lowest's). */
  report: ScoreReport | null;
  /** A page handed over at several widths: its score at each, widest first; `total` is the lowest. */
  widths: StoredWidthScore[];
}

export function useScores(projectId: string, variantIds: number[]): Map<number, VariantScore> {
  const [scores, setScores] = useState<Map<number, VariantScore>>(new Map());
  const key = variantIds.join(",");

  const load = useCallback(() => {
    const ids = key ? key.split(",").map(Number) : [];
    if (ids.length === 0) return;
    void variantScores(projectId, ids).then((r) => {
      if (r.status !== "ok") return;
      setScores(new Map(r.data.flatMap((s) => (s.total === null ? [] : [[s.variant_id, { total: s.total, report: parseReport(s.report), widths: widthsOf(s.widths) }] as const]))));
    });
  }, [projectId, key]);

  useEffect(load, [load]);
  useProjectEvent(variantScored, projectId, load);

  return scores;
}

/** The stored widths; a build before widths sends none. */
function widthsOf(widths: StoredWidthScore[] | undefined): StoredWidthScore[] {
  return Array.isArray(widths) ? widths.filter((w) => w.total !== null) : [];
}
