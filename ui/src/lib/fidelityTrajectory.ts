// The fidelity of a variant, check by check, while it worked: "71 → 88 → 95". Read off the
// reducer's state (live, or folded from stored events), so a retry that voided a turn has
// already taken that turn's cards away.
import type { FidelityCheck } from "../ipc";
import type { ToolItem, VariantView } from "./agentEvents";
import { formatScore } from "./score";

export const CHECK_FIDELITY = "check_fidelity";

export interface FidelityPoint {
  callId: string;
  /** 1-based, as the check counted itself. */
  round: number;
  total: number;
  /** Run by the app at the end of a round, not asked for by the model. */
  automatic: boolean;
}

/** The check a tool card holds, when it is a check_fidelity that ran and scored. */
export function fidelityCheckOf(item: ToolItem): FidelityCheck | null {
  if (item.name !== CHECK_FIDELITY || item.state !== "ok" || item.detail?.kind !== "fidelity_check") return null;
  return item.detail;
}

/** Each check_fidelity result of the variant, in order; failed calls, results without a
 * report and repeats of a call id are left out. */
export function fidelityTrajectory(view: Pick<VariantView, "activity"> | null): FidelityPoint[] {
  if (!view) return [];
  const seen = new Set<string>();
  const points: FidelityPoint[] = [];
  for (const item of view.activity) {
    if (item.kind !== "tool" || seen.has(item.callId)) continue;
    const check = fidelityCheckOf(item);
    if (!check || check.total === null || !Number.isFinite(check.total)) continue;
    seen.add(item.callId);
    points.push({ callId: item.callId, round: check.round, total: check.total, automatic: check.automatic });
  }
  return points;
}

/** A fidelity score as every place shows it: "88" (see lib/score.ts). */
export function formatFidelity(total: number): string {
  return formatScore(total);
}

/** "71 → 88 → 95". */
export function formatTrajectory(points: readonly FidelityPoint[]): string {
  return points.map((p) => formatFidelity(p.total)).join(" → ");
}
