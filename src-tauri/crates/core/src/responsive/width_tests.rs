use super::*;

#[test]
fn breakpoints_are_inferred_from_pixels_and_density() {
    use Breakpoint::{Desktop, Mobile, Tablet};
    // (what it is, pixels, known DPR, expected DPR, CSS width, breakpoint)
    type Case = (&'static str, u32, Option<u32>, u32, u32, Breakpoint);
    let cases: &[Case] = &[
        ("iPhone at 1×", 390, None, 1, 390, Mobile),
        ("small phone at 1×", 320, None, 1, 320, Mobile),
        ("iPhone 14 at 3×", 1170, None, 3, 390, Mobile),
        ("iPhone 15 Pro at 3×", 1179, None, 3, 393, Mobile),
        ("iPhone Pro Max at 3×", 1290, None, 3, 430, Mobile),
        ("iPhone 8 at 2×", 750, None, 2, 375, Mobile),
        ("Android at 3×", 1080, None, 3, 360, Mobile),
        ("tablet at 1×", 768, None, 1, 768, Tablet),
        ("iPad Air at 1×", 820, None, 1, 820, Tablet),
        ("iPad at 2×, said so", 1536, Some(2), 2, 768, Tablet),
        ("small laptop", 1024, None, 1, 1024, Desktop),
        ("desktop at 1×", 1280, None, 1, 1280, Desktop),
        ("desktop 1440 at 1×", 1440, None, 1, 1440, Desktop),
        ("full HD at 1×", 1920, None, 1, 1920, Desktop),
        ("MacBook at 2×", 2880, None, 2, 1440, Desktop),
        ("desktop 1280 at 2×", 2560, None, 2, 1280, Desktop),
        ("4K capture of full HD", 3840, None, 2, 1920, Desktop),
        ("desktop at 3×", 4320, None, 3, 1440, Desktop),
        (
            "known 1× beats the phone table",
            1170,
            Some(1),
            1,
            1170,
            Desktop,
        ),
        ("a known 2× phone", 780, Some(2), 2, 390, Mobile),
        (
            "an impossible density is inferred",
            1170,
            Some(9),
            3,
            390,
            Mobile,
        ),
        ("zero density is inferred", 390, Some(0), 1, 390, Mobile),
        ("tablet boundary", 640, Some(1), 1, 640, Tablet),
        ("below the tablet boundary", 639, None, 1, 639, Mobile),
        ("below the desktop boundary", 1023, None, 1, 1023, Tablet),
    ];
    for &(name, pixels, dpr, want_dpr, want_css, want_breakpoint) in cases {
        let width = infer_width(pixels, dpr);
        assert_eq!(
            (width.dpr, width.css, width.breakpoint),
            (want_dpr, want_css, want_breakpoint),
            "{name}: {pixels} px at {dpr:?}"
        );
        assert_eq!(width.pixels, pixels, "{name}");
    }
}

#[test]
fn a_width_is_labelled_as_a_designer_names_it() {
    assert_eq!(infer_width(1170, None).label(), "mobile 390");
    assert_eq!(infer_width(2880, None).label(), "desktop 1440");
    assert_eq!(infer_width(768, None).label(), "tablet 768");
}

#[test]
fn a_zero_width_never_divides_by_zero() {
    let width = infer_width(0, None);
    assert_eq!((width.css, width.breakpoint), (1, Breakpoint::Mobile));
}

#[test]
fn an_images_width_is_read_from_its_header() {
    let mut png = Vec::new();
    image::RgbImage::new(1170, 9)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("encode");
    assert_eq!(image_width(&png), Some(1170));
    assert_eq!(image_width(b"not an image"), None);
}
