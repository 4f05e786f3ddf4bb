// "Fidelity 87": how close the selected option came to the screenshot, coloured by its grade;
// it opens the fidelity panel (the differences, each on its element, and the comparison).
import { formatScore, grade } from "../../lib/score";

export function ScoreButton({ total, open, onToggle }: { total: number; open: boolean; onToggle: () => void }) {
  const g = grade(total);
  return (
    <button
      type="button"
      data-testid="fidelity-score"
      aria-pressed={open}
      title={`${g.label} (fidelity ${formatScore(total)} of 100). ${open ? "Hide" : "Show"} the differences.`}
      className={`rounded-md px-2 py-1 text-xs font-semibold tabular-nums ${g.text} ${g.soft} aria-pressed:ring-2 aria-pressed:ring-current/30`}
      onClick={onToggle}
    >
      Fidelity {formatScore(total)}
    </button>
  );
}
