// Capturing the screen and recording it (src-tauri/src/capture/commands.rs). A region capture
// ends in the overlay window; the main window hears of it through `captureFinished`.
import { commands, events, type FrozenView, type RecordingFrame, type RecordingStarted, type Selection, type WindowChoice } from "./bindings";
import type { Result } from "./result";
import type { CapturedInput, CaptureSupport } from "./types";

export type { FrozenView, RecordingFrame, RecordingStarted, WindowChoice };

/** What the capture and record buttons may do here, and why not. */
export function captureSupport(): Promise<Result<CaptureSupport>> {
  return commands.captureSupport();
}

/** Hide the app, freeze the screen, open the overlay to drag a rectangle on. */
export function captureRegionStart(): Promise<Result<null>> {
  return commands.captureRegionStart();
}

export function captureFrozen(): Promise<Result<FrozenView>> {
  return commands.captureFrozen();
}

export function captureRegionFinish(selection: Selection): Promise<Result<CapturedInput>> {
  return commands.captureRegionFinish(selection);
}

export function captureCancel(): Promise<Result<null>> {
  return commands.captureCancel();
}

export function captureWindows(): Promise<Result<WindowChoice[]>> {
  return commands.captureWindows();
}

export function captureWindow(windowId: number): Promise<Result<CapturedInput>> {
  return commands.captureWindow(windowId);
}

export function captureScreen(): Promise<Result<CapturedInput>> {
  return commands.captureScreen();
}

export function recordStart(limitSecs: number | null): Promise<Result<RecordingStarted>> {
  return commands.recordStart(limitSecs);
}

export function recordStop(): Promise<Result<CapturedInput>> {
  return commands.recordStop();
}

export function recordRunning(): Promise<Result<boolean>> {
  return commands.recordRunning();
}

export function recordTrim(path: string, startMs: number, endMs: number): Promise<Result<CapturedInput>> {
  return commands.recordTrim(path, startMs, endMs);
}

export const captureFinished = events.captureFinished;

/** Small frames of a recording the app made (four a second): the trim panel's filmstrip and playback. */
export function recordFrames(path: string): Promise<Result<RecordingFrame[]>> {
  return commands.recordFrames(path);
}
