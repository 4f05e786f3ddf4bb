//! The start screen's tray: each screenshot's width and breakpoint, and the screenshots of one
//! page at two widths grouped, from files on disk and from bytes the window holds.

use crate::projects::tray::{tray_widths, TrayImage};
use s2c_core::responsive::Breakpoint;

#[test]
fn a_desktop_and_a_phone_screenshot_of_one_page_are_grouped_and_the_rest_is_not() {
    let Some(chromium) = super::chromium_or_skip() else {
        return;
    };
    tauri::async_runtime::block_on(async {
        let page = crate::tests::test_harness::support::pages::fidelity_fixture("responsive.html");
        let desktop = super::drawn_here(&chromium, &page, 1440, 900).await;
        // A phone captures at 3×: 1170 px is a 390 px screen.
        let phone = super::drawn_here(&chromium, &page, 390, 844).await;
        let phone = image::load_from_memory(&phone).unwrap().to_rgb8();
        let phone = image::imageops::resize(
            &phone,
            phone.width() * 3,
            phone.height() * 3,
            image::imageops::FilterType::Nearest,
        );
        let mut phone_png = Vec::new();
        phone
            .write_to(
                &mut std::io::Cursor::new(&mut phone_png),
                image::ImageFormat::Png,
            )
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            TrayImage::Path {
                path: path.display().to_string(),
            }
        };
        use base64::Engine as _;
        let images = vec![
            write("notes.png", b"not an image at all"),
            write("home-desktop.png", &desktop),
            // Another page: the login sample, at a desktop width.
            write("login.png", &crate::tests::test_harness::sample_png()),
            TrayImage::Data {
                data_base64: base64::engine::general_purpose::STANDARD.encode(&phone_png),
            },
        ];

        let tray = tray_widths(images).await.unwrap();

        assert_eq!(tray.widths[0], None, "an unreadable file has no width");
        let desktop = tray.widths[1].expect("the desktop screenshot's width");
        assert_eq!(
            (desktop.css, desktop.breakpoint),
            (1440, Breakpoint::Desktop)
        );
        let phone = tray.widths[3].expect("the phone screenshot's width");
        assert_eq!(
            (phone.pixels, phone.dpr, phone.css, phone.breakpoint),
            (1170, 3, 390, Breakpoint::Mobile)
        );
        assert_eq!(
            tray.groups,
            vec![vec![1, 3]],
            "the two widths of one page, widest first; the login page and the unreadable file alone"
        );
    });
}

#[test]
fn a_tray_with_more_images_than_a_request_takes_is_refused_in_words() {
    let images = (0..9)
        .map(|_| TrayImage::Data {
            data_base64: String::new(),
        })
        .collect();
    let error = tauri::async_runtime::block_on(tray_widths(images)).unwrap_err();
    assert_eq!(error.message, "the tray holds at most 8 screenshots");
}
