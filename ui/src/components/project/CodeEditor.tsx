import { useEffect, useRef } from "react";
import { useLatest } from "../../hooks/useLatest";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { editorExtensions } from "../../lib/editorSetup";

interface Props {
  path: string;
  /** The file as the app knows it; streamed text is appended, not re-set. */
  doc: string;
  readOnly: boolean;
  /** The text after a user edit, or null when the file was reset from outside. */
  onEdit: (content: string | null) => void;
  onSave: (content: string) => void;
}

export function CodeEditor({ path, doc, readOnly, onEdit, onSave }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useLatest({ onEdit, onSave });
  const docRef = useRef(doc);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: docRef.current,
        extensions: editorExtensions(
          path,
          readOnly,
          () => {
            handlers.current.onSave(editor.state.doc.toString());
            return true;
          },
          () => {
            handlers.current.onEdit(editor.state.doc.toString());
          },
        ),
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [path, readOnly, handlers]);

  // New content from outside (streaming, a reload after save): append when it only grew.
  useEffect(() => {
    const editor = view.current;
    const previous = docRef.current;
    docRef.current = doc;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === doc) return;
    if (!readOnly && current !== previous) return; // the user's unsaved edits win
    const from = doc.startsWith(current) ? current.length : 0;
    editor.dispatch({ changes: { from, to: current.length, insert: doc.slice(from) } });
    handlers.current.onEdit(null);
  }, [doc, readOnly, handlers]);

  return <div ref={host} className="size-full overflow-hidden select-text" data-testid="code-editor" />;
}
