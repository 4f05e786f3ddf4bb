// CodeMirror for one file. Opening the Code view on a 300 KB page while options write held the
// window's thread for 200–400 ms (docs/PERFORMANCE.md, "Ninth pass"): the view, the language's
// first parse, and then an append — each with up to 20 ms of parsing — for every update of the
// file being written, ten a second. So the text is drawn first and its language comes in a task
// of its own, and a file being written is brought up to date at most twice a second.
import "../../lib/idleCallback";
import { useEffect, useRef } from "react";
import { useLatest } from "../../hooks/useLatest";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { editorExtensions, languageFor } from "../../lib/editorSetup";

/** How often a file being written (read-only, growing) is brought up to date in the editor. */
export const STREAM_APPEND_MS = 500;
/** The language comes after the first frame, or after this long when frames stall. */
const LANGUAGE_TIMEOUT_MS = 250;

interface Props {
  path: string;
  /** The file as the app knows it; streamed text is appended, not re-set. */
  doc: string;
  readOnly: boolean;
  /** The text after a user edit, or null when the file was reset from outside. */
  onEdit: (content: string | null) => void;
  onSave: (content: string) => void;
}

/** A few lines of a page, for the rehearsal. */
const REHEARSAL_DOC = '<!DOCTYPE html>\n<html lang="en">\n<head>\n  <style>body { margin: 0 }</style>\n</head>\n<body class="p-4">\n  <h1>Hello</h1>\n  <script>const a = 1;</script>\n</body>\n</html>\n';

/** Takes the rehearsal's editor away, if it is still there. */
let endRehearsal: (() => void) | null = null;

/**
 * Draw a throwaway editor once, out of sight, and take it away after its first frame: the
 * editor's styles are in the document and its code has run once before the Code view first
 * opens (that opening's frames after the first were ~110–130 ms, then ~50–85: PERFORMANCE.md,
 * tenth pass). Its language still parses a long file's top in the first frame. A real editor
 * that opens before that frame ends it: the page never holds two editors (a busy window's
 * frame can come late, and anything looking for the editor found the throwaway too).
 */
export function rehearseEditor(): void {
  endRehearsal?.();
  const host = document.createElement("div");
  host.setAttribute("aria-hidden", "true");
  host.style.cssText = "position:fixed;left:-10000px;top:0;width:480px;height:240px;overflow:hidden;pointer-events:none";
  document.body.appendChild(host);
  const editor = new EditorView({
    parent: host,
    state: EditorState.create({ doc: REHEARSAL_DOC, extensions: [editorExtensions(true, () => true, () => undefined), languageFor("index.html")] }),
  });
  const end = () => {
    if (endRehearsal !== end) return;
    endRehearsal = null;
    editor.destroy();
    host.remove();
  };
  endRehearsal = end;
  requestAnimationFrame(() => {
    setTimeout(end, 0);
  });
}

export function CodeEditor({ path, doc, readOnly, onEdit, onSave }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useLatest({ onEdit, onSave });
  const docRef = useRef(doc);
  const lastAppend = useRef(Number.NEGATIVE_INFINITY);
  const pendingAppend = useRef<number | null>(null);

  useEffect(() => {
    if (!host.current) return;
    endRehearsal?.();
    const language = new Compartment();
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: docRef.current,
        extensions: [
          language.of([]),
          editorExtensions(
            readOnly,
            () => {
              handlers.current.onSave(editor.state.doc.toString());
              return true;
            },
            () => {
              handlers.current.onEdit(editor.state.doc.toString());
            },
          ),
        ],
      }),
    });
    view.current = editor;
    const idle = window.requestIdleCallback(
      () => {
        editor.dispatch({ effects: language.reconfigure(languageFor(path)) });
      },
      { timeout: LANGUAGE_TIMEOUT_MS },
    );
    return () => {
      window.cancelIdleCallback(idle);
      editor.destroy();
      view.current = null;
    };
  }, [path, readOnly, handlers]);

  // New content from outside (streaming, a reload after save): append when it only grew.
  useEffect(() => {
    const previous = docRef.current;
    docRef.current = doc;
    const bringUpToDate = () => {
      pendingAppend.current = null;
      const editor = view.current;
      if (!editor) return;
      const latest = docRef.current;
      const current = editor.state.doc.toString();
      if (current === latest) return;
      const from = latest.startsWith(current) ? current.length : 0;
      lastAppend.current = performance.now();
      editor.dispatch({ changes: { from, to: current.length, insert: latest.slice(from) } });
      handlers.current.onEdit(null);
    };
    const editor = view.current;
    if (!editor) return;
    if (!readOnly) {
      if (pendingAppend.current !== null) window.clearTimeout(pendingAppend.current);
      pendingAppend.current = null;
      if (editor.state.doc.toString() !== previous) return; // the user's unsaved edits win
      bringUpToDate();
      return;
    }
    // Read-only: a file being written. It grows in many small steps; it is shown in a few.
    if (pendingAppend.current !== null) return;
    const wait = lastAppend.current + STREAM_APPEND_MS - performance.now();
    if (wait <= 0) bringUpToDate();
    else pendingAppend.current = window.setTimeout(bringUpToDate, wait);
  }, [doc, readOnly, handlers]);

  useEffect(
    () => () => {
      if (pendingAppend.current !== null) window.clearTimeout(pendingAppend.current);
    },
    [],
  );

  return <div ref={host} className="size-full overflow-hidden select-text" data-testid="code-editor" />;
}
