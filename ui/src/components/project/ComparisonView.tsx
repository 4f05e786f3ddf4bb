// The page against its screenshot, as a designer checks a build against the design: side by
// side, one over the other (onion skin, with the page's opacity), through a slider, or the
// differences image; zoomable; the differences listed beside it, each outlined on both.
import { useEffect, useRef, useState } from "react";
import type { ScoreImages } from "../../ipc";
import { useDismiss } from "../../hooks/useDismiss";
import { useElementSize } from "../../hooks/useElementSize";
import { regionKind } from "../../lib/fidelityCheck";
import { percent, stepZoom, type Zoom } from "../../lib/previewSize";
import { formatScore, grade, regionTitle, type ScoreReport } from "../../lib/score";
import { Icon } from "../common/Icon";
import { ghostButtonClass } from "../common/ui";
import { boxOn, RegionBoxes } from "./RegionBoxes";

export type CompareMode = "side" | "overlay" | "slider" | "diff";
const MODES: { id: CompareMode; label: string }[] = [
  { id: "side", label: "Side by side" },
  { id: "overlay", label: "Overlay" },
  { id: "slider", label: "Slider" },
  { id: "diff", label: "Differences" },
];
const GAP = 16;

interface Props {
  report: ScoreReport;
  images: ScoreImages | null;
  selected: number | null;
  onSelect: (index: number | null) => void;
  onClose: () => void;
}

