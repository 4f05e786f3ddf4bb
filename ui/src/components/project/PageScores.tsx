// A site's fidelity page by page ("Home 94 · Pricing 71"), each route against its own
// screenshot, the lowest (the site's score) marked; a page handed over at several widths shows
// each in its tooltip.
import type { StoredPageScore } from "../../ipc";
import { formatScore } from "../../lib/score";
import { widthLabel } from "../../lib/trayGroups";
import { ScoreList } from "./ScoreList";

/** "Fidelity of Pricing (/pricing)", with each width's score when there are several. */
function pageTitle(p: StoredPageScore): string {
  const widths = p.widths.flatMap((w) => (w.total === null ? [] : [`${widthLabel(w.width).toLowerCase()} ${formatScore(w.total)}`]));
  return `Fidelity of ${p.name} (${p.route})${widths.length > 1 ? `, the lowest of ${widths.join(", ")}` : ""}`;
}

export function PageScores({ pages, testId = "page-scores", className = "" }: { pages: readonly StoredPageScore[]; testId?: string; className?: string }) {
  const scores = pages.map((p) => ({ key: p.route, label: p.name, total: p.total, title: pageTitle(p) }));
  return <ScoreList scores={scores} testId={testId} itemTestId="page-score" className={className} />;
}
