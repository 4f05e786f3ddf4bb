import type { ErrorCode, IpcError } from "./bindings";

/** True when `value` is the `{code, message}` shape every Rust command error crosses IPC as. */
export function isIpcError(value: unknown): value is IpcError {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { code?: unknown }).code === "string" &&
    typeof (value as { message?: unknown }).message === "string"
  );
}

/** A sentence for the user from whatever a failed call threw or returned. */
export function errorMessage(error: unknown): string {
  if (isIpcError(error)) return error.message;
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  return "Something went wrong, and the app core gave no explanation.";
}

/** The stable code of a failure, or `internal` when it did not come from a Rust command. */
export function errorCode(error: unknown): ErrorCode {
  return isIpcError(error) ? error.code : "internal";
}
