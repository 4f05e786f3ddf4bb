// A generated page in a sandboxed iframe (scripts yes, same origin never), reloaded at a bounded
// rate without flicker (see lib/frameSwapper.ts). Select-and-edit speaks postMessage only, and
// only with the page in the visible frame. While visual editing is on, a layer over the frame
// takes the pointer: the page learns clicks by position, and a pick or a text edit it reports
// counts only as the answer to one of them (lib/pickGate.ts).
import { useEffect, useReducer, useRef, useState, type RefObject } from "react";
import type { ElementSelection, PixelBox } from "../../ipc";
import { useLatest } from "../../hooks/useLatest";
import { THUMBNAIL_FRAME, highlightMessage, parseRefreshedMessage, parseSelectMessage, refreshMessage, selectModeMessage } from "../../lib/bridge";
import { FrameSwapper } from "../../lib/frameSwapper";
import { PickGate } from "../../lib/pickGate";
import { parseLocationMessage } from "../../lib/previewRoute";
import { parseSampleMessage, type Sample } from "../../lib/eyedropper";
import { applyMessage, editModeMessage, isTextRefused, parsePickMessage, parseTextMessage, pickedMessage, type EditQueue, type PickedElement, type PickMessage } from "../../lib/visualEdit";

interface Props {
  url: string | null;
  revision: number;
  title: string;
  /** Reload at most this often while the code changes. */
  intervalMs?: number;
  /** A thumbnail: not focusable, not clickable. */
  inert?: boolean;
  selectMode?: boolean;
  onSelect?: (selection: ElementSelection) => void;
  /** Visual editing: picks and in-place text edits come back; queued changes are shown. */
  edit?: {
    queue: EditQueue;
    targets: PickedElement[];
    onPick: (pick: PickMessage) => void;
    onText: (key: number, text: string) => void;
    /** The eyedropper is waiting for a click on the page. */
    eyedropper?: boolean;
    onSample?: (sample: Sample) => void;
  } | null;
  /** A place on the page to point out (page px), e.g. a fidelity difference. */
  highlight?: PixelBox | null;
  /** The page went somewhere by itself (a project's link or route): where. Returns whether it
   *  is one of this variant's pages, which later reloads then load. */
  onLocation?: ((href: string) => boolean) | undefined;
  className?: string;
  /** Hidden under another view: changes wait, and the page follows them once shown. */
  paused?: boolean;
  /** A page was loaded and drawn in the frame on show. */
  onShown?: (() => void) | undefined;
}

/** Ask the page in `slot` to follow its newest version; false when there is no page to ask. */
function askToRefresh(frames: RefObject<(HTMLIFrameElement | null)[]>, slot: 0 | 1): boolean {
  const win = frames.current[slot]?.contentWindow;
  win?.postMessage(refreshMessage(), "*");
  return Boolean(win);
}

