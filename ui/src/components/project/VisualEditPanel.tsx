// The properties panel of visual editing: what the picked element(s) look like, and fields that
// queue a change (shown live in the preview, written to the source on Save as one version).
import { useState } from "react";
import type { StyleProperty } from "../../ipc";
import { currentValue, editCount, SHADOWS, type ChangeSpec, type EditQueue, type PickedElement } from "../../lib/visualEdit";
import { ghostButtonClass } from "../common/ui";
import { VisualEditChanges } from "./VisualEditChanges";
import { ColorField } from "./ColorField";

interface Props {
  targets: PickedElement[];
  palette: string[];
  queue: EditQueue;
  saving: boolean;
  error: string | null;
  onChange: (change: ChangeSpec, gesture?: string) => void;
  /** The colour property the eyedropper is picking for, if any. */
  eyedropper: StyleProperty | null;
  /** The colour property whose pixel is being read off the page. */
  sampling: StyleProperty | null;
  onEyedropper: (property: StyleProperty) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onDiscard: () => void;
  onClose: () => void;
}

const LENGTHS: [StyleProperty, string][] = [
  ["font_size", "Font size"],
  ["line_height", "Line height"],
  ["letter_spacing", "Letter spacing"],
  ["gap", "Gap"],
  ["width", "Width"],
  ["height", "Height"],
  ["border_radius", "Radius"],
  ["border_width", "Border width"],
];
const SIDES = ["top", "right", "bottom", "left"] as const;
const CHOICES: [StyleProperty, string, string[]][] = [
  ["font_weight", "Weight", ["100", "200", "300", "400", "500", "600", "700", "800", "900"]],
  ["shadow", "Shadow", Object.keys(SHADOWS)],
  ["text_align", "Text align", ["left", "center", "right", "justify"]],
  ["display", "Display", ["block", "inline", "inline-block", "flex", "inline-flex", "grid", "none"]],
  ["flex_direction", "Direction", ["row", "column", "row-reverse", "column-reverse"]],
  ["align_items", "Align items", ["flex-start", "center", "flex-end", "stretch", "baseline"]],
  ["justify_content", "Justify", ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]],
];
const COLORS: [StyleProperty, string][] = [
  ["color", "Text colour"],
  ["background_color", "Background"],
  ["border_color", "Border colour"],
];

const fieldClass = "w-full rounded border border-zinc-300 bg-white px-1.5 py-0.5 text-xs tabular-nums dark:border-zinc-700 dark:bg-zinc-900";

/** A typed length: a bare number means px (a unitless line height stays unitless). */
export function normalizeLength(property: StyleProperty, raw: string): string | null {
  const v = raw.trim();
  if (v === "auto" || v === "100%") return v;
  if (/^-?\d*\.?\d+$/.test(v)) return property === "line_height" && Number(v) < 5 ? v : `${String(Number(v))}px`;
  if (/^-?\d*\.?\d+(px|rem|em|%)$/.test(v)) return v;
  return null;
}

function LengthInput({ label, value, onCommit }: { label: string; value: string; onCommit: (v: string) => void }) {
  // Keyed by `value` where it is used: a new value starts a new draft.
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  return (
    <input
      aria-label={label}
      className={fieldClass}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") commit();
      }}
    />
  );
}

