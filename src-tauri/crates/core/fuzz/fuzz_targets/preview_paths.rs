//! The preview resolver's path handling: whatever the URL, nothing outside the variant's folder
//! is ever served.
#![no_main]
use libfuzzer_sys::fuzz_target;
use s2c_core::render::{PreviewResolver, ProjectFolder};
use std::sync::OnceLock;

const SECRET: &str = "outside-the-project-0b7c";

fn folder() -> &'static ProjectFolder {
    static DIR: OnceLock<(std::path::PathBuf, ProjectFolder)> = OnceLock::new();
    &DIR.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("s2c-fuzz-preview-{}", std::process::id()));
        let inside = root.join("variant");
        std::fs::create_dir_all(inside.join("assets")).expect("temp dir");
        std::fs::write(root.join("secret.txt"), SECRET).expect("secret");
        std::fs::write(inside.join("index.html"), "<h1>ok</h1>").expect("page");
        (root, ProjectFolder::new(inside))
    })
    .1
}

fuzz_target!(|data: &[u8]| {
    let Ok(path) = std::str::from_utf8(data) else {
        return;
    };
    let resolver = PreviewResolver::with_origin("preview://localhost");
    let answer = resolver.resolve(folder(), path);
    assert!(
        !String::from_utf8_lossy(&answer.body).contains(SECRET),
        "{path:?} reached a file outside the variant"
    );
    let _ = resolver.resolve_url(folder(), "https://preview.s2c.invalid", path);
});
