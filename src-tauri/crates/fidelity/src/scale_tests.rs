use super::*;
use image::imageops::{resize, FilterType};
use image::Rgb;

/// Noise over bands: neighbours differ, so interpolation is seen.
fn busy(width: u32, height: u32) -> RgbImage {
    let mut seed = 0x2545_f491_u32;
    RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let band = if (y / 5) % 2 == 0 { 200 } else { 40 };
        Rgb([
            (band + seed % 50) as u8,
            ((x * 7) % 256) as u8,
            (seed % 256) as u8,
        ])
    })
}

#[test]
fn enlarging_interpolates_as_the_image_library_does() {
    // A screenshot narrower than a phone, and a tall page's capture shrunk below the
    // comparison's width (853 px for 1 280 CSS px).
    for (width, height, to_width) in [(90, 70, 192), (853, 400, 1024), (3, 3, 8), (1, 4, 5)] {
        let image = busy(width, height);
        let ours = scaled(&image, to_width);
        let (_, rows) = scaled_size((width, height), to_width).expect("a size");
        let theirs = resize(&image, to_width, rows, FilterType::Triangle);
        assert_eq!(ours.dimensions(), theirs.dimensions());
        let worst = ours
            .as_raw()
            .iter()
            .zip(theirs.as_raw())
            .map(|(&a, &b)| (i32::from(a) - i32::from(b)).abs())
            .max()
            .unwrap_or(0);
        assert!(worst <= 1, "{width}×{height} → {to_width}: off by {worst}");
    }
}

#[test]
fn a_flat_colour_stays_itself_either_way() {
    let flat = RgbImage::from_pixel(300, 40, Rgb([79, 70, 229]));
    for to_width in [120, 300, 700] {
        assert!(
            scaled(&flat, to_width)
                .pixels()
                .all(|p| p.0 == [79, 70, 229]),
            "{to_width}"
        );
    }
}

#[test]
fn rows_come_out_one_at_a_time_in_order() {
    let image = busy(400, 300);
    let mut seen = Vec::new();
    each_scaled_row(&image, 160, |y, row| {
        assert_eq!(row.len(), 160 * 3);
        seen.push(y);
    });
    assert_eq!(seen, (0..120).collect::<Vec<_>>());
}

#[test]
fn resizing_gives_the_size_asked_and_keeps_a_flat_colour() {
    let flat = RgbImage::from_pixel(1552, 4801, Rgb([15, 23, 42]));
    let small = resized(&flat, 507, 1568);
    assert_eq!(small.dimensions(), (507, 1568));
    assert!(small.pixels().all(|p| p.0 == [15, 23, 42]));
    // A shrink is the area average, as the comparison's own.
    let image = busy(400, 300);
    assert_eq!(resized(&image, 160, 120), scaled(&image, 160));
    assert_eq!(resized(&RgbImage::new(0, 0), 3, 2).dimensions(), (3, 2));
}
