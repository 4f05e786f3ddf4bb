use super::super::plane::blur;
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
    let top = [0, 0, 0, 0, 0, 0, 200, 100, 50, 200, 100, 50];
    let bottom = [0, 0, 0, 0, 0, 2, 200, 100, 50, 200, 100, 50];
    let mut out = Vec::new();
    halve_rows(&top, &bottom, &mut out);
    assert_eq!(out, vec![[0, 0, 1], [200, 100, 50]]);
}

/// A canvas as it was first made: every row stored, padding included.
struct Whole {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
    luma: Vec<f32>,
    coarse: Vec<f32>,
    fine: Vec<f32>,
    blank: f64,
}

/// `normalize` as it was first written, a whole image per step (the finer copy, the canvas
/// halved from it, both padded): reading row by row, and storing only the rows with content,
/// must give the same canvases, bit for bit.
fn normalized_in_whole_images(reference: &RgbImage, candidate: &RgbImage) -> (Whole, Whole) {
    let width = canvas_width(reference.width());
    let shrink = |image: &RgbImage| {
        let mut fine = scaled(image, width * FINE as u32);
        if fine.height() % 2 == 1 && fine.height() >= 2 {
            fine =
                image::imageops::crop_imm(&fine, 0, 0, fine.width(), fine.height() - 1).to_image();
        }
        let canvas = RgbImage::from_fn(fine.width() / 2, fine.height() / 2, |x, y| {
            let mut out = Vec::new();
            let row = |y: u32| -> Vec<u8> {
                (2 * x..2 * x + 2)
                    .flat_map(|x| fine.get_pixel(x, y).0)
                    .collect()
            };
            halve_rows(&row(2 * y), &row(2 * y + 1), &mut out);
            Rgb(out[0])
        });
        (fine, canvas)
    };
    let (ref_fine, ref_canvas) = shrink(reference);
    let (cand_fine, cand_canvas) = shrink(candidate);
    let height = ref_canvas.height().max(cand_canvas.height()) as usize + 1;
    let build = |canvas: &RgbImage, fine: &RgbImage| {
        let background = background(canvas);
        let (fw, fh) = (fine.width() as usize, height * FINE);
        let mut fine_luma = vec![luma_of(background); fw * fh];
        for (l, p) in fine_luma.iter_mut().zip(fine.as_raw().chunks_exact(3)) {
            *l = luma_of([p[0], p[1], p[2]]);
        }
        let w = canvas.width() as usize;
        let mut rgb: Vec<[u8; 3]> = canvas.pixels().map(|p| p.0).collect();
        rgb.resize(w * height, background);
        let luma: Vec<f32> = rgb.iter().map(|&p| luma_of(p)).collect();
        Whole {
            width: w,
            height,
            coarse: blur(luma.clone(), w, height),
            rgb,
            luma,
            fine: blur(fine_luma, fw, fh),
            blank: f64::from(luma_of(background)),
        }
    };
    (
        build(&ref_canvas, &ref_fine),
        build(&cand_canvas, &cand_fine),
    )
}

/// Where `got` differs from `want`, if anywhere.
fn difference(got: &Canvas, want: &Whole) -> Option<String> {
    if (got.width, got.height) != (want.width, want.height) {
        return Some(format!("size {}×{}", got.width, got.height));
    }
    let bits = |v: f64| v.to_bits();
    for y in 0..want.height {
        for x in 0..want.width {
            let i = y * want.width + x;
            if got.pixel(x, y) != want.rgb[i]
                || got.luma(x, y).to_bits() != want.luma[i].to_bits()
                || bits(got.coarse.at(x as i64, y as i64)) != bits(f64::from(want.coarse[i]))
            {
                return Some(format!("canvas at ({x}, {y})"));
            }
        }
    }
    let fine_width = FINE * want.width;
    for y in 0..FINE * want.height {
        for x in 0..fine_width {
            let v = want.fine[y * fine_width + x];
            if bits(got.fine.at(x as i64, y as i64)) != bits(f64::from(v)) {
                return Some(format!("fine plane at ({x}, {y})"));
            }
        }
    }
    (bits(got.fine.at(-1, 0)) != bits(want.blank)).then(|| "blank".to_owned())
}

#[test]
fn reading_row_by_row_makes_the_canvases_whole_images_made() {
    let mut seed = 0x9e37_79b9_u32;
    let mut noise = |x: u32, y: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        // Bands and cards, with noise: colours that round differently when averaged.
        let base = if (y / 37) % 2 == 0 { 240 } else { 60 } as u32;
        let card = u32::from((x / 50) % 2 == 0) * 40;
        Rgb([
            ((base + card + seed % 16) % 256) as u8,
            ((base + seed % 7) % 256) as u8,
            ((base / 2 + x % 9) % 256) as u8,
        ])
    };
    // Odd and even heights, a narrow screenshot (enlarged), a render taller than the cap, and
    // the render shorter than the screenshot.
    for (reference, candidate) in [
        ((1280, 861), (1280, 2_003)),
        ((390, 845), (390, 1_200)),
        ((200, 120), (200, 95)),
        ((1280, 400), (1280, 17_000)),
        ((1440, 3_000), (1440, 900)),
    ] {
        let image = |(w, h): (u32, u32), noise: &mut dyn FnMut(u32, u32) -> Rgb<u8>| {
            RgbImage::from_fn(w, h, &mut *noise)
        };
        let (r, c) = (image(reference, &mut noise), image(candidate, &mut noise));
        let (want_r, want_c) = normalized_in_whole_images(&r, &c);
        let (got_r, got_c) = normalize(r, c);
        assert_eq!(
            difference(&got_r, &want_r),
            None,
            "{reference:?}, the reference"
        );
        assert_eq!(
            difference(&got_c, &want_c),
            None,
            "{candidate:?}, the candidate"
        );
    }
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
    let (a, b) = normalize(tall, short);
    assert_eq!((a.width, a.height), (b.width, b.height));
    assert_eq!(b.pixel(10, b.height - 1), [15, 23, 42]);
    assert_eq!(a.fine.width, 2 * a.width);
}
