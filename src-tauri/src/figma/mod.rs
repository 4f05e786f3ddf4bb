//! Figma frame import over IPC: a pasted link → the frame's renders and design tokens in the
//! project's inputs. The token comes from the keychain and goes only to the Figma base URL the
//! settings hold (`secrets::destination`); the UI never names a URL the token is sent to.

pub mod commands;
