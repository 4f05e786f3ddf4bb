// CodeMirror is most of the bundle, so the editor is a module of its own. It is loaded ahead,
// when nothing else is going on, once a page is on its way, and rehearsed (a throwaway editor
// drawn once out of sight): the Code view's first opening, the longest frames of a run while
// options write, then only draws its file (docs/PERFORMANCE.md, tenth pass).
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

/** Load and rehearse the editor when the page is idle, unless it is already loaded; returns a
 *  cancel. */
export function warmCodeEditor(): () => void {
  if (loading !== null) return () => undefined;
  const idle = window.requestIdleCallback(() => {
    loadCodeEditor()
      .then((m) => {
        window.requestIdleCallback(() => {
          m.rehearseEditor();
        });
      })
      .catch(() => undefined);
  });
  return () => {
    window.cancelIdleCallback(idle);
  };
}
