use super::*;
use image::{Rgb, RgbImage};

fn page(boxes: &[(u32, u32, u32, u32, [u8; 3])]) -> Canvas {
    let mut image = RgbImage::from_pixel(200, 150, Rgb([255, 255, 255]));
    for &(x, y, w, h, color) in boxes {
        for yy in y..y + h {
            for xx in x..x + w {
                image.put_pixel(xx, yy, Rgb(color));
            }
        }
    }
    Canvas::unscaled(&image)
}

#[test]
fn separate_boxes_are_separate_blocks() {
    let canvas = page(&[
        (10, 10, 60, 20, [0, 0, 0]),
        (120, 10, 50, 20, [200, 0, 0]),
        (10, 80, 180, 40, [0, 0, 200]),
    ]);
    let blocks = detect(&canvas);
    let boxes: Vec<(usize, usize, usize, usize)> =
        blocks.iter().map(|b| (b.x0, b.y0, b.x1, b.y1)).collect();
    // The edge sits on the last pixel before a change, so a box's right and bottom edges are
    // one pixel in; the left and top ones one pixel out.
    assert_eq!(
        boxes,
        vec![(9, 9, 70, 30), (119, 9, 170, 30), (9, 79, 190, 120)],
        "{blocks:?}"
    );
}

#[test]
fn close_boxes_merge_and_a_blank_page_has_none() {
    let near = page(&[(10, 10, 30, 8, [0, 0, 0]), (42, 10, 30, 8, [0, 0, 0])]);
    assert_eq!(detect(&near).len(), 1, "a 2 px gap is within a word");
    assert!(detect(&page(&[])).is_empty());
}

#[test]
fn a_smooth_gradient_is_not_a_block() {
    let mut image = RgbImage::new(100, 100);
    for (_, y, p) in image.enumerate_pixels_mut() {
        let v = 200 + (y / 2) as u8;
        *p = Rgb([v, v, 255]);
    }
    assert!(detect(&Canvas::unscaled(&image)).is_empty());
}

#[test]
fn runs_split_only_at_wide_gaps() {
    assert_eq!(runs(&[1, 0, 1, 0, 0, 0, 0, 1], 4, 0), vec![(0, 3), (7, 8)]);
    assert_eq!(runs(&[1, 1], 4, 0), vec![(0, 2)]);
}
