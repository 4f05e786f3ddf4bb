// Screen capture from the main window: what this machine allows, the region/screen/window
// captures, and the captures the overlay or the global shortcut finish (`capture-finished`).
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "../ipc";
import { captureFinished, captureRegionStart, captureScreen, captureSupport, captureWindow, captureWindows, type WindowChoice } from "../ipc/capture";
import type { CapturedInput, CaptureSupport } from "../ipc/types";
import { useAppEvent } from "./useAppEvent";
import { useLatest } from "./useLatest";

export interface Capture {
  support: CaptureSupport | null;
  message: string | null;
  busy: boolean;
  windows: WindowChoice[] | null;
  region: () => Promise<void>;
  screen: () => Promise<void>;
  listWindows: () => Promise<void>;
  pickWindow: (id: number) => Promise<void>;
  dismiss: () => void;
}

export function useCapture(onInput: (input: CapturedInput) => void): Capture {
  const [support, setSupport] = useState<CaptureSupport | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [windows, setWindows] = useState<WindowChoice[] | null>(null);
  const handler = useLatest(onInput);

  useEffect(() => {
    let alive = true;
    void captureSupport().then((r) => {
      if (!alive) return;
      if (r.status === "ok") setSupport(r.data);
      else {
        // Not knowing is "not available", with the reason where the buttons are.
        const no = { available: false, reason: `Capture is not available: ${errorMessage(r.error)}` };
        setSupport({ screenshot: no, windows: no, recording: no, shortcut: null, recording_limit_secs: 30 });
      }
    });
    return () => {
      alive = false;
    };
  }, []);

  // The overlay (or the shortcut) ends a region capture in another window: hear it here.
  useAppEvent(captureFinished, (finished) => {
    setBusy(false);
    if (finished.input) handler.current(finished.input);
    if (finished.error) setMessage(finished.error);
  });

  const finish = useCallback(
    (r: { status: "ok"; data: CapturedInput } | { status: "error"; error: unknown }) => {
      setBusy(false);
      if (r.status === "ok") handler.current(r.data);
      else setMessage(errorMessage(r.error));
    },
    [handler],
  );

  const region = useCallback(async () => {
    setMessage(null);
    const r = await captureRegionStart();
    if (r.status === "error") setMessage(errorMessage(r.error));
  }, []);

  const screen = useCallback(async () => {
    setMessage(null);
    setBusy(true);
    finish(await captureScreen());
  }, [finish]);

  const listWindows = useCallback(async () => {
    setMessage(null);
    const r = await captureWindows();
    if (r.status === "ok") setWindows(r.data);
    else setMessage(errorMessage(r.error));
  }, []);

  const pickWindow = useCallback(
    async (id: number) => {
      setWindows(null);
      setBusy(true);
      finish(await captureWindow(id));
    },
    [finish],
  );

  const dismiss = useCallback(() => {
    setMessage(null);
    setWindows(null);
  }, []);

  return { support, message, busy, windows, region, screen, listWindows, pickWindow, dismiss };
}
