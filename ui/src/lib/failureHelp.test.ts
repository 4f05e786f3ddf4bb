import { describe, expect, it } from "vitest";
import type { VariantErrorCode } from "../ipc";
import { commandFailureHelp, failureLine, providerLabel, variantFailureHelp } from "./failureHelp";

describe("variantFailureHelp", () => {
  it("sends a refused or missing key to Settings → API keys, naming the vendor", () => {
    expect(variantFailureHelp("auth", "anthropic")).toEqual({ text: "Anthropic did not accept the API key, or none is stored.", action: "keys" });
  });

  it.each(["network", "timeout"] as const)("says %s is being offline or the vendor unreachable, with nothing to open", (code) => {
    expect(variantFailureHelp(code, "openai")).toEqual({ text: "You appear to be offline, or OpenAI can't be reached.", action: null });
  });

  it("names a custom provider by its own name", () => {
    expect(variantFailureHelp("network", "ollama")?.text).toBe("You appear to be offline, or ollama can't be reached.");
    expect(variantFailureHelp("auth", null)?.text).toBe("the provider did not accept the API key, or none is stored.");
  });

  const others: VariantErrorCode[] = ["rate_limit", "quota", "overloaded", "invalid_request", "context_too_long", "not_found", "server", "truncated", "budget_exceeded", "turn_limit", "no_code", "setup", "internal"];
  it.each(others)("offers nothing more for %s: its message says it", (code) => {
    expect(variantFailureHelp(code, "openai")).toBeNull();
  });
});

describe("commandFailureHelp", () => {
  it("says a network failure is being offline", () => {
    expect(commandFailureHelp("network")?.text).toBe("You appear to be offline, or the server can't be reached.");
    expect(commandFailureHelp("invalid_input")).toBeNull();
  });

  it("puts the help before the message of a network failure only", () => {
    expect(failureLine({ code: "network", message: "connection refused" })).toBe("You appear to be offline, or the server can't be reached. connection refused");
    expect(failureLine({ code: "invalid_input", message: "no prompt" })).toBe("no prompt");
    expect(failureLine(new Error("boom"))).toBe("boom");
  });
});

describe("providerLabel", () => {
  it("uses the vendors' names", () => {
    expect(providerLabel("gemini")).toBe("Google Gemini");
    expect(providerLabel("")).toBe("the provider");
  });
});
