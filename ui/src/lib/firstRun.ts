// What a first run is missing, read from the key statuses and the settings: no model key at all
// (the start screen says what to do first), or the Gemini key asset extraction runs on.
import type { KeyStatus, Settings } from "../ipc";

/** The vendors whose models write pages. */
const MODEL_VENDORS = ["openai", "anthropic", "gemini"];

/** What the start screen and Generate say when no model can be reached. */
export const NO_MODEL_KEY = "Add an OpenAI, Anthropic or Gemini key — or point to a local server.";

/** Why "Extract assets" is off, shown where it is switched on. */
export const NO_GEMINI_KEY = "Add a Gemini key in Settings → API keys";

/**
 * True when no model can be asked: no vendor key and no custom provider (a local server may take
 * no key). Unknown statuses (loading, or the keychain could not be read) are not "missing": the
 * core decides again with the keys it finds.
 */
export function modelKeyMissing(keys: readonly KeyStatus[] | null, settings: Settings | null): boolean {
  if (keys === null || settings === null) return false;
  if (settings.custom_providers.length > 0) return false;
  return !keys.some((k) => k.set && MODEL_VENDORS.includes(k.provider));
}

/** Why asset extraction cannot run (it runs on Gemini), or null when it can. */
export function assetExtractionBlocked(keys: readonly KeyStatus[] | null): string | null {
  if (keys === null) return null;
  return keys.some((k) => k.provider === "gemini" && k.set) ? null : NO_GEMINI_KEY;
}
