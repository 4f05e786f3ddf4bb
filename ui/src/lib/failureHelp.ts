// What the UI offers when something fails, chosen by the failure's code (never its wording): a
// refused or missing key sends the user to Settings → API keys; a vendor that can't be reached is
// said once, in a person's words, with where to check its address.
import { errorCode, errorMessage, type ErrorCode, type VariantErrorCode } from "../ipc";
import { asSentence } from "./sentences";
import { VENDOR_LABELS } from "./settingsForm";

export interface FailureHelp {
  /** What happened and what to do, in a person's words; the failure's own message becomes
   *  its details. */
  text: string;
  /** `keys`: offer Settings → API keys; `providers`: Settings → Providers (base URLs). */
  action: "keys" | "providers" | null;
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
      return { text: `${asSentence(who)} did not accept the API key, or none is stored.`, action: "keys" };
    case "network":
    case "timeout":
      return { text: `Can't reach ${who}. Check your network connection, or its base URL in Settings → Providers.`, action: "providers" };
    default:
      return null;
  }
}

/** The one line where the page would be, for a failed option: the activity beside it says
 *  what to do and has the details. */
export function variantFailureHeadline(code: VariantErrorCode | null, provider: string | null): string {
  const who = providerLabel(provider);
  switch (code) {
    case "auth":
      return `This option failed: ${who} did not accept the API key.`;
    case "network":
    case "timeout":
      return `This option failed: ${who} can't be reached.`;
    default:
      return "This option made no page. Its activity says why.";
  }
}

/** What a retry line says about the attempt that failed, by its code (none: older events). */
export function retryReason(code: VariantErrorCode | null | undefined, provider: string | null): string {
  const who = providerLabel(provider);
  switch (code) {
    case "network":
    case "timeout":
      return `Can't reach ${who}`;
    case "rate_limit":
      return `${asSentence(who)} is rate limiting`;
    case "overloaded":
      return `${asSentence(who)} is overloaded`;
    case "server":
      return `${asSentence(who)} had a server error`;
    case "truncated":
      return "The reply broke off";
    default:
      return "The request failed";
  }
}

/** For a command that failed with `{code, message}`. */
export function commandFailureHelp(code: ErrorCode): FailureHelp | null {
  switch (code) {
    case "network":
      return { text: "You appear to be offline, or the server can't be reached.", action: null };
    case "missing_key":
      // The message names the key; the help is the way to add it.
      return { text: "", action: "keys" };
    default:
      return null;
  }
}

/** A failed command as one line for a toast: the help first, when its code has one. */
export function failureLine(error: unknown): string {
  const help = commandFailureHelp(errorCode(error));
  return help?.text ? `${help.text} ${errorMessage(error)}` : errorMessage(error);
}
