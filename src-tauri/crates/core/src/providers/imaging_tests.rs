use super::*;
use image::{Rgb, RgbImage, Rgba, RgbaImage};

/// A PNG of `w`×`h` whose pixels are noise, so it compresses badly and is big in bytes.
pub fn noisy_png(w: u32, h: u32) -> ImageAttachment {
    let mut seed = 0x2545_f491_u32;
    let img = RgbImage::from_fn(w, h, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [a, b, c, _] = seed.to_le_bytes();
        Rgb([a, b, c])
    });
    let mut data = Vec::new();
    img.write_to(&mut Cursor::new(&mut data), ImageFormat::Png)
        .expect("encode");
    ImageAttachment {
        media_type: "image/png".into(),
        data,
    }
}

fn flat_png(w: u32, h: u32) -> ImageAttachment {
    let img = RgbaImage::from_pixel(w, h, Rgba([10, 20, 30, 128]));
    let mut data = Vec::new();
    img.write_to(&mut Cursor::new(&mut data), ImageFormat::Png)
        .expect("encode");
    ImageAttachment {
        media_type: "image/png".into(),
        data,
    }
}

const LIMITS: ImageLimits = ImageLimits {
    max_edge: 8000,
    max_bytes: 3_932_160,
};

#[test]
fn images_inside_the_limits_are_untouched() {
    let image = flat_png(1280, 800);
    let fitted = fit(&image, LIMITS).expect("fits");
    assert_eq!(fitted.replaced, None);
    assert_eq!(fitted.long_edge, Some(1280));
}

#[test]
fn a_long_edge_over_the_limit_is_scaled_keeping_the_aspect_ratio() {
    let image = flat_png(1000, 9000);
    let fitted = fit(&image, LIMITS).expect("fits");
    let replaced = fitted.replaced.expect("scaled");
    assert_eq!(replaced.media_type, "image/png", "a small PNG stays PNG");
    assert_eq!(dimensions(&replaced.data), Some((889, 8000)));
    assert_eq!(fitted.long_edge, Some(8000));
}

#[test]
fn an_image_over_the_byte_limit_is_shrunk_below_it() {
    let image = noisy_png(1400, 1400);
    assert!(image.data.len() > 5_000_000, "{}", image.data.len());
    let fitted = fit(&image, LIMITS).expect("fits");
    let replaced = fitted.replaced.expect("re-encoded");
    assert!(
        replaced.data.len() <= LIMITS.max_bytes,
        "{}",
        replaced.data.len()
    );
    let (w, h) = dimensions(&replaced.data).expect("readable");
    assert!(w <= 1400 && h <= 1400 && w == h);
}

#[test]
fn unreadable_images_pass_when_small_and_fail_clearly_when_big() {
    let small = ImageAttachment {
        media_type: "image/gif".into(),
        data: b"GIF89a not really".to_vec(),
    };
    assert_eq!(
        fit(&small, LIMITS).expect("passes"),
        Fitted {
            replaced: None,
            long_edge: None
        }
    );
    let big = ImageAttachment {
        media_type: "image/gif".into(),
        data: vec![7; LIMITS.max_bytes + 1],
    };
    let err = fit(&big, LIMITS).expect_err("cannot shrink");
    assert!(err.to_string().contains("image/gif"), "{err}");
}

#[test]
fn alpha_is_flattened_onto_white_for_jpeg() {
    let img = DynamicImage::ImageRgba8(RgbaImage::from_pixel(2, 2, Rgba([0, 0, 0, 0])));
    assert_eq!(flatten(&img).get_pixel(0, 0).0, [255, 255, 255]);
}
