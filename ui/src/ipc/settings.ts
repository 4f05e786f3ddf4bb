// The settings (src-tauri/src/settings/commands.rs): read, save, and a custom provider's model list.
import { commands, events } from "./bindings";
import type { Result } from "./result";
import type { SettingsInput, SettingsView } from "./types";

export function settingsGet(): Promise<Result<SettingsView>> {
  return commands.settingsGet();
}

export function settingsUpdate(settings: SettingsInput): Promise<Result<SettingsView>> {
  return commands.settingsUpdate(settings);
}

/** The models an OpenAI-compatible server at `baseUrl` lists (`provider` names its stored key). */
export function providerFetchModels(baseUrl: string, provider: string | null): Promise<Result<string[]>> {
  return commands.providerFetchModels(baseUrl, provider);
}

/** Every window hears this when the settings are saved. */
export const settingsChanged = events.settingsChanged;
