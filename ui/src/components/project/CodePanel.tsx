// The selected variant's files in the editor: read-only while the agent writes them, editable
// after; Ctrl/Cmd+S saves a new version. A project's files are a tree beside the editor; the
// app's own files stay read-only, and a file that is not text is named, not shown.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { writeText } from "@tauri-apps/plugin-clipboard-manager";
import { errorMessage, type VersionInfo } from "../../ipc";
import { projectReadFile, projectSaveFile } from "../../ipc/projects";
import { isRunning, visibleFiles } from "../../lib/agentEvents";
import { loadCodeEditor } from "../../lib/codeEditorModule";
import { readableCode } from "../../lib/formatCss";
import type { VariantDisplay } from "../../lib/variantDisplay";
import { firstFile, isTextFile, readOnlyReason, sizeLabel } from "../../lib/fileTree";
import { Icon } from "../common/Icon";
import { FileTree } from "./FileTree";
import { ghostButtonClass, primaryButtonClass } from "../common/ui";

// CodeMirror is most of the bundle: loaded apart, ahead of the Code tab (lib/codeEditorModule).
const CodeEditor = lazy(() => loadCodeEditor().then((m) => ({ default: m.CodeEditor })));

interface Props {
  projectId: string;
  versionId: number | null;
  variant: VariantDisplay;
  onSaved: (version: VersionInfo) => void;
  onMessage: (text: string, error?: boolean) => void;
  /** A project variant: its files as a tree, images and fonts listed too. */
  project?: boolean;
}

