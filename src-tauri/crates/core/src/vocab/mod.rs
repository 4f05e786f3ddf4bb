//! Shared vocabulary: the names every layer (keychain, settings, providers, IPC, CLI) agrees on.
//! It sits at the bottom of the crate and imports nothing else from it.

pub mod vendor;
