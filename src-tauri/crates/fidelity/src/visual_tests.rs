use super::*;
use crate::canvas::Canvas;
use crate::test_pages::Page;

fn canvas(dx: u32, dy: u32, text: &str) -> Canvas {
    Canvas::unscaled(
        &Page::new(400, 80)
            .text(20 + dx, 20 + dy, text, [30, 41, 59])
            .image,
    )
}

const AREA: Area = Area {
    x0: 10,
    y0: 10,
    x1: 380,
    y1: 50,
};

#[test]
fn the_same_text_is_alike_and_other_words_are_not() {
    let reference = canvas(0, 0, "Ship beautiful dashboards");
    let (same, _) = align(
        &reference,
        &canvas(0, 0, "Ship beautiful dashboards"),
        AREA,
        (0, 0),
    );
    assert!((same - 1.0).abs() < 1e-9, "{same}");
    let (other, _) = align(
        &reference,
        &canvas(0, 0, "Dashboards people open"),
        AREA,
        (0, 0),
    );
    assert!(other < 0.7, "{other}");
}

#[test]
fn alignment_finds_a_shifted_copy_within_its_reach() {
    let reference = canvas(0, 0, "Ship beautiful dashboards");
    let shifted = canvas(2, 1, "Ship beautiful dashboards");
    let (similarity, offset) = align(&reference, &shifted, AREA, (0, 0));
    assert_eq!(offset, (2, 1));
    assert!(similarity > 0.99, "{similarity}");
    // Without the search the same pair looks far less alike.
    let unaligned = similarity_of_planes(&reference, &shifted);
    assert!(unaligned < similarity - 0.2, "{unaligned}");
}

fn similarity_of_planes(a: &Canvas, b: &Canvas) -> f64 {
    similarity(
        &a.fine,
        &b.fine,
        Area {
            x0: 20,
            y0: 20,
            x1: 760,
            y1: 100,
        },
        (0, 0),
    )
}

#[test]
fn an_empty_area_is_alike() {
    let reference = canvas(0, 0, "x");
    let empty = Area {
        x0: 5,
        y0: 5,
        x1: 5,
        y1: 9,
    };
    assert_eq!(
        similarity(&reference.fine, &reference.fine, empty, (0, 0)),
        1.0
    );
}
