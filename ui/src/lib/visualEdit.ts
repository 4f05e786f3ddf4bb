// Visual editing: the messages the preview's bridge sends (untrusted: an exact shape of
// bounded values or nothing), the queue of changes with undo/redo, and the batch the Save
// button sends to Rust. Pure logic; the panel and the frame use it.
import type { FileVisualEdits, StyleProperty } from "../ipc";

/** A clicked element as the page describes it. */
export interface PickedElement {
  key: number;
  node: number | null;
  /** In a project page: where the element is written (`src/components/Card.tsx:12:7`); `file` is its path. */
  loc: string | null;
  source: string;
  file: string;
  tag: string;
  className: string;
  text: string;
  editableText: boolean;
  styles: Record<string, string>;
}

export interface PickMessage {
  additive: boolean;
  element: PickedElement;
  palette: string[];
}

export type ChangeSpec = { kind: "style"; property: StyleProperty; value: string } | { kind: "text"; text: string };

/** One step of the queue: one change applied to one or several elements. */
export interface QueuedChange {
  targets: PickedElement[];
  change: ChangeSpec;
  /** Steps of one gesture (a colour dragged in the picker) are one change: the last replaces the rest. */
  gesture?: string;
}

export interface EditQueue {
  done: QueuedChange[];
  undone: QueuedChange[];
}

export const EMPTY_QUEUE: EditQueue = { done: [], undone: [] };

const CSS_NAMES: Record<StyleProperty, string> = {
  color: "color",
  background_color: "background-color",
  font_size: "font-size",
  font_weight: "font-weight",
  line_height: "line-height",
  letter_spacing: "letter-spacing",
  margin_top: "margin-top",
  margin_right: "margin-right",
  margin_bottom: "margin-bottom",
  margin_left: "margin-left",
  padding_top: "padding-top",
  padding_right: "padding-right",
  padding_bottom: "padding-bottom",
  padding_left: "padding-left",
  gap: "gap",
  width: "width",
  height: "height",
  border_radius: "border-radius",
  border_width: "border-width",
  border_color: "border-color",
  shadow: "box-shadow",
  text_align: "text-align",
  align_items: "align-items",
  justify_content: "justify-content",
  display: "display",
  flex_direction: "flex-direction",
};

export function cssName(property: StyleProperty): string {
  return CSS_NAMES[property];
}

