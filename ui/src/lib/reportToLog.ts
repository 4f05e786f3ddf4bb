import { logFromUi } from "../ipc/app";

/** Send something the UI saw to the app's log file. Never throws: logging must not break the UI. */
export function reportToLog(level: "error" | "warn" | "info", message: string): void {
  const trimmed = message.slice(0, 4000);
  void logFromUi(level, trimmed).catch(() => undefined);
}
