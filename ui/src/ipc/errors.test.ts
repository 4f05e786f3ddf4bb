import { describe, expect, it } from "vitest";
import { errorCode, errorMessage, isIpcError } from "./errors";

describe("IPC errors", () => {
  it("reads the message of a {code, message} error", () => {
    const e = { code: "invalid_input", message: "the log message is empty" };
    expect(isIpcError(e)).toBe(true);
    expect(errorMessage(e)).toBe("the log message is empty");
    expect(errorCode(e)).toBe("invalid_input");
  });

  it.each([
    ["an Error", new Error("boom"), "boom"],
    ["a string", "plain", "plain"],
    ["nothing useful", { what: 1 }, "Something went wrong, and the app core gave no explanation."],
    ["null", null, "Something went wrong, and the app core gave no explanation."],
  ])("turns %s into a sentence", (_name, value, expected) => {
    expect(errorMessage(value)).toBe(expected);
    expect(errorCode(value)).toBe("internal");
  });
});
