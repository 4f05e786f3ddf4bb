// A colour picker a designer accepts (Figma's, in small): a saturation/brightness square, hue
// and opacity strips, a hex field and an opacity field, the page's own colours, the recent
// ones, an eyedropper over the preview, and the system dialog (opened on the current colour).
// A drag shows the colour live (`onChange(…, true)`); letting go, Enter or a swatch commits it.
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { hsvaToRgba, parseColor, rgbaToHsva, toHex, toOpaqueHex, type Hsva } from "../../lib/color";
import { Icon } from "../common/Icon";

interface Props {
  label: string;
  value: Hsva;
  palette: string[];
  recent: string[];
  /** A live step of a drag, or a committed choice. */
  onChange: (hex: string, live: boolean) => void;
  /** Picks a colour off the preview; absent where the platform cannot. */
  onEyedropper?: (() => void) | undefined;
  eyedropperActive?: boolean;
}

const CHECKER = "repeating-conic-gradient(#d4d4d8 0% 25%, #fff 0% 50%) 50% / 8px 8px";

export function ColorPicker({ label, value, palette, recent, onChange, onEyedropper, eyedropperActive = false }: Props) {
  const [hsva, setHsva] = useState(value);
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const [alphaDraft, setAlphaDraft] = useState<string | null>(null);
  const [bad, setBad] = useState(false);
  const square = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  // A new colour from outside (an undo, the eyedropper) replaces what the picker shows.
  const outside = toHex(hsvaToRgba(value));
  const [shownFor, setShownFor] = useState(outside);
  if (shownFor !== outside) {
    setShownFor(outside);
    // Our own change coming back keeps the hue a grey cannot carry.
    if (outside !== toHex(hsvaToRgba(hsva))) setHsva(value);
  }

  const hex = toHex(hsvaToRgba(hsva));
  const emit = (next: Hsva, live: boolean) => {
    setHsva(next);
    setHexDraft(null);
    setAlphaDraft(null);
    onChange(toHex(hsvaToRgba(next)), live);
  };

  const fromPointer = (e: { clientX: number; clientY: number }, live: boolean) => {
    const r = square.current?.getBoundingClientRect();
    if (!r) return;
    const s = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
    const v = 1 - Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
    emit({ ...hsva, s, v }, live);
  };

  useEffect(() => {
    const up = () => {
      dragging.current = false;
    };
    window.addEventListener("pointerup", up);
    return () => {
      window.removeEventListener("pointerup", up);
    };
  }, []);

  const commitHex = (raw: string) => {
    const c = parseColor(raw);
    if (!c) {
      setBad(true);
      return;
    }
    setBad(false);
    emit(rgbaToHsva(c), false);
  };
  const commitAlpha = (raw: string) => {
    const n = Number(raw.trim().replace(/%$/, ""));
    if (!Number.isFinite(n) || n < 0 || n > 100) {
      setBad(true);
      return;
    }
    setBad(false);
    emit({ ...hsva, a: Math.round(n) / 100 }, false);
  };

  const swatch = (c: string, title: string) => (
    <button
      key={`${title}-${c}`}
      type="button"
      aria-label={`${label} ${c}`}
      title={`${title}: ${c}`}
      className="size-5 rounded border border-zinc-300 dark:border-zinc-600"
      style={{ background: `linear-gradient(${c}, ${c}), ${CHECKER}` }}
      onClick={() => {
        commitHex(c);
      }}
    />
  );

  return (
    <div className="flex w-60 flex-col gap-2 p-2" data-testid="color-picker">
      <div
        ref={square}
        role="slider"
        tabIndex={0}
        aria-label={`${label}: saturation and brightness`}
        aria-valuetext={hex}
        aria-valuenow={Math.round(hsva.s * 100)}
        className="relative h-32 cursor-crosshair touch-none rounded-md"
        style={{ background: `linear-gradient(to top, #000, transparent), linear-gradient(to right, #fff, hsl(${String(hsva.h)} 100% 50%))` }}
        onPointerDown={(e: ReactPointerEvent<HTMLDivElement>) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          fromPointer(e, true);
        }}
        onPointerMove={(e) => {
          if (dragging.current) fromPointer(e, true);
        }}
        onPointerUp={(e) => {
          dragging.current = false;
          fromPointer(e, false);
        }}
        onKeyDown={(e) => {
          const step = e.shiftKey ? 0.1 : 0.01;
          const moves: Record<string, Partial<Hsva>> = {
            ArrowLeft: { s: Math.max(0, hsva.s - step) },
            ArrowRight: { s: Math.min(1, hsva.s + step) },
            ArrowUp: { v: Math.min(1, hsva.v + step) },
            ArrowDown: { v: Math.max(0, hsva.v - step) },
          };
          const move = moves[e.key];
          if (!move) return;
          e.preventDefault();
          emit({ ...hsva, ...move }, false);
        }}
      >
        <span
          className="pointer-events-none absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow"
          style={{ left: `${String(hsva.s * 100)}%`, top: `${String((1 - hsva.v) * 100)}%`, background: toOpaqueHex(hsvaToRgba(hsva)) }}
        />
      </div>
      <input
        type="range"
        min={0}
        max={359}
        value={Math.round(hsva.h)}
        aria-label={`${label}: hue`}
        className="s2c-strip h-3 w-full cursor-pointer appearance-none rounded-full"
        style={{ background: "linear-gradient(to right, #f00, #ff0, #0f0, #0ff, #00f, #f0f, #f00)" }}
        onChange={(e) => {
          emit({ ...hsva, h: Number(e.target.value) }, true);
        }}
        onPointerUp={() => {
          emit(hsva, false);
        }}
        onKeyUp={() => {
          emit(hsva, false);
        }}
      />
      <input
        type="range"
        min={0}
        max={100}
        value={Math.round(hsva.a * 100)}
        aria-label={`${label}: opacity`}
        className="s2c-strip h-3 w-full cursor-pointer appearance-none rounded-full"
        style={{ background: `linear-gradient(to right, transparent, ${toOpaqueHex(hsvaToRgba(hsva))}), ${CHECKER}` }}
        onChange={(e) => {
          emit({ ...hsva, a: Number(e.target.value) / 100 }, true);
        }}
        onPointerUp={() => {
          emit(hsva, false);
        }}
        onKeyUp={() => {
          emit(hsva, false);
        }}
      />
      <div className="flex items-center gap-1">
        <input
          aria-label={`${label}: hex or rgb`}
          className={`min-w-0 flex-1 rounded border px-1.5 py-1 font-mono text-xs uppercase dark:bg-zinc-900 ${bad ? "border-red-500" : "border-zinc-300 dark:border-zinc-700"}`}
          value={hexDraft ?? hex}
          spellCheck={false}
          onChange={(e) => {
            setHexDraft(e.target.value);
          }}
          onBlur={() => {
            if (hexDraft !== null) commitHex(hexDraft);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") commitHex(e.currentTarget.value);
          }}
        />
        <input
          aria-label={`${label}: opacity in percent`}
          className="w-12 rounded border border-zinc-300 px-1 py-1 text-right text-xs tabular-nums dark:border-zinc-700 dark:bg-zinc-900"
          value={alphaDraft ?? String(Math.round(hsva.a * 100))}
          onChange={(e) => {
            setAlphaDraft(e.target.value);
          }}
          onBlur={() => {
            if (alphaDraft !== null) commitAlpha(alphaDraft);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") commitAlpha(e.currentTarget.value);
          }}
        />
        <span className="text-xs text-zinc-500">%</span>
        {onEyedropper ? (
          <button
            type="button"
            aria-pressed={eyedropperActive}
            aria-label="Pick a colour from the page"
            title="Pick a colour from the page"
            className="rounded p-1 text-zinc-600 hover:bg-zinc-100 aria-pressed:bg-accent-500/15 aria-pressed:text-accent-600 dark:text-zinc-300 dark:hover:bg-zinc-800"
            onClick={onEyedropper}
          >
            <Icon name="eyedropper" className="size-4" />
          </button>
        ) : null}
        <label className="relative rounded p-1 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800" title="The system colour dialog">
          <span className="block size-4 rounded-full" style={{ background: "conic-gradient(red, yellow, lime, cyan, blue, magenta, red)" }} />
          <input
            type="color"
            aria-label={`${label}: system colour dialog`}
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={toOpaqueHex(hsvaToRgba(hsva))}
            // WebKitGTK's dialog reports its colour on `change` when it closes; others on `input`.
            onInput={(e) => {
              commitHex(`${e.currentTarget.value}${hsva.a < 1 ? toHex(hsvaToRgba(hsva)).slice(7) : ""}`);
            }}
            onChange={(e) => {
              commitHex(`${e.currentTarget.value}${hsva.a < 1 ? toHex(hsvaToRgba(hsva)).slice(7) : ""}`);
            }}
          />
        </label>
      </div>
      {bad ? <p className="text-xs text-red-600">Type a colour like #2563EB, #2563EB80 or rgb(37, 99, 235); opacity 0–100.</p> : null}
      {palette.length > 0 ? (
        <div>
          <p className="mb-1 text-[11px] text-zinc-500">On this page</p>
          <div className="flex flex-wrap gap-1" data-testid="page-colors">
            {palette.map((c) => swatch(c, "On this page"))}
          </div>
        </div>
      ) : null}
      {recent.length > 0 ? (
        <div>
          <p className="mb-1 text-[11px] text-zinc-500">Recent</p>
          <div className="flex flex-wrap gap-1" data-testid="recent-colors">
            {recent.map((c) => swatch(c, "Recent"))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
