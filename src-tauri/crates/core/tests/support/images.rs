//! Real images for the image-limit tests, made with the `image` crate.

use image::{ImageFormat, Rgb, RgbImage};
use s2c_core::vocab::ImageAttachment;
use std::io::Cursor;

fn encode(img: &RgbImage) -> ImageAttachment {
    let mut data = Vec::new();
    img.write_to(&mut Cursor::new(&mut data), ImageFormat::Png)
        .expect("encode png");
    ImageAttachment {
        media_type: "image/png".into(),
        data,
    }
}

/// A flat PNG (small in bytes whatever its size in pixels).
pub fn flat_png(w: u32, h: u32) -> ImageAttachment {
    encode(&RgbImage::from_pixel(w, h, Rgb([240, 240, 250])))
}

/// A PNG of noise: it compresses badly, so it is big in bytes.
pub fn noisy_png(w: u32, h: u32) -> ImageAttachment {
    let mut seed = 0x9e37_79b9_u32;
    encode(&RgbImage::from_fn(w, h, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [a, b, c, _] = seed.to_le_bytes();
        Rgb([a, b, c])
    }))
}

/// Width and height of encoded image bytes.
pub fn size_of(data: &[u8]) -> (u32, u32) {
    image::ImageReader::new(Cursor::new(data))
        .with_guessed_format()
        .expect("format")
        .into_dimensions()
        .expect("dimensions")
}
