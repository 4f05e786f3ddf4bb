// Several scores of one option in a row, the lowest (the option's score) marked: each width of
// a page handed over at several ("Desktop 93 · Mobile 62"), or each page of a site ("Home 94 ·
// Pricing 71"). As the option cards, the score button and the panel show them.
import { formatScore, grade, lowestWidth } from "../../lib/score";

export interface ListedScore {
  key: string;
  /** What the score is of, in a word or two ("Desktop", "Pricing"). */
  label: string;
  total: number | null;
  /** The tooltip: what the score is of, in full. */
  title: string;
}

export function ScoreList({ scores, testId, itemTestId, className = "" }: { scores: readonly ListedScore[]; testId: string; itemTestId: string; className?: string }) {
  if (scores.length < 2) return null;
  const low = lowestWidth(scores);
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-1.5 tabular-nums ${className}`} data-testid={testId}>
      {scores.map((s, i) =>
        s.total === null ? null : (
          <span
            key={s.key}
            data-testid={itemTestId}
            data-lowest={i === low ? "true" : undefined}
            className={`whitespace-nowrap ${i === low ? `font-semibold ${grade(s.total).text}` : "text-zinc-500"}`}
            title={`${s.title}: ${formatScore(s.total)}${i === low ? " (the lowest: the option's score)" : ""}`}
          >
            {s.label} {formatScore(s.total)}
          </span>
        ),
      )}
    </span>
  );
}
