// The overlay window: the frozen screen, full size; drag a rectangle to capture it, Enter for
// the whole screen, Esc to cancel. The crop is cut in Rust from the exact pixels.
import { useCallback, useEffect, useRef, useState, type PointerEvent } from "react";
import { errorMessage } from "../../ipc";
import { captureCancel, captureFrozen, captureRegionFinish, type FrozenView } from "../../ipc/capture";
import { dragRect, isClick, wholeView, type DragSelection, type Point } from "../../lib/capture";

export function CaptureOverlay() {
  const [frozen, setFrozen] = useState<FrozenView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [start, setStart] = useState<Point | null>(null);
  const [rect, setRect] = useState<DragSelection | null>(null);
  const sending = useRef(false);

  useEffect(() => {
    void captureFrozen().then((r) => {
      if (r.status === "ok") setFrozen(r.data);
      else setMessage(errorMessage(r.error));
    });
  }, []);

  const view = () => ({ width: window.innerWidth, height: window.innerHeight });

  const finish = useCallback(async (selection: DragSelection) => {
    if (sending.current) return;
    sending.current = true;
    const r = await captureRegionFinish(selection);
    sending.current = false;
    // On success Rust closes this window; a refusal (too small) leaves it up for another try.
    if (r.status === "error") {
      setMessage(errorMessage(r.error));
      setRect(null);
    }
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") void captureCancel();
      if (e.key === "Enter") void finish(wholeView(view()));
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [finish]);

  function point(e: PointerEvent): Point {
    return { x: e.clientX, y: e.clientY };
  }

  return (
    <div
      className="fixed inset-0 cursor-crosshair select-none overflow-hidden bg-black"
      data-testid="capture-overlay"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setStart(point(e));
        setRect(null);
        setMessage(null);
      }}
      onPointerMove={(e) => {
        if (start) setRect(dragRect(start, point(e), view()));
      }}
      onPointerUp={(e) => {
        if (!start) return;
        const selection = dragRect(start, point(e), view());
        setStart(null);
        if (isClick(selection)) {
          setRect(null);
          return;
        }
        setRect(selection);
        void finish(selection);
      }}
    >
      {frozen ? <img src={frozen.data_url} alt="" draggable={false} className="pointer-events-none absolute inset-0 size-full" /> : null}
      <div className="pointer-events-none absolute inset-0 bg-black/30" />
      {rect ? (
        <div
          className="pointer-events-none absolute border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
          style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
          data-testid="capture-rect"
        />
      ) : null}
      <div className="pointer-events-none absolute left-1/2 top-4 -translate-x-1/2 rounded-full bg-zinc-900/90 px-4 py-1.5 text-sm text-white shadow">
        {message ?? "Drag to capture a region · Enter: the whole screen · Esc: cancel"}
        {frozen && frozen.scale_factor !== 1 ? ` · ${frozen.scale_factor}× pixels` : ""}
      </div>
    </div>
  );
}
