use super::*;
use image::Rgb;

fn page(shift: u32, button: [u8; 3], height: u32) -> RgbImage {
    let mut image = RgbImage::from_pixel(1280, height, Rgb([255, 255, 255]));
    let mut fill = |x: u32, y: u32, w: u32, h: u32, c: [u8; 3]| {
        for yy in y..(y + h).min(height) {
            for xx in x..x + w {
                image.put_pixel(xx, yy, Rgb(c));
            }
        }
    };
    fill(64, 40, 400, 48, [15, 23, 42]);
    fill(64, 200 + shift, 200, 44, button);
    for row in 0..6 {
        fill(64, 400 + row * 40, 900, 16, [71, 85, 105]);
    }
    image
}

#[test]
fn identical_images_score_100_and_differences_rank() {
    let reference = page(0, [79, 70, 229], 800);
    let identical = compare(&reference, &reference, None);
    let (total_same, weights) = total(&identical.components);
    assert_eq!(total_same, 100.0, "{:?}", identical.components);
    assert_eq!(weights.text, 0.0);

    let recolored = total(&compare(&reference, &page(0, [220, 38, 38], 800), None).components).0;
    let moved = total(&compare(&reference, &page(300, [79, 70, 229], 800), None).components).0;
    let blank = RgbImage::from_pixel(1280, 800, Rgb([255, 255, 255]));
    let empty = total(&compare(&reference, &blank, None).components).0;
    assert!(
        recolored < 100.0 && recolored > moved,
        "{recolored} vs {moved}"
    );
    assert!(moved > empty, "{moved} vs {empty}");
    assert!(empty < 30.0, "blank: {empty}");
}

#[test]
fn a_shorter_render_counts_as_missing_content() {
    let reference = page(0, [79, 70, 229], 800);
    let half = page(0, [79, 70, 229], 400);
    let c = compare(&reference, &half, None);
    assert_eq!(
        c.reference.height, c.candidate.height,
        "padded to one height"
    );
    assert!(total(&c.components).0 < 80.0, "{:?}", c.components);
}

#[test]
fn weights_sum_to_one_with_or_without_text() {
    for text in [None, Some(50.0)] {
        let (_, w) = total(&FidelityComponents {
            ssim: 50.0,
            layout: 50.0,
            color: 50.0,
            text,
        });
        assert!((w.ssim + w.layout + w.color + w.text - 1.0).abs() < 1e-9);
    }
}
