// CodeMirror 6, set up for one generated file: the language from its extension, the app's
// colours (token classes styled in styles.css for light and dark), and Mod-s to save.
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { css } from "@codemirror/lang-css";
import { html } from "@codemirror/lang-html";
import { javascript } from "@codemirror/lang-javascript";
import { bracketMatching, foldGutter, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import { classHighlighter } from "@lezer/highlight";

/** The language of a file from its extension (plain text when unknown). */
export function languageFor(path: string): Extension {
  const ext = path.split(".").pop()?.toLowerCase() ?? "";
  if (ext === "css") return css();
  if (ext === "js" || ext === "mjs") return javascript();
  if (ext === "jsx") return javascript({ jsx: true });
  if (ext === "ts" || ext === "tsx") return javascript({ jsx: ext === "tsx", typescript: true });
  if (ext === "html" || ext === "htm" || ext === "vue") return html();
  return [];
}

const appTheme = EditorView.theme({
  "&": { height: "100%", fontSize: "12.5px", backgroundColor: "transparent", color: "inherit" },
  ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", lineHeight: "1.55" },
  ".cm-gutters": { backgroundColor: "transparent", border: "none", color: "var(--cm-gutter)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "var(--cm-active-line)" },
  "&.cm-focused": { outline: "none" },
  ".cm-cursor": { borderLeftColor: "var(--cm-cursor)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": { backgroundColor: "var(--cm-selection) !important" },
});

/** Everything but the language, which the editor adds once it is on screen (CodeEditor). */
export function editorExtensions(readOnly: boolean, onSave: () => boolean, onChange: () => void): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    highlightActiveLine(),
    syntaxHighlighting(classHighlighter),
    keymap.of([{ key: "Mod-s", run: onSave, preventDefault: true }, indentWithTab, ...defaultKeymap, ...historyKeymap]),
    appTheme,
    EditorState.readOnly.of(readOnly),
    EditorView.editable.of(!readOnly),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && u.transactions.some((t) => t.isUserEvent("input") || t.isUserEvent("delete") || t.isUserEvent("undo") || t.isUserEvent("redo") || t.isUserEvent("move"))) onChange();
    }),
  ];
}
