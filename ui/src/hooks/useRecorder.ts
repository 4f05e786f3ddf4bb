// Recording the screen for the video input: start, a clock, stop (or the limit stops it), then
// a start/end trim before the recording is used.
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../ipc";
import { recordFrames, recordStart, recordStop, recordTrim, type RecordingFrame } from "../ipc/capture";
import type { CapturedInput } from "../ipc/types";
import { isTrimmed, type Trim } from "../lib/capture";
import { useNow } from "./useNow";

export type RecorderState =
  | { phase: "idle" }
  | { phase: "starting" }
  | { phase: "recording"; startedAt: number; limitSecs: number }
  | { phase: "stopping" }
  | { phase: "review"; recording: CapturedInput; trim: Trim }
  | { phase: "saving"; recording: CapturedInput; trim: Trim };

export const DEFAULT_LIMIT_SECS = 30;

export interface Recorder {
  state: RecorderState;
  /** The recording's small frames, once read (the trim panel's filmstrip and playback). */
  frames: RecordingFrame[] | null;
  elapsedMs: number;
  message: string | null;
  start: (limitSecs: number) => Promise<void>;
  stop: () => Promise<void>;
  setTrim: (trim: Trim) => void;
  use: () => Promise<void>;
  discard: () => void;
}

export function useRecorder(onInput: (input: CapturedInput) => void): Recorder {
  const [state, setState] = useState<RecorderState>({ phase: "idle" });
  const [message, setMessage] = useState<string | null>(null);
  const [frames, setFrames] = useState<{ path: string; frames: RecordingFrame[] } | null>(null);
  const now = useNow(state.phase === "recording", 250);
  const elapsedMs = state.phase === "recording" ? Math.max(0, now - state.startedAt) : 0;

  const start = useCallback(async (limitSecs: number) => {
    setMessage(null);
    setState({ phase: "starting" });
    const r = await recordStart(limitSecs);
    if (r.status === "ok") setState({ phase: "recording", startedAt: Date.now(), limitSecs: r.data.limit_secs });
    else {
      setMessage(errorMessage(r.error));
      setState({ phase: "idle" });
    }
  }, []);

  const stop = useCallback(async () => {
    setState({ phase: "stopping" });
    const r = await recordStop();
    if (r.status === "ok") setState({ phase: "review", recording: r.data, trim: { start: 0, end: r.data.duration_ms ?? 0 } });
    else {
      setMessage(errorMessage(r.error));
      setState({ phase: "idle" });
    }
  }, []);

  // ffmpeg stops itself at the limit; collect the file when the clock gets there.
  const deadline = state.phase === "recording" ? state.startedAt + state.limitSecs * 1000 : null;
  useEffect(() => {
    if (deadline === null) return;
    const id = setTimeout(() => void stop(), Math.max(0, deadline - Date.now()));
    return () => {
      clearTimeout(id);
    };
  }, [deadline, stop]);

  const reviewed = state.phase === "review" || state.phase === "saving" ? state.recording.path : null;
  useEffect(() => {
    if (reviewed === null) return;
    let live = true;
    void recordFrames(reviewed).then((r) => {
      // Without frames the trim still works by the numbers.
      if (live) setFrames({ path: reviewed, frames: r.status === "ok" ? r.data : [] });
    });
    return () => {
      live = false;
    };
  }, [reviewed]);

  const setTrim = useCallback((trim: Trim) => {
    setState((s) => (s.phase === "review" ? { ...s, trim } : s));
  }, []);

  const use = useCallback(async () => {
    if (state.phase !== "review") return;
    const { recording, trim } = state;
    const duration = recording.duration_ms ?? 0;
    if (!isTrimmed(trim, duration)) {
      setState({ phase: "idle" });
      onInput(recording);
      return;
    }
    setState({ phase: "saving", recording, trim });
    const r = await recordTrim(recording.path, Math.round(trim.start), Math.round(trim.end));
    if (r.status === "ok") {
      setState({ phase: "idle" });
      onInput(r.data);
    } else {
      setMessage(errorMessage(r.error));
      setState({ phase: "review", recording, trim });
    }
  }, [state, onInput]);

  const discard = useCallback(() => {
    setMessage(null);
    setState({ phase: "idle" });
  }, []);

  const shownFrames = reviewed !== null && frames?.path === reviewed ? frames.frames : null;
  return { state, frames: shownFrames, elapsedMs, message, start, stop, setTrim, use, discard };
}
