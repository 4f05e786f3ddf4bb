import { describe, expect, it } from "vitest";
import type { VariantErrorCode } from "../ipc";
import { commandFailureHelp, failureLine, providerLabel, retryReason, variantFailureHeadline, variantFailureHelp } from "./failureHelp";

describe("variantFailureHelp", () => {
  it("sends a refused or missing key to Settings → API keys, naming the vendor", () => {
    expect(variantFailureHelp("auth", "anthropic")).toEqual({ text: "Anthropic did not accept the API key, or none is stored.", action: "keys" });
  });

  it.each(["network", "timeout"] as const)("says once that the vendor can't be reached on %s, and where to check its address", (code) => {
    expect(variantFailureHelp(code, "openai")).toEqual({ text: "Can't reach OpenAI. Check your network connection, or its base URL in Settings → Providers.", action: "providers" });
  });

  it("names a custom provider by its own name", () => {
    expect(variantFailureHelp("network", "ollama")?.text).toBe("Can't reach ollama. Check your network connection, or its base URL in Settings → Providers.");
    expect(variantFailureHelp("auth", null)?.text).toBe("The provider did not accept the API key, or none is stored.");
  });

  it("words a retry by what failed, not by the connection chain", () => {
    expect(retryReason("network", "openai")).toBe("Can't reach OpenAI");
    expect(retryReason("overloaded", "anthropic")).toBe("Anthropic is overloaded");
    expect(retryReason(undefined, "openai")).toBe("The request failed");
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

  it("offers the keys for a missing key, whose message already says which", () => {
    expect(commandFailureHelp("missing_key")).toEqual({ text: "", action: "keys" });
    expect(failureLine({ code: "missing_key", message: "gpt-5 needs an OpenAI key" })).toBe("gpt-5 needs an OpenAI key");
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

describe("variantFailureHeadline", () => {
  it("says in one line why an option has no page", () => {
    expect(variantFailureHeadline("network", "anthropic")).toBe("This option failed: Anthropic can't be reached.");
    expect(variantFailureHeadline("auth", "openai")).toBe("This option failed: OpenAI did not accept the API key.");
    expect(variantFailureHeadline(null, "openai")).toBe("This option made no page. Its activity says why.");
  });
});
