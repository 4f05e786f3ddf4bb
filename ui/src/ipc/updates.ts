// The updater (src-tauri/src/updates/commands.rs): what this build is, look for a new version,
// install it with progress, restart.
import { Channel } from "@tauri-apps/api/core";
import { commands } from "./bindings";
import type { Result } from "./result";
import type { InstallOutcome, UpdateInfo, UpdateProgress, UpdateStatus } from "./types";

export function updateStatus(): Promise<UpdateStatus> {
  return commands.updateStatus();
}

/** `automatic`: the quiet check at start (no error when offline, skipped when turned off). */
export function updateCheck(automatic: boolean): Promise<Result<UpdateInfo | null>> {
  return commands.updateCheck(automatic);
}

export function updateInstall(onProgress: (progress: UpdateProgress) => void): Promise<Result<InstallOutcome>> {
  return commands.updateInstall(new Channel<UpdateProgress>(onProgress));
}

export function updateRestart(): Promise<null> {
  return commands.updateRestart();
}
