use super::*;

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::RgbImage::from_pixel(3, 2, image::Rgb([1, 2, 3]))
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

#[test]
fn formats_are_recognised_by_their_bytes() {
    let cases: [(&[u8], Option<&str>); 8] = [
        (b"\x89PNG\r\n\x1a\nrest", Some("png")),
        (&[0xFF, 0xD8, 0xFF, 0xE0], Some("jpg")),
        (b"RIFF\0\0\0\0WEBPVP8 ", Some("webp")),
        (b"GIF89a....", Some("gif")),
        (b"\0\0\0\x1cftypavif", Some("avif")),
        (b"  <svg xmlns='http://www.w3.org/2000/svg'/>", Some("svg")),
        (b"<html>not an image</html>", None),
        (b"", None),
    ];
    for (bytes, ext) in cases {
        assert_eq!(
            sniff(bytes).map(|(_, e)| e),
            ext,
            "{:?}",
            String::from_utf8_lossy(bytes)
        );
    }
}

#[tokio::test]
async fn images_are_named_by_content_and_written_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut files = AgentFileState::new(dir.path());
    let bytes = png();

    let first = plan(&files, "generated", bytes.clone()).expect("plan");
    let again = plan(&files, "generated", bytes.clone()).expect("plan");
    write_all(&mut files, &[first.clone(), again.clone()])
        .await
        .expect("write");

    assert_eq!(first.rel, again.rel);
    assert!(first.rel.as_str().starts_with("assets/generated-"));
    assert!(first.rel.as_str().ends_with(".png"));
    assert_eq!(
        std::fs::read(dir.path().join(first.rel.as_str())).expect("read"),
        bytes
    );
    assert_eq!(files.assets().count(), 1);
    assert_eq!(
        plan(&files, "x", b"<html>".to_vec()).unwrap_err(),
        ImageFileError::NotAnImage
    );
}

#[cfg(unix)]
#[tokio::test]
async fn an_assets_symlink_leading_outside_is_refused() {
    let outside = tempfile::tempdir().expect("tempdir");
    let dir = tempfile::tempdir().expect("tempdir");
    std::os::unix::fs::symlink(outside.path(), dir.path().join("assets")).expect("symlink");
    let files = AgentFileState::new(dir.path());

    let err = plan(&files, "generated", png()).unwrap_err();

    assert!(
        matches!(
            err,
            ImageFileError::Path(paths::PathError::SymlinkEscape(_))
        ),
        "{err:?}"
    );
    assert_eq!(std::fs::read_dir(outside.path()).expect("dir").count(), 0);
}
