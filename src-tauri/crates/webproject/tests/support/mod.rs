//! Shared by the crate's integration tests.

#![allow(dead_code)]

pub mod browser;
pub mod navigate;
pub mod sample;
pub mod static_host;
