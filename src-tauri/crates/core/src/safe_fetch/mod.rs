//! Fetching URLs that came from untrusted content (a generated page's images) without letting
//! that content reach the user's machine or network: server-side request forgery protection.
//!
//! Only public unicast addresses are contacted. Host names are resolved by our own resolver,
//! which refuses the whole name if any address is loopback, private, link-local, CGNAT,
//! multicast, reserved or an IPv6 ULA, and the connection goes to exactly the addresses checked
//! (no second lookup an attacker could answer differently). Every redirect is re-checked, proxies
//! are bypassed (a proxy would connect on our behalf, unchecked), and size, time and redirect
//! counts are limited.

mod classify;
mod client;
mod error;

pub use classify::is_public_ip;
pub use client::{FetchLimits, Fetched, SafeFetcher};
pub use error::FetchError;
