// What the UI offers when something fails, chosen by the failure's code (never its wording): a
// refused or missing key sends the user to Settings → API keys; no network is said plainly.
import { errorCode, errorMessage, type ErrorCode, type VariantErrorCode } from "../ipc";
import { VENDOR_LABELS } from "./settingsForm";

export interface FailureHelp {
  /** A sentence above the failure's own message. */
  text: string;
  /** `keys`: offer a button that opens Settings on API keys. */
  action: "keys" | null;
}

/** "OpenAI" for `openai`; a custom provider by its own name. */
export function providerLabel(provider: string | null): string {
  if (provider === null || provider === "") return "the provider";
  return (VENDOR_LABELS as Record<string, string | undefined>)[provider] ?? provider;
}

/** For a variant that ended with `variant_error`. A missing key fails as `auth` too. */
export function variantFailureHelp(code: VariantErrorCode, provider: string | null): FailureHelp | null {
  const who = providerLabel(provider);
  switch (code) {
    case "auth":
      return { text: `${who} did not accept the API key, or none is stored.`, action: "keys" };
    case "network":
    case "timeout":
      return { text: `You appear to be offline, or ${who} can't be reached.`, action: null };
    default:
      return null;
  }
}

/** For a command that failed with `{code, message}`. */
export function commandFailureHelp(code: ErrorCode): FailureHelp | null {
  return code === "network" ? { text: "You appear to be offline, or the server can't be reached.", action: null } : null;
}

/** A failed command as one line for a toast: the help first, when its code has one. */
export function failureLine(error: unknown): string {
  const help = commandFailureHelp(errorCode(error));
  return help ? `${help.text} ${errorMessage(error)}` : errorMessage(error);
}
