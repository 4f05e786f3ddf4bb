// While the screen is being recorded: a clock against the limit and Stop. Afterwards: a
// filmstrip with a start/end trim and playback of the kept part, then the recording is used
// like a dropped video (or thrown away).
import { useState } from "react";
import type { Recorder } from "../../hooks/useRecorder";
import { clock, moveHandle, seconds } from "../../lib/capture";
import { buttonClass, primaryButtonClass } from "../common/ui";
import { TrimPreview } from "./TrimPreview";

export function RecordPanel({ recorder }: { recorder: Recorder }) {
  const { state } = recorder;
  const [focus, setFocus] = useState<"start" | "end">("start");
  return (
    <div
      role="region"
      aria-label="Screen recording"
      className="fixed bottom-6 left-1/2 z-40 flex w-[28rem] -translate-x-1/2 flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="record-panel"
    >
      {state.phase === "starting" ? <p className="text-sm">Starting the recorder…</p> : null}
      {state.phase === "recording" ? (
        <div className="flex items-center gap-3">
          <span className="size-3 animate-pulse rounded-full bg-red-500" aria-hidden />
          <span className="font-mono text-lg tabular-nums" data-testid="record-clock">
            {clock(recorder.elapsedMs)} / {clock(state.limitSecs * 1000)}
          </span>
          <span className="text-xs text-zinc-500">Recording the screen</span>
          <button type="button" className={`${primaryButtonClass} ml-auto`} data-testid="record-stop" onClick={() => void recorder.stop()}>
            Stop
          </button>
        </div>
      ) : null}
      {state.phase === "stopping" ? <p className="text-sm">Finishing the video…</p> : null}
      {state.phase === "review" || state.phase === "saving" ? (
        <>
          <p className="text-sm">
            Recording of {seconds(state.recording.duration_ms ?? 0)} ({state.recording.width}×{state.recording.height}). Keep from{" "}
            <span data-testid="trim-start">{seconds(state.trim.start)}</span> to <span data-testid="trim-end">{seconds(state.trim.end)}</span>.
          </p>
          <TrimPreview frames={recorder.frames} duration={state.recording.duration_ms ?? 0} trim={state.trim} focus={focus} />
          {(["start", "end"] as const).map((handle) => (
            <label key={handle} className="flex items-center gap-2 text-xs text-zinc-500">
              <span className="w-10">{handle === "start" ? "Start" : "End"}</span>
              <input
                type="range"
                className="flex-1"
                aria-label={handle === "start" ? "Trim start" : "Trim end"}
                min={0}
                max={state.recording.duration_ms ?? 0}
                step={100}
                value={state.trim[handle]}
                disabled={state.phase === "saving"}
                onChange={(e) => {
                  setFocus(handle);
                  recorder.setTrim(moveHandle(state.trim, handle, Number(e.target.value), state.recording.duration_ms ?? 0));
                }}
              />
            </label>
          ))}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass} disabled={state.phase === "saving"} onClick={recorder.discard}>
              Discard
            </button>
            <button type="button" className={primaryButtonClass} disabled={state.phase === "saving"} data-testid="record-use" onClick={() => void recorder.use()}>
              {state.phase === "saving" ? "Trimming…" : "Use this recording"}
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}
