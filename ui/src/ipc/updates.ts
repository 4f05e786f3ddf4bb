// The updater (src-tauri/src/updates/commands.rs): what this build is, look for a new version,
// install it with progress, restart.
import { Channel } from "@tauri-apps/api/core";
import { commands, events, type UpdateChannel } from "./bindings";
import type { Result } from "./result";
import type { InstallOutcome, UpdateInfo, UpdateProgress, UpdateProgressMessage, UpdateStatus } from "./types";

export function updateStatus(): Promise<UpdateStatus> {
  return commands.updateStatus();
}

/**
 * `automatic`: the quiet check at start (no error when offline, skipped when turned off).
 * `channel`: the feed to ask (the saved setting when null).
 */
export function updateCheck(automatic: boolean, channel: UpdateChannel | null = null): Promise<Result<UpdateInfo | null>> {
  return commands.updateCheck(automatic, channel);
}

export function updateInstall(onProgress: (progress: UpdateProgress) => void): Promise<Result<InstallOutcome>> {
  return commands.updateInstall(
    new Channel<UpdateProgressMessage>((message) => {
      onProgress(message.phase === "downloading" ? { ...message, total: message.total ?? null } : message);
    }),
  );
}

export function updateRestart(): Promise<void> {
  return commands.updateRestart();
}

/** "Check for Updates…" was chosen in the app menu (macOS). */
export const updateCheckRequested = events.updateCheckRequested;
