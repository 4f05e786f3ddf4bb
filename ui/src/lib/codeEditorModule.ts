// CodeMirror is most of the bundle, so the editor is a module of its own. Loaded on the Code
// tab's first click, its evaluation (the languages' parser tables, the editor's setup) made that
// click's frame the longest of a run while options write (docs/PERFORMANCE.md, tenth pass):
// it is loaded ahead instead, when nothing else is going on, once a page is on its way.

import "./idleCallback";

type CodeEditorModule = typeof import("../components/project/CodeEditor");

let loading: Promise<CodeEditorModule> | null = null;

/** The editor's module: loaded once, shared by the Code tab and the warm-up. */
export function loadCodeEditor(): Promise<CodeEditorModule> {
  loading ??= import("../components/project/CodeEditor").catch((error: unknown) => {
    // Tried again on the next use (the Code tab shows its own error if it fails there).
    loading = null;
    throw error;
  });
  return loading;
}

/** Whether the module has been asked for (tests). */
export function codeEditorRequested(): boolean {
  return loading !== null;
}

/** Load the editor when the page is idle, unless it is already loaded; returns a cancel. */
export function warmCodeEditor(): () => void {
  if (loading !== null) return () => undefined;
  const idle = window.requestIdleCallback(() => {
    loadCodeEditor().catch(() => undefined);
  });
  return () => {
    window.cancelIdleCallback(idle);
  };
}
