// The "Capture" button: a region of the screen (also the global shortcut), the whole screen, a
// window from a list, or (on the start screen) a screen recording. What this machine cannot do
// is disabled, with the reason written under it.
import { useRef, useState } from "react";
import { useCapture } from "../../hooks/useCapture";
import { useDismiss } from "../../hooks/useDismiss";
import { DEFAULT_LIMIT_SECS, useRecorder } from "../../hooks/useRecorder";
import type { CapturedInput } from "../../ipc/types";
import { Icon } from "../common/Icon";
import { ghostButtonClass } from "../common/ui";
import { RecordPanel } from "./RecordPanel";

interface Props {
  /** Offer screen recording (the video input; only where a video can be used). */
  allowRecording: boolean;
  onInput: (input: CapturedInput) => void;
  /** Only an icon (the prompt box). */
  compact?: boolean;
}

const LIMITS = [15, 30, 60];

const itemClass =
  "flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:hover:bg-zinc-800";

function Reason({ text, id }: { text: string | null | undefined; id: string }) {
  if (!text) return null;
  return (
    <p id={id} className="px-2 pb-1 text-xs text-zinc-500 dark:text-zinc-400">
      {text}
    </p>
  );
}

export function CaptureControls({ allowRecording, onInput, compact = false }: Props) {
  const [open, setOpen] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  useDismiss(open, holder, () => {
    setOpen(false);
  });
  const [limit, setLimit] = useState(DEFAULT_LIMIT_SECS);
  const capture = useCapture(onInput);
  const recorder = useRecorder(onInput);
  const support = capture.support;
  const shot = support?.screenshot;
  const windows = support?.windows;
  const recording = support?.recording;
  const recorderIdle = recorder.state.phase === "idle";
  const anything = Boolean(shot?.available) || (allowRecording && Boolean(recording?.available));

  function run(action: () => Promise<void>) {
    setOpen(false);
    void action();
  }

  return (
    <div ref={holder} className="relative">
      <button
        type="button"
        className={ghostButtonClass}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={compact ? "Capture the screen" : undefined}
        title={support && !anything ? (shot?.reason ?? undefined) : "Capture a region, a window or the screen"}
        disabled={capture.busy || !recorderIdle}
        data-testid="capture-button"
        onClick={() => {
          setOpen((o) => !o);
          capture.dismiss();
        }}
      >
        <Icon name="capture" {...(compact ? { className: "size-5" } : {})} />
        {compact ? null : "Capture…"}
      </button>
      {open ? (
        <div role="menu" aria-label="Capture" className="absolute right-0 z-30 mt-1 flex w-72 flex-col gap-0.5 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-700 dark:bg-zinc-900" data-testid="capture-menu">
          <button type="button" role="menuitem" className={itemClass} disabled={!shot?.available} aria-describedby="capture-shot-why" onClick={() => {
            run(capture.region);
          }}>
            <Icon name="cursor" /> A region…
            {support?.shortcut ? <kbd className="ml-auto font-mono text-xs text-zinc-400">{support.shortcut}</kbd> : null}
          </button>
          <button type="button" role="menuitem" className={itemClass} disabled={!shot?.available} aria-describedby="capture-shot-why" onClick={() => {
            run(capture.screen);
          }}>
            <Icon name="desktop" /> The whole screen
          </button>
          <Reason id="capture-shot-why" text={shot?.available ? null : (shot?.reason ?? "Checking what this machine can capture…")} />
          <button type="button" role="menuitem" className={itemClass} disabled={!windows?.available} aria-describedby="capture-windows-why" onClick={() => {
            setOpen(false);
            void capture.listWindows();
          }}>
            <Icon name="doc" /> A window…
          </button>
          <Reason id="capture-windows-why" text={windows?.available || !shot?.available ? null : windows?.reason} />
          {allowRecording ? (
            <>
              <div className="flex items-center gap-2">
                <button type="button" role="menuitem" className={itemClass} disabled={!recording?.available} aria-describedby="capture-record-why" data-testid="record-start" onClick={() => {
                  run(() => recorder.start(limit));
                }}>
                  <Icon name="video" /> Record the screen
                </button>
                <select
                  aria-label="Recording limit"
                  className="rounded-md border border-zinc-200 bg-transparent px-1 py-1 text-xs dark:border-zinc-700"
                  value={limit}
                  disabled={!recording?.available}
                  onChange={(e) => {
                    setLimit(Number(e.target.value));
                  }}
                >
                  {LIMITS.map((s) => (
                    <option key={s} value={s}>
                      {s} s
                    </option>
                  ))}
                </select>
              </div>
              <Reason id="capture-record-why" text={recording?.available ? null : recording?.reason} />
            </>
          ) : null}
        </div>
      ) : null}
      {capture.windows ? (
        <div role="dialog" aria-label="Pick a window" className="absolute right-0 z-30 mt-1 flex max-h-80 w-80 flex-col gap-0.5 overflow-auto rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg dark:border-zinc-700 dark:bg-zinc-900" data-testid="capture-windows">
          {capture.windows.length === 0 ? <p className="p-2 text-sm text-zinc-500">No other window to capture.</p> : null}
          {capture.windows.map((w) => (
            <button key={w.id} type="button" className={itemClass} onClick={() => void capture.pickWindow(w.id)}>
              <span className="truncate">{w.title}</span>
              <span className="ml-auto shrink-0 font-mono text-xs text-zinc-400">
                {w.width}×{w.height}
              </span>
            </button>
          ))}
          <button type="button" className={`${itemClass} justify-center text-zinc-500`} onClick={capture.dismiss}>
            Cancel
          </button>
        </div>
      ) : null}
      {capture.message ?? recorder.message ? (
        <p role="alert" className="absolute right-0 z-20 mt-1 w-72 rounded-lg bg-red-50 px-2 py-1 text-xs text-red-700 dark:bg-red-950 dark:text-red-300" data-testid="capture-error">
          {capture.message ?? recorder.message}
        </p>
      ) : null}
      {recorderIdle ? null : <RecordPanel recorder={recorder} />}
    </div>
  );
}
