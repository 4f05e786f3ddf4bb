// A page's fidelity at each width it was handed over at ("Desktop 93 · Mobile 62"), the lowest
// (the page's score) marked; as the option cards, the score button and the panel show it.
import type { StoredWidthScore } from "../../ipc";
import { formatScore, grade, lowestWidth } from "../../lib/score";
import { widthLabel } from "../../lib/trayGroups";

export function WidthScores({ widths, testId = "width-scores", className = "" }: { widths: readonly StoredWidthScore[]; testId?: string; className?: string }) {
  if (widths.length < 2) return null;
  const low = lowestWidth(widths);
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 tabular-nums ${className}`} data-testid={testId}>
      {widths.map((w, i) =>
        w.total === null ? null : (
          <span
            key={w.width.css}
            data-testid="width-score"
            data-lowest={i === low ? "true" : undefined}
            className={`whitespace-nowrap ${i === low ? `font-semibold ${grade(w.total).text}` : "text-zinc-500"}`}
            title={`Fidelity at ${widthLabel(w.width).toLowerCase()}: ${formatScore(w.total)}${i === low ? " (the lowest: the page's score)" : ""}`}
          >
            {widthLabel(w.width).split(" ")[0]} {formatScore(w.total)}
          </span>
        ),
      )}
    </span>
  );
}
