// A page's fidelity at each width it was handed over at ("Desktop 93 · Mobile 62"), the lowest
// (the page's score) marked.
import type { StoredWidthScore } from "../../ipc";
import { widthLabel } from "../../lib/trayGroups";
import { ScoreList } from "./ScoreList";

export function WidthScores({ widths, testId = "width-scores", className = "" }: { widths: readonly StoredWidthScore[]; testId?: string; className?: string }) {
  const scores = widths.map((w) => ({
    key: String(w.width.css),
    label: widthLabel(w.width).split(" ")[0] ?? "",
    total: w.total,
    title: `Fidelity at ${widthLabel(w.width).toLowerCase()}`,
  }));
  return <ScoreList scores={scores} testId={testId} itemTestId="width-score" className={className} />;
}
