// API keys in the OS keychain (src-tauri/src/secrets/commands.rs). Keys go in, never come back out.
import { commands, type KeyStatus, type KeyTest } from "./bindings";
import type { Result } from "./result";

export function keysStatus(): Promise<Result<KeyStatus[]>> {
  return commands.keysStatus();
}

export function keySet(provider: string, key: string): Promise<Result<KeyStatus>> {
  return commands.keySet(provider, key);
}

export function keyClear(provider: string): Promise<Result<KeyStatus>> {
  return commands.keyClear(provider);
}

/** Ask `provider` for its models with the stored key: `ok: false` says why it was refused. */
export function keyTest(provider: string): Promise<Result<KeyTest>> {
  return commands.keyTest(provider);
}