/** Tailwind's shadows, for the live preview (the source gets the preset's class). */
export const SHADOWS: Record<string, string> = {
  none: "none",
  sm: "0 1px 2px 0 rgb(0 0 0 / 0.05)",
  md: "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
  lg: "0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)",
  xl: "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
  "2xl": "0 25px 50px -12px rgb(0 0 0 / 0.25)",
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;
const HEX = /^#[0-9a-f]{3,8}$/i;

/** `path:line:column` with a project path (no colon, no `..`), 1-based numbers. */
const LOC = /^([^:]{1,200}):([1-9]\d{0,6}):([1-9]\d{0,6})$/;

function parseElement(v: unknown): PickedElement | null {
  if (!isObject(v)) return null;
  const { key, node, source, file, tag, text, styles, editable_text: editableText } = v;
  // Absent on pages of single-file stacks.
  const loc = v.loc ?? null;
  if (loc !== null && (typeof loc !== "string" || LOC.exec(loc)?.[1] !== file)) return null;
  const className = v.class;
  if (typeof key !== "number" || !Number.isInteger(key) || key < 1) return null;
  if (node !== null && (typeof node !== "number" || !Number.isInteger(node) || node < 0)) return null;
  if (!str(source, 64) || !/^[0-9a-f]*$/.test(source)) return null;
  if (!str(file, 500) || file.includes("..") || !file) return null;
  if (!str(tag, 64) || !/^[a-z][a-z0-9-]*$/.test(tag)) return null;
  if (!str(className, 2000) || !str(text, 500) || typeof editableText !== "boolean" || !isObject(styles)) return null;
  const clean: Record<string, string> = {};
  for (const [k, value] of Object.entries(styles).slice(0, 40)) {
    if (/^[a-z-]{1,32}$/.test(k) && str(value, 300)) clean[k] = value;
  }
  return { key, node, loc, source, file, tag, className, text, editableText, styles: clean };
}

export function parsePickMessage(data: unknown): PickMessage | null {
  if (!isObject(data) || data.type !== "s2c-pick" || typeof data.additive !== "boolean" || !Array.isArray(data.palette)) return null;
  const element = parseElement(data.element);
  if (!element) return null;
  const palette = data.palette.filter((c): c is string => typeof c === "string" && HEX.test(c)).slice(0, 12);
  return { additive: data.additive, element, palette };
}

export function parseTextMessage(data: unknown): { key: number; text: string } | null {
  if (!isObject(data) || data.type !== "s2c-text") return null;
  const { key, text } = data;
  if (typeof key !== "number" || !Number.isInteger(key) || !str(text, 10_000)) return null;
  return { key, text };
}

/** The page's answer to a double-click on an element that holds no plain text. */
export function isTextRefused(data: unknown): boolean {
  return isObject(data) && data.type === "s2c-edit-text-refused";
}

export function editModeMessage(on: boolean) {
  return { type: "s2c-edit-mode", on };
}

/** What the bridge shows: every queued change, in order, as inline styles or text. */
export function applyMessage(queue: EditQueue) {
  const changes = queue.done.flatMap(({ targets, change }) =>
    targets.map((t) =>
      change.kind === "text"
        ? { key: t.key, text: change.text }
        : { key: t.key, property: cssName(change.property), value: change.property === "shadow" ? (SHADOWS[change.value] ?? "none") : change.value },
    ),
  );
  return { type: "s2c-edit-apply", changes };
}

export function pickedMessage(targets: PickedElement[]) {
  return { type: "s2c-edit-picked", keys: targets.map((t) => t.key) };
}

export function push(queue: EditQueue, change: QueuedChange): EditQueue {
  const last = queue.done[queue.done.length - 1];
  const sameGesture =
    change.gesture !== undefined &&
    last?.gesture === change.gesture &&
    last.targets.length === change.targets.length &&
    last.targets.every((t, i) => t.key === change.targets[i]?.key);
  const done = sameGesture ? queue.done.slice(0, -1) : queue.done;
  return { done: [...done, change], undone: [] };
}

export function undo(queue: EditQueue): EditQueue {
  const last = queue.done[queue.done.length - 1];
  return last ? { done: queue.done.slice(0, -1), undone: [...queue.undone, last] } : queue;
}

export function redo(queue: EditQueue): EditQueue {
  const next = queue.undone[queue.undone.length - 1];
  return next ? { done: [...queue.done, next], undone: queue.undone.slice(0, -1) } : queue;
}

/** How many element edits a queue holds (the version's name counts these). */
export function editCount(queue: EditQueue): number {
  return queue.done.reduce((n, c) => n + c.targets.length, 0);
}

/** The batch for `project_visual_edit`, grouped by file in the order of the changes. In a project
 * each element's file is the one it is written in (a Card's element goes to Card.tsx, whichever
 * page shows it), and its `loc` tells the core where in that file. */
export function toFileEdits(queue: EditQueue): FileVisualEdits[] {
  const files = new Map<string, FileVisualEdits>();
  for (const { targets, change } of queue.done) {
    for (const t of targets) {
      const id = `${t.file}\n${t.source}`;
      let file = files.get(id);
      if (!file) {
        file = { path: t.file, source_hash: t.source, edits: [] };
        files.set(id, file);
      }
      file.edits.push({ target: { node: t.node, loc: t.loc, tag: t.tag, class: t.className, text: t.text }, change });
    }
  }
  return [...files.values()];
}

/** The value the panel shows for a property: the last queued one, else the page's computed one. */
export function currentValue(queue: EditQueue, element: PickedElement, property: StyleProperty): string {
  for (const { targets, change } of [...queue.done].reverse()) {
    if (change.kind === "style" && change.property === property && targets.some((t) => t.key === element.key)) return change.value;
  }
  const computed = element.styles[property === "border_width" ? "border-top-width" : property === "border_color" ? "border-top-color" : cssName(property)] ?? "";
  return roundedPx(computed);
}

/** A computed length as the panel shows it: layout leaves fractions of a pixel nobody typed
 *  ("95.578125px" → "95.58px", "23.9999px" → "24px"). Values the user typed are never rounded
 *  (they come from the queue), and a field left as shown queues no change. */
export function roundedPx(value: string): string {
  return value.replace(/-?\d+\.\d{3,}(?=px\b)/g, (n) => String(Number(Number(n).toFixed(2))));
}

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A queued change's element as the list before Save names it: its tag, its text, its file. */
export function describeTarget(target: PickedElement): string {
  const text = target.text ? ` “${shorten(target.text, 32)}”` : target.className ? ` .${shorten(target.className.split(/\s+/)[0] ?? "", 24)}` : "";
  return `<${target.tag}>${text} in ${target.file}`;
}

/** A queued change as the list before Save says it. */
export function describeChange(change: ChangeSpec): string {
  return change.kind === "text" ? `Text → “${shorten(change.text.replace(/\s+/g, " "), 60)}”` : `${cssName(change.property)}: ${change.value}`;
}
