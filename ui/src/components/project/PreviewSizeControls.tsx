// The Desktop preview's width and zoom, as Figma and Framer show a frame's: "1440 px ▾" picks a
// width (the screenshot's first), "− 63 % +" zooms, and the percentage goes back to Fit.
import { useEffect, useRef, useState } from "react";
import { useDismiss } from "../../hooks/useDismiss";
import { parseWidth, percent, stepZoom, widthChoices, type Size, type Zoom } from "../../lib/previewSize";
import { WHEN_SHORT } from "./stageToolbarSteps";

interface Props {
  screen: Size;
  screenshotWidth: number | null;
  /** The widths the page was handed over at ("Mobile 390"), offered first. */
  inputWidths?: readonly { css: number; label: string }[];
  scale: number;
  zoom: Zoom;
  onWidth: (width: number | null) => void;
  onZoom: (zoom: Zoom) => void;
}

const pill = "inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs tabular-nums text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800";

export function PreviewSizeControls({ screen, screenshotWidth, inputWidths = [], scale, zoom, onWidth, onZoom }: Props) {
  const width = screen.width;
  // Figma's keys: Shift+0 shows 100 %, Shift+1 fits; +/− step (never while typing).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (t instanceof HTMLElement && (/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || t.isContentEditable)) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.shiftKey && e.code === "Digit0") onZoom(1);
      else if (e.shiftKey && e.code === "Digit1") onZoom("fit");
      else if (e.key === "+" || e.key === "=") onZoom(stepZoom(scale, 1));
      else if (e.key === "-") onZoom(stepZoom(scale, -1));
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [onZoom, scale]);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState("");
  const [invalid, setInvalid] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  useDismiss(open, menu, () => {
    setOpen(false);
  });

  const choose = (w: number | null) => {
    onWidth(w);
    setOpen(false);
  };
  return (
    <div className="flex shrink-0 items-center" data-testid="preview-size">
      <div className="relative" ref={menu}>
        <button
          type="button"
          className={pill}
          aria-haspopup="menu"
          aria-expanded={open}
          title={`The page is laid out on a ${String(width)} × ${String(screen.height)} px screen`}
          aria-label={`Screen ${String(width)} × ${String(screen.height)} px; choose another width`}
          data-testid="preview-width"
          onClick={() => {
            setOpen((o) => !o);
          }}
        >
          {width}
          {/* In the stage's toolbar short of room, the width alone (its title keeps the height). */}
          <span className={WHEN_SHORT.screenHeight}> × {screen.height}</span> <span aria-hidden="true">▾</span>
        </button>
        {open ? (
          <div role="menu" aria-label="Page width" className="absolute left-0 z-30 mt-1 w-56 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
            {widthChoices(screenshotWidth, inputWidths.map((i) => i.css)).map((w) => (
              <button
                key={w}
                type="button"
                role="menuitemradio"
                aria-checked={w === width}
                className="flex w-full items-center justify-between rounded-md px-2 py-1.5 text-left hover:bg-zinc-100 aria-checked:font-medium dark:hover:bg-zinc-800"
                onClick={() => {
                  choose(w === screenshotWidth ? null : w);
                }}
              >
                <span className="tabular-nums">{w} px</span>
                <span className="text-xs text-zinc-500">{widthNote(w, screenshotWidth, inputWidths)}</span>
              </button>
            ))}
            <form
              className="mt-1 flex items-center gap-1 border-t border-zinc-200 px-1 pt-2 dark:border-zinc-700"
              onSubmit={(e) => {
                e.preventDefault();
                const w = parseWidth(custom);
                if (w === null) {
                  setInvalid(true);
                  return;
                }
                setInvalid(false);
                setCustom("");
                choose(w === screenshotWidth ? null : w);
              }}
            >
              <input
                aria-label="Custom width in px"
                placeholder="Other width…"
                className="w-full rounded border border-zinc-300 bg-white px-1.5 py-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
                value={custom}
                onChange={(e) => {
                  setCustom(e.target.value);
                  setInvalid(false);
                }}
              />
              <button type="submit" className="rounded px-2 py-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800">
                Set
              </button>
            </form>
            {invalid ? <p className="px-2 pt-1 text-xs text-red-600">Type a width from 320 to 3840 px.</p> : null}
          </div>
        ) : null}
      </div>
      {/* In the stage's toolbar at its most cramped, − and + go: the zoom's own button still
          switches between fitted and 100 %, and the + and − keys still step. */}
      <button type="button" className={`${pill} ${WHEN_SHORT.zoomStep}`} aria-label="Zoom out" title="Zoom out" onClick={() => {
        onZoom(stepZoom(scale, -1));
      }}>
        −
      </button>
      <button
        type="button"
        className={`${pill} min-w-14 justify-center`}
        aria-label={zoom === "fit" ? `Zoom ${percent(scale)}, fitted; show at 100 %` : `Zoom ${percent(scale)}; fit to the pane`}
        title={zoom === "fit" ? "Fitted to the pane · click for 100 % (Shift+0)" : "Fit to the pane (Shift+1)"}
        data-testid="preview-zoom"
        onClick={() => {
          onZoom(zoom === "fit" ? 1 : "fit");
        }}
      >
        {zoom === "fit" ? `Fit ${percent(scale)}` : percent(scale)}
      </button>
      <button type="button" className={`${pill} ${WHEN_SHORT.zoomStep}`} aria-label="Zoom in" title="Zoom in" onClick={() => {
        onZoom(stepZoom(scale, 1));
      }}>
        +
      </button>
    </div>
  );
}

/** What a width in the menu is: one the page was handed over at, the screenshot's, or a screen. */
function widthNote(w: number, screenshotWidth: number | null, inputWidths: readonly { css: number; label: string }[]): string {
  const input = inputWidths.find((i) => i.css === w);
  if (input) return `${input.label.split(" ")[0]?.toLowerCase() ?? ""} screenshot`;
  return w === screenshotWidth ? "the screenshot" : w === 1280 ? "laptop" : w === 1024 ? "small laptop" : w === 1920 ? "full HD" : "desktop";
}
