// Visual editing's state for one shown variant: on/off, the picked elements, the queue of
// changes with undo/redo (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z), and Save as one version.
import { useCallback, useEffect, useMemo, useState } from "react";
import { errorMessage, type VersionInfo } from "../ipc";
import { projectVisualEdit } from "../ipc/projects";
import { EMPTY_QUEUE, push, redo, toFileEdits, undo, type ChangeSpec, type EditQueue, type PickedElement, type PickMessage } from "../lib/visualEdit";

interface Target {
  projectId: string;
  versionId: number | null;
  variantId: number | null;
}

export function useVisualEdit({ projectId, versionId, variantId }: Target, onSaved: (v: VersionInfo) => void) {
  const [on, setOn] = useState(false);
  const [queue, setQueue] = useState<EditQueue>(EMPTY_QUEUE);
  const [targets, setTargets] = useState<PickedElement[]>([]);
  const [palette, setPalette] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = useCallback(() => {
    setQueue(EMPTY_QUEUE);
    setTargets([]);
    setError(null);
  }, []);
  // Another version or option on screen: its elements are not these (reset while rendering,
  // React's pattern for state that follows a prop).
  const shown = `${String(versionId)}/${String(variantId)}`;
  const [shownFor, setShownFor] = useState(shown);
  if (shownFor !== shown) {
    setShownFor(shown);
    setQueue(EMPTY_QUEUE);
    setTargets([]);
    setError(null);
  }

  const change = useCallback(
    (spec: ChangeSpec) => {
      if (targets.length === 0) return;
      setQueue((q) => push(q, { targets, change: spec }));
    },
    [targets],
  );
  const onPick = useCallback((p: PickMessage) => {
    setPalette(p.palette);
    setError(null);
    setTargets((t) => (p.additive ? (t.some((x) => x.key === p.element.key) ? t : [...t, p.element]) : [p.element]));
  }, []);
  const onText = useCallback(
    (key: number, text: string) => {
      const target = targets.find((t) => t.key === key);
      if (!target || text === target.text) return;
      setQueue((q) => push(q, { targets: [target], change: { kind: "text", text } }));
    },
    [targets],
  );

  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      const field = e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName);
      if (e.key === "Escape" && !field) setOn(false);
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "z" && !field) {
        e.preventDefault();
        setQueue((q) => (e.shiftKey ? redo(q) : undo(q)));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [on]);

  const save = useCallback(async () => {
    if (versionId === null) return;
    setSaving(true);
    const r = await projectVisualEdit(projectId, versionId, variantId, toFileEdits(queue));
    setSaving(false);
    if (r.status === "error") {
      setError(errorMessage(r.error));
      return;
    }
    reset();
    onSaved(r.data);
  }, [projectId, versionId, variantId, queue, reset, onSaved]);

  const frameEdit = useMemo(() => (on ? { queue, targets, onPick, onText } : null), [on, queue, targets, onPick, onText]);
  return {
    on,
    setOn: (next: boolean) => {
      setOn(next);
      if (!next) reset();
    },
    frameEdit,
    panel: {
      targets,
      palette,
      queue,
      saving,
      error,
      onChange: change,
      onUndo: () => {
        setQueue(undo);
      },
      onRedo: () => {
        setQueue(redo);
      },
      onSave: () => void save(),
      onDiscard: reset,
    },
  };
}
