import type { IpcError } from "./bindings";

/** What every fallible command resolves to: the generated wrappers turn a Rust `Err` into `error`. */
export type Result<T> = { status: "ok"; data: T } | { status: "error"; error: IpcError };
