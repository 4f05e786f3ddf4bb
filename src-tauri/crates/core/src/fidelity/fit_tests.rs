use super::*;

fn png(width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_pixel(width, height, image::Rgb([30, 64, 175]));
    let mut out = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

#[test]
fn a_very_wide_screenshot_is_scored_as_a_high_density_capture() {
    for (width, height, factor, scaled) in [
        (1280, 800, 1, (1280, 800)),
        (3840, 100, 1, (3840, 100)),
        (5120, 300, 2, (2560, 150)),
        (20_000, 40, 6, (3333, 6)),
        (30_000, 3, 8, (3750, 1)),
    ] {
        let image = RgbImage::new(width, height);
        let (fitted, got) = fit_width(image);
        assert_eq!(
            (got, fitted.dimensions()),
            (factor, scaled),
            "{width}×{height}"
        );
        assert!(fitted.width() <= MAX_SCREEN_WIDTH);
    }
}

#[test]
fn a_screenshot_of_known_density_is_scored_at_its_css_size() {
    for (width, height, dpr, factor, scaled) in [
        (1170, 2532, 3, 3, (390, 844)),
        (2880, 1800, 2, 2, (1440, 900)),
        (1280, 800, 1, 1, (1280, 800)),
        (12_000, 90, 2, 4, (3000, 22)),
    ] {
        let (fitted, got) = fit_density(RgbImage::new(width, height), dpr);
        assert_eq!(
            (got, fitted.dimensions()),
            (factor, scaled),
            "{width}×{height} at {dpr}×"
        );
    }
}

#[test]
fn a_screenshot_claiming_an_enormous_image_is_not_decoded() {
    let error = decode_screenshot(&png(40_000, 8)).expect_err("too wide to decode");
    assert!(matches!(error, FidelityError::Screenshot(_)), "{error}");
    assert!(decode_screenshot(&png(2000, 8)).is_ok());
}
