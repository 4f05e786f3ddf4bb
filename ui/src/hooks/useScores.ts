// The fidelity scores of the variants on screen: computed by the app in the background after
// a generation (and after iterations, restores and hand edits of a page made from a screenshot),
// announced with `variant-scored`, cached per variant, with their reports.
import { useCallback, useEffect, useState } from "react";
import type { StoredPageScore, StoredWidthScore } from "../ipc";
import { variantScored, variantScores } from "../ipc/generation";
import { parseReport, type ScoreReport } from "../lib/score";
import { useProjectEvent } from "./useProjectEvent";

export interface VariantScore {
  total: number;
  /** The report as stored, when this build can read it (at several widths: the lowest's). */
  report: ScoreReport | null;
  /** A page handed over at several widths: its score at each, widest first; `total` is the lowest. */
  widths: StoredWidthScore[];
  /** A site of several pages: each page's score, in the site's order; `total` is the lowest. */
  pages: StoredPageScore[];
}

export function useScores(projectId: string, variantIds: number[]): Map<number, VariantScore> {
  const [scores, setScores] = useState<Map<number, VariantScore>>(new Map());
  const key = variantIds.join(",");

  const load = useCallback(() => {
    const ids = key ? key.split(",").map(Number) : [];
    if (ids.length === 0) return;
    void variantScores(projectId, ids).then((r) => {
      if (r.status !== "ok") return;
      setScores(new Map(r.data.flatMap((s) => (s.total === null ? [] : [[s.variant_id, { total: s.total, report: parseReport(s.report), widths: widthsOf(s.widths), pages: pagesOf(s.pages) }] as const]))));
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

/** The stored pages; a build before pages sends none. */
function pagesOf(pages: StoredPageScore[] | undefined): StoredPageScore[] {
  return Array.isArray(pages) ? pages.filter((p) => p.total !== null).map((p) => ({ ...p, widths: widthsOf(p.widths) })) : [];
}
