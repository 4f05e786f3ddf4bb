// Visual editing's state for one shown variant: on/off, the picked elements, the queue of
// changes with undo/redo (Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z), and Save as one version.
import { useCallback, useEffect, useMemo, useState } from "react";
import { errorMessage, type StyleProperty, type VersionInfo } from "../ipc";
import { previewPixels } from "../ipc/generation";
import { projectVisualEdit } from "../ipc/projects";
import { rememberColor } from "../lib/color";
import { pixelAt, type Sample } from "../lib/eyedropper";
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
  // The colour property waiting for a click on the page, and whether its pixel is being read.
  const [dropper, setDropper] = useState<StyleProperty | null>(null);
  const [sampling, setSampling] = useState<StyleProperty | null>(null);

  const reset = useCallback(() => {
    setQueue(EMPTY_QUEUE);
    setTargets([]);
    setError(null);
    setDropper(null);
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
    (spec: ChangeSpec, gesture?: string) => {
      if (targets.length === 0) return;
      setQueue((q) => push(q, gesture === undefined ? { targets, change: spec } : { targets, change: spec, gesture }));
    },
    [targets],
  );
  const onSample = useCallback(
    (sample: Sample) => {
      const property = dropper;
      if (property === null || versionId === null || variantId === null) return;
      setDropper(null);
      setSampling(property);
      void previewPixels(projectId, versionId, variantId, sample.width, sample.height)
        .then(async (r) => (r.status === "ok" ? await pixelAt(r.data, sample.x, sample.y) : null))
        .then((pixel) => {
          const hex = pixel ?? sample.color;
          rememberColor(hex);
          change({ kind: "style", property, value: hex });
        })
        .finally(() => {
          setSampling(null);
        });
    },
    [dropper, projectId, versionId, variantId, change],
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
      if (e.key === "Escape" && !field) {
        if (dropper !== null) setDropper(null);
        else setOn(false);
      }
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === "z" && !field) {
        e.preventDefault();
        setQueue((q) => (e.shiftKey ? redo(q) : undo(q)));
      }
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [on, dropper]);

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

  const frameEdit = useMemo(
    () => (on ? { queue, targets, onPick, onText, eyedropper: dropper !== null, onSample } : null),
    [on, queue, targets, onPick, onText, dropper, onSample],
  );
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
      eyedropper: dropper,
      sampling,
      onEyedropper: (property: StyleProperty) => {
        setDropper((d) => (d === property ? null : property));
      },
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