export function VisualEditPanel({ targets, palette, queue, saving, error, onChange, eyedropper, sampling, onEyedropper, onUndo, onRedo, onSave, onDiscard, onClose }: Props) {
  const first = targets[targets.length - 1];
  const [invalid, setInvalid] = useState<string | null>(null);
  const count = editCount(queue);
  const value = (p: StyleProperty) => (first ? currentValue(queue, first, p) : "");
  const length = (property: StyleProperty, label: string) => (
    <label key={property} className="flex flex-col gap-0.5 text-[11px] text-zinc-500">
      {label}
      <LengthInput
        key={`${String(first?.key)}:${value(property)}`}
        label={label}
        value={value(property)}
        onCommit={(raw) => {
          const v = normalizeLength(property, raw);
          if (v === null) {
            setInvalid(`${label}: type a number (px), or a value like 1.5rem`);
            return;
          }
          setInvalid(null);
          onChange({ kind: "style", property, value: v });
        }}
      />
    </label>
  );

  return (
    <section aria-label="Properties" className="flex h-full flex-col gap-3 overflow-y-auto p-3 text-sm">
      <div className="flex items-center gap-2">
        <span className="font-medium whitespace-nowrap">Visual edit</span>
        <span className="truncate text-xs text-zinc-500" data-testid="visual-targets">
          {targets.length === 0 ? "Click an element · Shift-click adds" : targets.length === 1 ? `<${first?.tag ?? ""}>` : `${String(targets.length)} elements`}
        </span>
        <button type="button" className={`${ghostButtonClass} ml-auto`} onClick={onClose} aria-label="Close visual edit">
          ✕
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" className={ghostButtonClass} disabled={queue.done.length === 0} onClick={onUndo} title="Undo (Ctrl/Cmd+Z)">
          Undo
        </button>
        <button type="button" className={ghostButtonClass} disabled={queue.undone.length === 0} onClick={onRedo} title="Redo (Shift+Ctrl/Cmd+Z)">
          Redo
        </button>
        <button type="button" className={ghostButtonClass} disabled={count === 0 || saving} onClick={onDiscard}>
          Discard
        </button>
        <button
          type="button"
          className="ml-auto rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-white disabled:opacity-50"
          disabled={count === 0 || saving}
          onClick={onSave}
        >
          {saving ? "Saving…" : `Save ${String(count)} change${count === 1 ? "" : "s"}`}
        </button>
      </div>
      <VisualEditChanges queue={queue} />
      {error ? (
        <p role="alert" className="rounded bg-red-50 p-2 text-xs text-red-700 dark:bg-red-950 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {invalid ? (
        <p role="alert" className="text-xs text-red-600">
          {invalid}
        </p>
      ) : null}
      {first ? (
        <>
          {targets.length === 1 && first.editableText ? (
            <label className="flex flex-col gap-0.5 text-[11px] text-zinc-500">
              Text (or double-click it in the preview)
              <textarea
                key={first.key}
                aria-label="Text"
                className={fieldClass}
                rows={2}
                defaultValue={first.text}
                onBlur={(e) => {
                  const text = e.currentTarget.value;
                  if (text !== first.text) onChange({ kind: "text", text });
                }}
              />
            </label>
          ) : null}
          {COLORS.map(([property, label]) => (
            <ColorField
              key={property}
              label={label}
              value={value(property)}
              palette={palette}
              eyedropperActive={eyedropper === property}
              sampling={sampling === property}
              onEyedropper={() => {
                onEyedropper(property);
              }}
              onChange={(hex, gesture) => {
                onChange({ kind: "style", property, value: hex }, gesture);
              }}
            />
          ))}
          <div className="grid grid-cols-2 gap-2">{LENGTHS.map(([p, l]) => length(p, l))}</div>
          {(["margin", "padding"] as const).map((box) => (
            <fieldset key={box} className="grid grid-cols-4 gap-1">
              <legend className="text-[11px] text-zinc-500">{box === "margin" ? "Margin" : "Padding"}</legend>
              {SIDES.map((side) => length(`${box}_${side}`, `${box === "margin" ? "Margin" : "Padding"} ${side}`))}
            </fieldset>
          ))}
          <div className="grid grid-cols-2 gap-2">
            {CHOICES.map(([property, label, options]) => (
              <label key={property} className="flex flex-col gap-0.5 text-[11px] text-zinc-500">
                {label}
                <select
                  aria-label={label}
                  className={fieldClass}
                  value={options.includes(value(property)) ? value(property) : ""}
                  onChange={(e) => {
                    onChange({ kind: "style", property, value: e.target.value });
                  }}
                >
                  <option value="" disabled>
                    —
                  </option>
                  {options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
