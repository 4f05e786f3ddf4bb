//! edit_file's replacement on arbitrary text and edits: never panics; a successful single edit
//! really contains the new text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::tools::edit_apply::{apply_edits, Count, Edit};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut parts = text.splitn(4, '\u{1}');
    let (Some(page), Some(old), Some(new)) = (parts.next(), parts.next(), parts.next()) else {
        return;
    };
    let count = match parts.next().map(str::len).unwrap_or(0) % 3 {
        0 => Count::One,
        1 => Count::All,
        n => Count::Exactly(n as u32),
    };
    let edit = Edit {
        old_text: old.to_owned(),
        new_text: new.to_owned(),
        count,
    };
    if let Ok((out, replaced)) = apply_edits(page, &[edit]) {
        assert!(replaced >= 1);
        if !new.is_empty() && !new.contains('\r') && !new.contains('\n') {
            assert!(out.contains(new), "the new text is missing");
        }
    }
});
