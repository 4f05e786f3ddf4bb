import type { KeyStatus } from "../ipc";

/** Why image generation cannot run, shown where it is switched on. */
export const NO_REPLICATE_KEY = "Add a Replicate key in Settings → API keys";

/**
 * Why the image-generation toggle is greyed out, or null when it can be used. Unknown key
 * statuses (still loading, or the keychain could not be read) do not block: the core decides
 * again with the keys it finds.
 */
export function imageGenerationBlocked(keys: readonly KeyStatus[] | null): string | null {
  if (keys === null) return null;
  return keys.some((k) => k.provider === "replicate" && k.set) ? null : NO_REPLICATE_KEY;
}
