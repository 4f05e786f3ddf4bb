// "Fidelity 87": how close the selected option came to the screenshot, coloured by its grade;
// for a page handed over at several widths, the lowest, with each width's beside it
// ("Fidelity 62 · Desktop 93 Mobile 62"); for a site, each page's ("Fidelity 71 · Home 94
// Pricing 71"). It opens the fidelity panel (the differences, each on
// its element, and the comparison).
import type { StoredPageScore, StoredWidthScore } from "../../ipc";
import { formatScore, grade, lowestOf } from "../../lib/score";
import { PageScores } from "./PageScores";
import { WidthScores } from "./WidthScores";
import { WHEN_SHORT } from "./stageToolbarSteps";

export function ScoreButton({ total, widths = [], pages = [], open, onToggle }: { total: number; widths?: readonly StoredWidthScore[]; pages?: readonly StoredPageScore[]; open: boolean; onToggle: () => void }) {
  const g = grade(total);
  return (
    <button
      type="button"
      data-testid="fidelity-score"
      aria-pressed={open}
      title={`${g.label} (fidelity ${formatScore(total)} of 100${lowestOf(pages.length, widths.length)}). ${open ? "Hide" : "Show"} the differences.`}
      className={`inline-flex items-baseline gap-1.5 rounded-md px-2 py-1 text-xs font-semibold tabular-nums ${g.text} ${g.soft} aria-pressed:ring-2 aria-pressed:ring-current/30`}
      onClick={onToggle}
    >
      {/* In the stage's toolbar short of room, the number alone (the title says the rest). */}
      <span className={WHEN_SHORT.actionLabel}>Fidelity</span> {formatScore(total)}
      {pages.length > 1 ? (
        <PageScores pages={pages} testId="fidelity-page-scores" className={`font-normal ${WHEN_SHORT.actionDetail}`} />
      ) : widths.length > 1 ? (
        <WidthScores widths={widths} testId="fidelity-width-scores" className={`font-normal ${WHEN_SHORT.actionDetail}`} />
      ) : null}
    </button>
  );
}