export function ComparisonView({ report, images, selected, onSelect, onClose }: Props) {
  const [mode, setMode] = useState<CompareMode>("side");
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [opacity, setOpacity] = useState(50);
  const [split, setSplit] = useState(50);
  const { ref: pane, element: paneElement, width: paneWidth } = useElementSize<HTMLDivElement>();
  const dialog = useRef<HTMLDivElement>(null);
  const w = report.screenshot.width;
  const columns = mode === "side" ? 2 : 1;
  const fit = paneWidth > 0 ? Math.min(1, (paneWidth - GAP * (columns + 1)) / (w * columns)) : 0.5;
  const scale = zoom === "fit" ? fit : zoom;
  const height = Math.max(report.screenshot.height, report.rendered.height) * scale;

  useEffect(() => {
    dialog.current?.focus();
  }, []);
  useDismiss(true, dialog, onClose);

  // The selected difference comes into view.
  useEffect(() => {
    const r = selected !== null ? report.regions[selected] : undefined;
    const el = paneElement.current;
    if (!r || !el) return;
    const b = boxOn(r, "screenshot") ?? boxOn(r, "render");
    if (!b) return;
    el.scrollTo({ top: Math.max(0, b.y * scale - 80), behavior: "smooth" });
  }, [selected, scale, report.regions, paneElement]);

  const picture = (side: "screenshot" | "render", extra = "") => {
    const src = side === "screenshot" ? images?.screenshot : images?.render;
    const size = side === "screenshot" ? report.screenshot : report.rendered;
    return (
      <div className={`absolute top-0 left-0 ${extra}`} style={{ width: size.width * scale, height: size.height * scale }}>
        {src ? <img src={src} alt={side === "screenshot" ? "The screenshot" : "The page as rendered for the score"} className="block size-full select-none" draggable={false} data-testid={`compare-${side}`} /> : null}
        <RegionBoxes regions={report.regions} size={size} selected={selected} side={side} onSelect={(i) => {
          onSelect(i === selected ? null : i);
        }} />
      </div>
    );
  };

  const g = grade(report.total);
  return (
    <div className="fixed inset-0 z-50 flex bg-zinc-950/60 p-4 backdrop-blur-sm" role="presentation">
      <div ref={dialog} tabIndex={-1} role="dialog" aria-modal="true" aria-label="Compare with the screenshot" className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-2xl bg-white shadow-2xl outline-none dark:bg-zinc-900">
        <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
          <span className="text-sm font-medium">Compare</span>
          <span className={`text-sm font-semibold tabular-nums ${g.text}`}>Fidelity {formatScore(report.total)}</span>
          <div role="tablist" aria-label="How to compare" className="ml-2 flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
            {MODES.map((m) => (
              <button
                key={m.id}
                type="button"
                role="tab"
                aria-selected={mode === m.id}
                className="rounded-md px-2.5 py-1 text-xs font-medium text-zinc-500 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-xs dark:aria-selected:bg-zinc-700 dark:aria-selected:text-white"
                onClick={() => {
                  setMode(m.id);
                }}
              >
                {m.label}
              </button>
            ))}
          </div>
          {mode === "overlay" ? (
            <label className="flex items-center gap-2 text-xs text-zinc-500">
              Page
              <input type="range" min={0} max={100} value={opacity} aria-label="The page's opacity" onChange={(e) => {
                setOpacity(Number(e.target.value));
              }} />
              <span className="w-9 tabular-nums">{opacity} %</span>
            </label>
          ) : null}
          <div className="ml-auto flex items-center gap-0.5 text-xs">
            <button type="button" className={ghostButtonClass} aria-label="Zoom out" onClick={() => {
              setZoom(stepZoom(scale, -1));
            }}>
              −
            </button>
            <button type="button" className={`${ghostButtonClass} min-w-16 justify-center tabular-nums`} title="Fit the width" data-testid="compare-zoom" onClick={() => {
              setZoom("fit");
            }}>
              {zoom === "fit" ? `Fit ${percent(scale)}` : percent(scale)}
            </button>
            <button type="button" className={ghostButtonClass} aria-label="Zoom in" onClick={() => {
              setZoom(stepZoom(scale, 1));
            }}>
              +
            </button>
            <button type="button" className={ghostButtonClass} aria-label="Close the comparison" onClick={onClose}>
              <Icon name="close" />
            </button>
          </div>
        </div>
        <div className="flex min-h-0 flex-1">
          <ol className="w-64 shrink-0 overflow-y-auto border-r border-zinc-200 p-2 max-[1000px]:w-48 dark:border-zinc-800" aria-label="Differences">
            {report.regions.map((r, i) => (
              <li key={i}>
                <button
                  type="button"
                  aria-pressed={selected === i}
                  className="flex w-full items-start gap-2 rounded-lg px-2 py-1.5 text-left text-sm hover:bg-zinc-100 aria-pressed:bg-accent-500/10 dark:hover:bg-zinc-800"
                  onClick={() => {
                    onSelect(selected === i ? null : i);
                  }}
                >
                  <span className={`mt-1.5 size-2 shrink-0 rounded-full ${regionKind(r.kind).dot}`} aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{regionTitle(r, report.screenshot)}</span>
                    <span className="block text-xs text-zinc-500">{r.summary}</span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
          <div
            ref={pane}
            className="relative min-w-0 flex-1 overflow-auto bg-zinc-100 dark:bg-zinc-950"
            data-testid="compare-canvas"
            data-mode={mode}
            onWheel={(e) => {
              if (!e.ctrlKey && !e.metaKey) return;
              e.preventDefault();
              setZoom(stepZoom(scale, e.deltaY < 0 ? 1 : -1));
            }}
          >
            {!images ? <p className="p-6 text-sm text-zinc-500">Loading the pictures…</p> : null}
            {images && mode === "side" ? (
              <div className="flex gap-4 p-4" style={{ width: w * scale * 2 + GAP * 3 }}>
                {(["screenshot", "render"] as const).map((side) => (
                  <figure key={side} className="flex flex-col gap-1">
                    <figcaption className="text-xs font-medium text-zinc-500">{side === "screenshot" ? "Screenshot" : "Page"}</figcaption>
                    <div className="relative bg-white shadow-sm" style={{ width: w * scale, height }}>
                      {picture(side)}
                    </div>
                  </figure>
                ))}
              </div>
            ) : null}
            {images && (mode === "overlay" || mode === "slider") ? (
              <div className="p-4">
                <div className="relative bg-white shadow-sm" style={{ width: Math.max(w, report.rendered.width) * scale, height }} data-testid="compare-stack">
                  {picture("screenshot")}
                  <div
                    className="absolute inset-0"
                    style={mode === "overlay" ? { opacity: opacity / 100 } : { clipPath: `inset(0 ${String(100 - split)}% 0 0)` }}
                  >
                    {picture("render")}
                  </div>
                  {mode === "slider" ? (
                    <>
                      <div className="pointer-events-none absolute top-0 bottom-0 w-0.5 bg-accent-500 shadow" style={{ left: `${String(split)}%` }} />
                      <input
                        type="range"
                        min={0}
                        max={100}
                        value={split}
                        aria-label="Slider: the page on the left, the screenshot on the right"
                        className="absolute inset-0 size-full cursor-ew-resize opacity-0"
                        onChange={(e) => {
                          setSplit(Number(e.target.value));
                        }}
                      />
                    </>
                  ) : null}
                </div>
              </div>
            ) : null}
            {images && mode === "diff" ? (
              images.diff ? (
                <div className="p-4">
                  <img src={images.diff} alt="The screenshot, the page and where they differ" className="max-w-none bg-white shadow-sm" style={{ width: w * 3 * scale + GAP * 2 }} />
                </div>
              ) : (
                <p className="p-6 text-sm text-zinc-500">No differences image was kept for this score.</p>
              )
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
