use super::*;
use image::Rgb;

#[test]
fn shrinking_averages_the_area_each_pixel_covers() {
    // A 1-px checkerboard of black and white averages to mid grey at any shrink.
    let checker = RgbImage::from_fn(100, 60, |x, y| {
        if (x + y) % 2 == 0 {
            Rgb([0, 0, 0])
        } else {
            Rgb([255, 255, 255])
        }
    });
    for width in [50, 20] {
        let small = scaled(&checker, width);
        assert_eq!(small.width(), width);
        for p in small.pixels() {
            assert!((i32::from(p.0[0]) - 128).abs() <= 8, "{width}: {p:?}");
        }
    }
    // A flat colour stays exactly itself.
    let flat = RgbImage::from_pixel(1280, 40, Rgb([79, 70, 229]));
    assert!(scaled(&flat, 512).pixels().all(|p| p.0 == [79, 70, 229]));
}

#[test]
fn halving_averages_two_by_two() {
    let image = RgbImage::from_fn(4, 2, |x, _| {
        if x < 2 {
            Rgb([0, 0, 0])
        } else {
            Rgb([200, 100, 50])
        }
    });
    let half = halved(&image);
    assert_eq!(half.dimensions(), (2, 1));
    assert_eq!(half.get_pixel(0, 0).0, [0, 0, 0]);
    assert_eq!(half.get_pixel(1, 0).0, [200, 100, 50]);
}

#[test]
fn every_width_is_compared_at_the_same_scale_within_bounds() {
    assert_eq!(canvas_width(1280), 512);
    assert_eq!(canvas_width(390), 156);
    assert_eq!(canvas_width(100), MIN_WIDTH);
    assert_eq!(canvas_width(3840), MAX_WIDTH);
}

#[test]
fn both_images_get_one_height_and_the_shorter_is_padded_with_its_background() {
    let tall = RgbImage::from_pixel(1280, 800, Rgb([255, 255, 255]));
    let short = RgbImage::from_pixel(1280, 400, Rgb([15, 23, 42]));
    let (a, b) = normalize(&tall, &short);
    assert_eq!((a.width, a.height), (b.width, b.height));
    assert_eq!(b.pixel(10, b.height - 1), [15, 23, 42]);
    assert_eq!(a.fine.width, 2 * a.width);
}

/// The blur as it was written first, with a buffer per pass: the in-place one must give the
/// same values, bit for bit (scores must not move).
fn blur_with_copies(plane: &[f32], width: usize, height: usize) -> Vec<f32> {
    let mut rows = vec![0.0f32; plane.len()];
    for y in 0..height {
        let row = &plane[y * width..(y + 1) * width];
        for x in 0..width {
            let left = row[x.saturating_sub(1)];
            let right = row[(x + 1).min(width - 1)];
            rows[y * width + x] = 0.25 * left + 0.5 * row[x] + 0.25 * right;
        }
    }
    let mut out = vec![0.0f32; plane.len()];
    for y in 0..height {
        let up = y.saturating_sub(1) * width;
        let down = (y + 1).min(height - 1) * width;
        for x in 0..width {
            out[y * width + x] =
                0.25 * rows[up + x] + 0.5 * rows[y * width + x] + 0.25 * rows[down + x];
        }
    }
    out
}

#[test]
fn the_blur_in_place_matches_the_blur_with_copies_bit_for_bit() {
    let mut seed = 0x2545_f491_u32;
    for (width, height) in [(1, 1), (1, 5), (5, 1), (2, 2), (7, 3), (64, 33)] {
        let plane: Vec<f32> = (0..width * height)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                (seed % 25_600) as f32 / 100.0
            })
            .collect();
        let expected = blur_with_copies(&plane, width, height);
        let got = blur(plane, width, height);
        let same = expected
            .iter()
            .zip(&got)
            .all(|(a, b)| a.to_bits() == b.to_bits());
        assert!(same, "{width}×{height}: {expected:?} vs {got:?}");
    }
}
