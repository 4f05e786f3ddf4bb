// The page at each width it was handed over at (a desktop and a mobile screenshot of it): side
// by side on their screenshots' screens when the pane has room for all at a readable scale,
// else one at a time with a picker. Each is captioned with its width and, once scored, how
// close it came to that width's screenshot.
import { useState, type ReactNode } from "react";
import { fitScale, type Size } from "../../lib/previewSize";
import { sideBySide, type PageWidth } from "../../lib/pageWidths";
import { formatScore, grade } from "../../lib/score";
import { DesktopPreview } from "./DesktopPreview";

interface Props {
  widths: readonly PageWidth[];
  /** Each width's fidelity, by CSS width, once scored. */
  scores: ReadonlyMap<number, number>;
  pane: Size;
  /** The page in a frame, for one width. */
  frame: (width: PageWidth) => ReactNode;
}

function Caption({ width, score, lowest }: { width: PageWidth; score: number | undefined; lowest: boolean }) {
  return (
    <span className="inline-flex items-baseline gap-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-300" data-testid="width-caption">
      {width.label}
      {score !== undefined ? (
        <span className={`tabular-nums ${grade(score).text}`} title={`Fidelity at ${width.label.toLowerCase()}${lowest ? ": the lowest, the page's score" : ""}`}>
          · {formatScore(score)}
          {lowest ? " lowest" : ""}
        </span>
      ) : null}
    </span>
  );
}

export function WidthsPreview({ widths, scores, pane, frame }: Props) {
  const [picked, setPicked] = useState(0);
  const { fits, scale } = sideBySide(widths, pane);
  const values = [...scores.values()];
  const lowest = values.length > 1 ? Math.min(...values) : null;
  const isLowest = (w: PageWidth) => lowest !== null && scores.get(w.css) === lowest;
  if (fits) {
    return (
      <div className="flex size-full items-start justify-center gap-4 overflow-auto p-4" data-testid="widths-side-by-side">
        {widths.map((w) => (
          <figure key={w.css} className="flex shrink-0 flex-col items-start gap-1" data-testid="width-frame" data-page-width={w.css}>
            <figcaption>
              <Caption width={w} score={scores.get(w.css)} lowest={isLowest(w)} />
            </figcaption>
            <div className="relative overflow-hidden bg-white shadow-sm" style={{ width: Math.round(w.screen.width * scale), height: Math.round(w.screen.height * scale) }}>
              <div className="absolute top-0 left-0 origin-top-left" style={{ width: w.screen.width, height: w.screen.height, transform: `scale(${String(scale)})` }}>
                {frame(w)}
              </div>
            </div>
          </figure>
        ))}
      </div>
    );
  }
  const shown = widths[Math.min(picked, widths.length - 1)];
  if (!shown) return null;
  return (
    <div className="flex size-full flex-col" data-testid="widths-one-at-a-time">
      <div role="radiogroup" aria-label="Width" className="flex flex-wrap justify-center gap-1 p-2">
        {widths.map((w, i) => (
          <button
            key={w.css}
            type="button"
            role="radio"
            aria-checked={w === shown}
            className="rounded-md px-2 py-1 text-xs text-zinc-600 hover:bg-zinc-200 aria-checked:bg-white aria-checked:text-zinc-900 aria-checked:shadow-xs dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-checked:bg-zinc-700 dark:aria-checked:text-white"
            onClick={() => {
              setPicked(i);
            }}
          >
            <Caption width={w} score={scores.get(w.css)} lowest={isLowest(w)} />
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1" data-testid="width-frame" data-page-width={shown.css}>
        <DesktopPreview screen={shown.screen} scale={fitScale(shown.screen, { width: pane.width, height: pane.height - 44 })}>
          {frame(shown)}
        </DesktopPreview>
      </div>
    </div>
  );
}
