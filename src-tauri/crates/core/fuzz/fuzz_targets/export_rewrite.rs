//! The export's HTML and CSS reference rewriting on arbitrary markup: never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::project::export::refs::{collect_css, collect_html, rewrite_css, rewrite_html};
use std::collections::HashMap;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let found = collect_html(text);
    let map: HashMap<String, String> = found
        .iter()
        .enumerate()
        .map(|(i, (reference, _))| (reference.clone(), format!("assets/file-{i}.png")))
        .collect();
    let _ = rewrite_html(text, &map);
    let _ = collect_css(text);
    let _ = rewrite_css(text, &|r| Some(format!("x/{}", r.len())));
});
