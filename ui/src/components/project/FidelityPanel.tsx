// The fidelity of the selected option, as a designer reads it: the number and what it means,
// the screenshot with the places that differ, and each difference named by the element it is
// on ("The heading “Welcome back” — different text"). Clicking one points it out in the
// preview and on the screenshot; Compare opens the side-by-side / overlay / slider view.
import type { ScoreImages, StoredPageScore, StoredWidthScore } from "../../ipc";
import { componentList, regionGain, regionKind } from "../../lib/fidelityCheck";
import { formatScore, grade, lowestWidth, regionTitle, type ScoreReport } from "../../lib/score";
import { widthLabel } from "../../lib/trayGroups";
import { Icon } from "../common/Icon";
import { ghostButtonClass } from "../common/ui";
import { RegionBoxes } from "./RegionBoxes";

interface Props {
  report: ScoreReport;
  /** A page handed over at several widths: its score at each (`report` is the lowest's). */
  widths?: readonly StoredWidthScore[];
  /** A site of several pages: each page's score (`report` and `widths` are the lowest's). */
  pages?: readonly StoredPageScore[];
  images: ScoreImages | null;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onCompare: () => void;
  onClose: () => void;
}

export function FidelityPanel({ report, widths = [], pages = [], images, selected, onSelect, onCompare, onClose }: Props) {
  const g = grade(report.total);
  const lowPage = pages.length > 1 ? lowestWidth(pages) : null;
  const lowestPage = lowPage !== null ? pages[lowPage] : undefined;
  const low = widths.length > 1 ? lowestWidth(widths) : null;
  const lowest = low !== null ? widths[low] : undefined;
  const notes = report.notes.filter((n) => !n.startsWith("text not compared"));
  return (
    <section aria-label="Fidelity" className="flex h-full flex-col overflow-y-auto text-sm" data-testid="fidelity-panel">
      <div className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
        <span className="font-medium">Fidelity</span>
        <button type="button" className={`${ghostButtonClass} ml-auto px-1.5`} onClick={onClose} aria-label="Close fidelity">
          <Icon name="close" />
        </button>
      </div>
      <div className="flex flex-col gap-3 p-3">
        <div className="flex items-baseline gap-2">
          <span className={`text-3xl leading-none font-semibold tabular-nums ${g.text}`} data-testid="fidelity-total">
            {formatScore(report.total)}
          </span>
          <span className={`text-xs font-medium ${g.text}`}>{g.label}</span>
        </div>
        {lowestPage ? (
          <div data-testid="fidelity-pages">
            <ul className="flex flex-col gap-0.5 text-xs" aria-label="Fidelity of each page">
              {pages.map((p) =>
                p.total === null ? null : (
                  <li key={p.route} className="flex items-baseline gap-2" data-testid="fidelity-page">
                    <span className="text-zinc-600 dark:text-zinc-300">{p.name}</span>
                    <span className="text-[11px] text-zinc-400">{p.route}</span>
                    <span className={`ml-auto font-semibold tabular-nums ${grade(p.total).text}`}>{formatScore(p.total)}</span>
                    <span className="w-12 text-[11px] text-zinc-500">{p === lowestPage ? "lowest" : ""}</span>
                  </li>
                ),
              )}
            </ul>
            <p className="mt-1 text-[11px] text-zinc-500">
              The site's score is its lowest page. The differences below are on {lowestPage.name} ({lowestPage.route}).
            </p>
          </div>
        ) : null}
        {lowest ? (
          <div data-testid="fidelity-widths">
            <ul className="flex flex-col gap-0.5 text-xs" aria-label="Fidelity at each width">
              {widths.map((w) =>
                w.total === null ? null : (
                  <li key={w.width.css} className="flex items-baseline gap-2" data-testid="fidelity-width">
                    <span className="text-zinc-600 dark:text-zinc-300">{widthLabel(w.width)}</span>
                    <span className={`ml-auto font-semibold tabular-nums ${grade(w.total).text}`}>{formatScore(w.total)}</span>
                    <span className="w-12 text-[11px] text-zinc-500">{w === lowest ? "lowest" : ""}</span>
                  </li>
                ),
              )}
            </ul>
            <p className="mt-1 text-[11px] text-zinc-500">
              The page's score is its lowest width. The differences below are at {widthLabel(lowest.width).toLowerCase()}.
            </p>
          </div>
        ) : null}
        {report.components ? (
          <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-zinc-500" aria-label="Components">
            {componentList(report.components).map((c) => (
              <div key={c.label} className="flex gap-1">
                <dt>{c.label}</dt>
                <dd className="font-medium text-zinc-700 tabular-nums dark:text-zinc-300">{c.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {images?.screenshot ? (
          <button type="button" className="group relative block overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-700" onClick={onCompare} title="Compare with the screenshot">
            <img src={images.screenshot} alt="The screenshot, with the places that differ" className="block w-full" data-testid="fidelity-screenshot" />
            <RegionBoxes regions={report.regions} size={report.screenshot} selected={selected} side="screenshot" />
            <span className="absolute right-1.5 bottom-1.5 rounded bg-zinc-900/80 px-1.5 py-0.5 text-[11px] text-white opacity-0 group-hover:opacity-100">Compare</span>
          </button>
        ) : null}
        <button type="button" className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800" onClick={onCompare} data-testid="fidelity-compare">
          Compare with the screenshot
        </button>
        <div>
          <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {report.regions.length === 0 ? "No place differs enough to name" : `Differences (${String(report.regions.length)})`}
          </h3>
          <ol className="flex flex-col gap-0.5" aria-label="Differences">
            {report.regions.map((r, i) => {
              const kind = regionKind(r.kind);
              const gain = regionGain(r.cost);
              const on = selected === i;
              return (
                <li key={i}>
                  <button
                    type="button"
                    aria-pressed={on}
                    data-testid="fidelity-difference"
                    className="flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-zinc-100 aria-pressed:bg-accent-500/10 dark:hover:bg-zinc-800"
                    title={r.description}
                    onClick={() => {
                      onSelect(on ? null : i);
                    }}
                  >
                    <span className="mt-0.5 w-4 shrink-0 text-[11px] text-zinc-400 tabular-nums">{i + 1}</span>
                    <span className={`mt-1.5 size-2 shrink-0 rounded-full ${kind.dot}`} aria-hidden="true" />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium text-zinc-800 dark:text-zinc-100">{regionTitle(r, report.screenshot)}</span>
                      <span className="block text-xs text-zinc-500">{r.summary}</span>
                    </span>
                    {gain ? (
                      <span className="shrink-0 text-xs font-medium text-emerald-700 tabular-nums dark:text-emerald-400" title="What fixing it would add to the score">
                        {gain}
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
        {notes.length > 0 ? (
          <ul className="flex flex-col gap-1 text-xs text-zinc-500">
            {notes.map((n) => (
              <li key={n}>{n.charAt(0).toUpperCase() + n.slice(1)}.</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
