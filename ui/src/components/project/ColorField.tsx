// One colour of the properties panel: a swatch (over a checkerboard, so opacity shows) and the
// value as hex; the swatch opens the picker. A picker session is one change in the undo
// history, however much it was dragged.
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useDismiss } from "../../hooks/useDismiss";
import { parseColor, recentColors, rememberColor, rgbaToHsva } from "../../lib/color";
import { ColorPicker } from "./ColorPicker";

interface Props {
  label: string;
  /** The current value: a queued hex, or the page's computed colour. */
  value: string;
  palette: string[];
  onChange: (hex: string, gesture: string) => void;
  onEyedropper?: (() => void) | undefined;
  eyedropperActive: boolean;
  sampling: boolean;
}

const CHECKER = "repeating-conic-gradient(#d4d4d8 0% 25%, #fff 0% 50%) 50% / 8px 8px";
let sessions = 0;

export function ColorField({ label, value, palette, onChange, onEyedropper, eyedropperActive, sampling }: Props) {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState("");
  const [recent, setRecent] = useState<string[]>(recentColors);
  const box = useRef<HTMLDivElement>(null);
  const swatch = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  // The picker opens below its swatch, or above it when the window is too short, always inside.
  useLayoutEffect(() => {
    if (!open) return;
    const at = swatch.current?.getBoundingClientRect();
    const size = popover.current?.getBoundingClientRect();
    if (!at || !size) return;
    const below = at.bottom + 4;
    const top = below + size.height <= window.innerHeight - 8 ? below : Math.max(8, Math.min(at.top - 4 - size.height, window.innerHeight - 8 - size.height));
    setPlace({ top, left: Math.max(8, Math.min(at.left, window.innerWidth - 8 - size.width)) });
  }, [open]);
  const color = parseColor(value) ?? { r: 0, g: 0, b: 0, a: 1 };
  const hex = value && parseColor(value) ? value : "";

  // Escape closes the picker only, not visual editing; the eyedropper keeps it open.
  useDismiss(
    open && !eyedropperActive,
    box,
    () => {
      setOpen(false);
    },
    { first: true },
  );
  // It floats over the panel: scrolling the panel under it closes it.
  useEffect(() => {
    if (!open) return;
    const onScroll = (e: Event) => {
      if (!popover.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener("scroll", onScroll, true);
    return () => {
      window.removeEventListener("scroll", onScroll, true);
    };
  }, [open]);

  const shown = parseColor(hex);
  const text = shown ? `#${[shown.r, shown.g, shown.b].map((n) => n.toString(16).padStart(2, "0")).join("")}`.toUpperCase() : "—";
  return (
    <div ref={box} className="relative flex flex-col gap-1 text-[11px] text-zinc-500">
      {label}
      <div className="flex items-center gap-1.5">
        <button
          ref={swatch}
          type="button"
          aria-label={label}
          aria-expanded={open}
          aria-haspopup="dialog"
          className="h-6 w-8 shrink-0 rounded border border-zinc-300 dark:border-zinc-600"
          style={{ background: `linear-gradient(${hex || "transparent"}, ${hex || "transparent"}), ${CHECKER}` }}
          onClick={() => {
            sessions += 1;
            setSession(`${label}:${String(sessions)}`);
            setPlace(null);
            setRecent(recentColors());
            setOpen((o) => !o);
          }}
        />
        <span className="font-mono text-xs text-zinc-700 dark:text-zinc-300" data-testid={`color-value-${label}`}>
          {text}
          {shown && shown.a < 1 ? <span className="ml-1 text-zinc-500">{Math.round(shown.a * 100)} %</span> : null}
        </span>
        {sampling ? <span className="text-xs text-zinc-500">Reading the colour…</span> : eyedropperActive ? <span className="text-xs text-accent-600">Click the page…</span> : null}
      </div>
      {open ? (
        <div
          ref={popover}
          role="dialog"
          aria-label={`${label} picker`}
          className="fixed z-40 rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
          style={place ? { top: place.top, left: place.left } : { visibility: "hidden", top: 0, left: 0 }}
        >
          <ColorPicker
            label={label}
            value={rgbaToHsva(color)}
            palette={palette}
            recent={recent}
            eyedropperActive={eyedropperActive}
            onEyedropper={onEyedropper}
            onChange={(next, live) => {
              onChange(next, session);
              if (!live) setRecent(rememberColor(next));
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
