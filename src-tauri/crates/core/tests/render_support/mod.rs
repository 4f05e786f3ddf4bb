//! Shared by the rendering and image-tool tests: finding Chromium (skip or fail), a tiny HTTP
//! server for mock vendors, synthetic images.

#![allow(dead_code)]

pub mod http;
pub mod procs;
pub mod site;
pub mod two_page_site;

use std::path::PathBuf;

/// The local Chromium, or `None` with a printed note. With `S2C_REQUIRE_CHROMIUM=1` (CI) a
/// missing browser fails the test instead of skipping it.
pub fn chromium() -> Option<PathBuf> {
    match s2c_core::app_info::locate_chromium(None, std::env::var_os("PATH").as_deref()) {
        Ok(path) => Some(path),
        Err(e) if std::env::var("S2C_REQUIRE_CHROMIUM").as_deref() == Ok("1") => {
            panic!("S2C_REQUIRE_CHROMIUM=1 but {e}")
        }
        Err(e) => {
            eprintln!("SKIPPED (set S2C_REQUIRE_CHROMIUM=1 to fail instead): {e}");
            None
        }
    }
}