export function CodePanel({ projectId, versionId, variant, onSaved, onMessage, project = false }: Props) {
  const streaming = variant.live !== null && isRunning(variant.live.status);
  const liveFiles = useMemo(() => (variant.live ? visibleFiles(variant.live) : null), [variant.live]);
  const storedFiles = useMemo(() => (variant.stored?.files ?? []).filter((f) => project || isTextFile(f.path)), [variant.stored, project]);
  const storedPaths = useMemo(() => storedFiles.map((f) => f.path), [storedFiles]);
  const paths = useMemo(() => {
    const fromLive = liveFiles ? Object.keys(liveFiles) : [];
    const all = streaming || storedPaths.length === 0 ? fromLive : storedPaths;
    return [...all].sort((a, b) => (a === "index.html" ? -1 : b === "index.html" ? 1 : a.localeCompare(b)));
  }, [liveFiles, storedPaths, streaming]);
  const [path, setPath] = useState<string | null>(null);
  const current = path !== null && paths.includes(path) ? path : project ? firstFile(paths) : (paths[0] ?? null);
  const textual = current !== null && isTextFile(current);
  const locked = project && current !== null ? readOnlyReason(current) : null;
  const [loaded, setLoaded] = useState<{ key: string; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);

  const useStored = !streaming && storedPaths.length > 0 && variant.variantId !== null && versionId !== null;
  const loadKey = `${versionId ?? ""}/${variant.variantId ?? ""}/${current ?? ""}`;
  useEffect(() => {
    if (!useStored || current === null || !textual) return;
    let alive = true;
    void projectReadFile(projectId, versionId, variant.variantId, current).then((r) => {
      if (!alive) return;
      if (r.status === "ok") setLoaded({ key: loadKey, text: r.data.text ?? "" });
      else onMessage(errorMessage(r.error), true);
    });
    return () => {
      alive = false;
    };
  }, [useStored, projectId, versionId, variant.variantId, current, textual, loadKey, onMessage]);

  const stored = useStored ? (loaded?.key === loadKey ? loaded.text : null) : null;
  // Packed CSS (a minified stylesheet, an imported page) is laid out for reading; saving keeps
  // what the editor shows, and Ctrl/⌘+S without an edit saves nothing.
  const readable = useMemo(() => (stored !== null && current !== null ? readableCode(current, stored) : null), [stored, current]);
  const doc = useStored ? (readable ?? stored) : current !== null ? (liveFiles?.[current] ?? "") : null;
  const dirty = draft !== null && draft !== doc;
  const canEdit = locked === null && textual && !streaming && variant.variantId !== null && versionId !== null && (variant.status === "complete" || variant.status === "truncated" || variant.status === "interrupted" || variant.status === "cancelled");

  async function save(content: string) {
    if (!canEdit || saving) return;
    if (content === doc) {
      // Ctrl/⌘+S out of habit: nothing changed, so no new version.
      setDraft(null);
      onMessage("No changes to save");
      return;
    }
    setSaving(true);
    const r = await projectSaveFile(projectId, versionId, variant.variantId, current, content);
    setSaving(false);
    if (r.status === "ok") {
      setDraft(null);
      onMessage(`Saved ${current} as a new version`);
      onSaved(r.data);
    } else onMessage(errorMessage(r.error), true);
  }

  async function copy() {
    const text = draft ?? doc ?? "";
    try {
      await writeText(text);
      onMessage("Copied to the clipboard");
    } catch (e) {
      onMessage(errorMessage(e), true);
    }
  }

  if (paths.length === 0) return <p className="p-6 text-sm text-zinc-500">No code yet.</p>;
  const open = (p: string) => {
    if (p === current) return;
    // Switching files would drop the edit: it is kept until saved or undone.
    if (dirty && current !== null) {
      onMessage(`Save your changes to ${current} first (Ctrl/⌘+S), or undo them`);
      return;
    }
    setPath(p);
    setDraft(null);
  };
  const size = current !== null ? (storedFiles.find((f) => f.path === current)?.size ?? null) : null;
  const toolbar = (
    <div className="flex items-center gap-1 border-b border-zinc-200 px-2 py-1 dark:border-zinc-800">
      {project ? (
        <p className="min-w-0 flex-1 truncate px-1 font-mono text-xs text-zinc-700 dark:text-zinc-200" data-testid="code-path">
          {current}
        </p>
      ) : (
        <div role="tablist" aria-label="Files" className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
          {paths.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === current}
              className="rounded-md px-2 py-1 font-mono text-xs text-zinc-500 hover:bg-zinc-100 aria-selected:bg-zinc-100 aria-selected:text-zinc-900 dark:hover:bg-zinc-800 dark:aria-selected:bg-zinc-800 dark:aria-selected:text-zinc-100"
              onClick={() => {
                setPath(p);
                setDraft(null);
              }}
            >
              {p}
            </button>
          ))}
        </div>
      )}
      {streaming ? <span className="px-2 text-xs text-zinc-500">Writing… (read-only)</span> : dirty ? <span className="px-2 text-xs text-amber-600">Unsaved</span> : null}
      {readable !== null && !dirty ? (
        <span className="px-2 text-xs whitespace-nowrap text-zinc-500" title="The file's CSS is packed on few lines; it is shown laid out. The file is unchanged unless you edit and save." data-testid="css-formatted">
          CSS laid out for reading
        </span>
      ) : null}
      {textual ? (
        <button type="button" className={ghostButtonClass} onClick={() => void copy()}>
          <Icon name="copy" /> Copy
        </button>
      ) : null}
      {canEdit ? (
        <button type="button" className={`${primaryButtonClass} py-1`} disabled={!dirty || saving} onClick={() => void save(draft ?? doc ?? "")} title="Save (Ctrl/⌘+S)">
          {saving ? "Saving…" : "Save"}
        </button>
      ) : null}
    </div>
  );
  const body =
    current !== null && !textual ? (
      <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-zinc-500" data-testid="not-text">
        <Icon name="photo" className="size-6 text-zinc-400" />
        <p>
          <span className="font-mono text-zinc-700 dark:text-zinc-200">{current}</span> is not a text file{size !== null ? ` (${sizeLabel(size)})` : ""}: the project uses it as it is, and it cannot be edited here.
        </p>
      </div>
    ) : doc === null || current === null ? (
      <p className="p-6 text-sm text-zinc-500">Loading…</p>
    ) : (
      <Suspense fallback={<p className="p-6 text-sm text-zinc-500">Loading the editor…</p>}>
        <CodeEditor
          key={`${loadKey}:${canEdit ? "rw" : "ro"}`}
          path={current}
          doc={doc}
          readOnly={!canEdit}
          onEdit={setDraft}
          onSave={(content) => {
            setDraft(content);
            void save(content);
          }}
        />
      </Suspense>
    );
  const editor = (
    <div className="flex size-full min-w-0 flex-col">
      {toolbar}
      {locked !== null ? (
        <p className="flex items-center gap-1.5 border-b border-zinc-200 bg-zinc-50 px-3 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300" data-testid="read-only-reason">
          <Icon name="warning" className="size-3.5 shrink-0 text-zinc-400" />
          <span className="truncate" title={locked}>
            <span className="font-medium">Read-only.</span> {locked}
          </span>
        </p>
      ) : null}
      <div className="min-h-0 flex-1">{body}</div>
    </div>
  );
  if (!project) return editor;
  return (
    <div className="flex size-full min-h-0">
      <div className="w-52 shrink-0 [@media(max-width:900px)]:w-44">
        <FileTree files={useStored ? storedFiles : paths.map((p) => ({ path: p, size: null }))} current={current} onOpen={open} />
      </div>
      <div className="min-w-0 flex-1">{editor}</div>
    </div>
  );
}