export function PreviewFrame({ url, revision, title, intervalMs = 350, inert = false, selectMode = false, onSelect, edit = null, highlight = null, onLocation, className = "", paused = false, onShown }: Props) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // Thumbnails queue behind the preview on show (lib/loadQueue.ts).
  const frames = useRef<(HTMLIFrameElement | null)[]>([null, null]);
  const [swapper] = useState(() => new FrameSwapper(intervalMs, rerender, { priority: inert ? 1 : 0 }));
  const selectHandler = useLatest(onSelect);
  const locationHandler = useLatest(onLocation);
  const selectOn = useLatest(selectMode);
  const shownHandler = useLatest(onShown);
  const editing = edit !== null;
  const editRef = useLatest(edit);
  const [gate] = useState(() => new PickGate());
  const hoverFrame = useRef<number | null>(null);

  // A page on show follows its newest version in place when it can (lib/frameSwapper.ts).
  useEffect(() => {
    swapper.refreshWith((slot) => askToRefresh(frames, slot));
  }, [swapper]);
  useEffect(() => {
    swapper.setUrl(url);
  }, [swapper, url]);
  useEffect(() => {
    if (revision > 0 && !paused) swapper.codeChanged();
  }, [swapper, revision, paused]);
  useEffect(() => () => {
    swapper.dispose();
  }, [swapper]);

  const { slots, active } = swapper;
  // While a text is being edited in place, the layer lets the pointer through to it; only on
  // the page it was opened on, in the mode it was opened in.
  const editSession = `${String(editing)}/${String(active)}/${String(slots[active]?.key ?? "")}`;
  const [textOn, setTextOn] = useState<string | null>(null);
  const textEditing = textOn === editSession;

  useEffect(() => {
    frames.current[active]?.contentWindow?.postMessage(selectModeMessage(selectMode), "*");
  }, [selectMode, active, slots]);

  useEffect(() => {
    frames.current[active]?.contentWindow?.postMessage(editModeMessage(editing), "*");
    gate.reset();
  }, [editing, active, slots, gate]);
  // The eyedropper takes the next click on the layer: the page answers with the colour there.
  const sampling = edit?.eyedropper === true;
  const highlightRef = useLatest(highlight);
  useEffect(() => {
    frames.current[active]?.contentWindow?.postMessage(highlightMessage(highlight), "*");
  }, [highlight, active, slots]);
  const queue = edit?.queue ?? null;
  const targets = edit?.targets ?? null;
  useEffect(() => {
    const win = frames.current[active]?.contentWindow;
    if (!win || !queue || !targets) return;
    win.postMessage(applyMessage(queue), "*");
    win.postMessage(pickedMessage(targets), "*");
  }, [queue, targets, active, slots]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const href = parseLocationMessage(event.data);
      // Every page's bridge says where it is as it starts: that page can follow in place.
      const from = frames.current.findIndex((f) => f !== null && event.source === f.contentWindow);
      if ((from === 0 || from === 1) && href !== null) swapper.hasBridge(from);
      const frame = frames.current[swapper.active];
      if (!frame || event.source !== frame.contentWindow) return;
      const refreshed = parseRefreshedMessage(event.data);
      if (refreshed !== null) swapper.refreshed(refreshed);
      const selection = parseSelectMessage(event.data);
      if (selection) selectHandler.current?.(selection);
      if (href !== null && locationHandler.current?.(href)) swapper.followed(href);
      const current = editRef.current;
      if (!current) return;
      const pick = parsePickMessage(event.data);
      if (pick && gate.acceptPick()) current.onPick(pick);
      const text = parseTextMessage(event.data);
      if (text && gate.acceptText()) {
        setTextOn(null);
        current.onText(text.key, text.text);
      }
      // The double-clicked element holds no plain text: the layer takes the pointer again.
      if (isTextRefused(event.data)) setTextOn(null);
      const sample = parseSampleMessage(event.data);
      if (sample && gate.acceptSample()) current.onSample?.(sample);
    };
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
    };
  }, [swapper, selectHandler, locationHandler, editRef, gate]);

  // Back in the app (the user clicked outside the frame): the text edit is over.
  useEffect(() => {
    if (!textEditing) return;
    const back = () => {
      setTextOn(null);
    };
    window.addEventListener("focus", back);
    return () => {
      window.removeEventListener("focus", back);
    };
  }, [textEditing]);

  /** `message` with the point (`clientX`, `clientY`) in the frame's own coordinates, to the shown page. */
  const forward = (clientX: number, clientY: number, message: Record<string, unknown>) => {
    const frame = frames.current[swapper.active];
    if (!frame?.contentWindow) return;
    const box = frame.getBoundingClientRect();
    // The Desktop preview shows the page scaled: the page measures in its own (unscaled) px.
    const scale = frame.offsetWidth > 0 ? box.width / frame.offsetWidth : 1;
    frame.contentWindow.postMessage({ ...message, x: (clientX - box.left) / scale, y: (clientY - box.top) / scale }, "*");
  };

  return (
    <div className={`relative ${className}`}>
      {slots.map((slot, i) =>
        slot ? (
          <iframe
            key={slot.key}
            ref={(el) => {
              frames.current[i] = el;
            }}
            src={slot.src}
            title={title}
            // The page's bridge lays out only a thumbnail's first screen (preview/bridge.js).
            name={inert ? THUMBNAIL_FRAME : undefined}
            sandbox="allow-scripts"
            tabIndex={inert ? -1 : undefined}
            aria-hidden={inert || i !== active ? true : undefined}
            data-testid={inert ? undefined : i === active ? "preview-frame" : "preview-frame-loading"}
            className={`absolute inset-0 size-full border-0 bg-white ${i === active ? "" : "pointer-events-none opacity-0"} ${inert ? "pointer-events-none" : ""}`}
            onLoad={(e) => {
              swapper.loaded(i === 0 ? 0 : 1);
              // Loaded is not yet painted: two frames later it is on screen.
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  shownHandler.current?.();
                }),
              );
              if (selectOn.current) e.currentTarget.contentWindow?.postMessage(selectModeMessage(true), "*");
              if (editRef.current) e.currentTarget.contentWindow?.postMessage(editModeMessage(true), "*");
              if (highlightRef.current) e.currentTarget.contentWindow?.postMessage(highlightMessage(highlightRef.current), "*");
            }}
          />
        ) : null,
      )}
      {editing && !inert ? (
        <div
          data-testid="edit-layer"
          aria-hidden
          className={`absolute inset-0 ${sampling ? "cursor-crosshair" : "cursor-default"} ${textEditing ? "pointer-events-none" : ""}`}
          onMouseMove={(e) => {
            if (hoverFrame.current !== null) return;
            const { clientX, clientY } = e;
            hoverFrame.current = requestAnimationFrame(() => {
              hoverFrame.current = null;
              forward(clientX, clientY, { type: "s2c-edit-hover" });
            });
          }}
          onMouseLeave={() => {
            forward(-1e6, -1e6, { type: "s2c-edit-hover" });
          }}
          onClick={(e) => {
            if (!e.isTrusted) return;
            if (sampling) {
              gate.sampled();
              forward(e.clientX, e.clientY, { type: "s2c-edit-sample" });
              return;
            }
            gate.clicked();
            forward(e.clientX, e.clientY, { type: "s2c-edit-click", additive: e.shiftKey });
          }}
          onDoubleClick={(e) => {
            if (!e.isTrusted || sampling) return;
            gate.textOpened();
            setTextOn(editSession);
            // The page can then take the keyboard for the text it edits.
            frames.current[swapper.active]?.focus();
            forward(e.clientX, e.clientY, { type: "s2c-edit-dblclick" });
          }}
          onWheel={(e) => {
            forward(e.clientX, e.clientY, { type: "s2c-edit-scroll", dx: e.deltaX, dy: e.deltaY });
          }}
        />
      ) : null}
    </div>
  );
}
