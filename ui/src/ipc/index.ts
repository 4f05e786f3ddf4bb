// The one door to Rust. Types and command wrappers are generated from the Rust IPC surface
// (bindings.ts, by `make bindings`); errors.ts reads the `{code, message}` failures.
export * from "./bindings";
export * from "./errors";
