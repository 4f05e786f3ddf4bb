// What the app itself answers (src-tauri/src/commands.rs): what this build is, and the UI's log lines.
import { commands, type UiLogLevel } from "./bindings";
import type { Result } from "./result";
import type { AppInfo } from "./types";

/** Rejects (it has no Result) only if the IPC itself fails. */
export function appInfo(): Promise<AppInfo> {
  return commands.appInfo();
}

export function logFromUi(level: UiLogLevel, message: string): Promise<Result<null>> {
  return commands.logFromUi(level, message);
}
