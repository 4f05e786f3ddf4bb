use super::*;
use crate::canvas::Canvas;
use crate::color::lab_of_srgb;
use crate::test_pages::{Page, AMBER, INDIGO, WHITE};

fn area(x0: usize, y0: usize, x1: usize, y1: usize) -> Area {
    Area { x0, y0, x1, y1 }
}

#[test]
fn a_button_has_its_fill_as_surface_and_its_label_as_ink() {
    let canvas = Canvas::unscaled(
        &Page::new(200, 60)
            .fill(0, 0, 200, 60, INDIGO)
            .text(20, 20, "Get started", WHITE)
            .image,
    );
    let look = Look::of(&canvas, area(0, 0, 200, 60));
    assert!(delta_e_2000(look.dominant, lab_of_srgb(INDIGO)) < 1.0);
    let ink = look.ink.expect("the label is ink");
    assert!(delta_e_2000(ink, lab_of_srgb(WHITE)) < 3.0, "{ink:?}");
}

#[test]
fn a_recoloured_button_keeps_its_shape_but_not_its_colour() {
    let a = Canvas::unscaled(
        &Page::new(200, 60)
            .fill(0, 0, 200, 60, INDIGO)
            .text(20, 20, "Go", WHITE)
            .image,
    );
    let b = Canvas::unscaled(
        &Page::new(200, 60)
            .fill(0, 0, 200, 60, AMBER)
            .text(20, 20, "Go", WHITE)
            .image,
    );
    let (la, lb) = (
        Look::of(&a, area(0, 0, 200, 60)),
        Look::of(&b, area(0, 0, 200, 60)),
    );
    assert!(
        la.shape_similarity(&lb) > 0.95,
        "{}",
        la.shape_similarity(&lb)
    );
    assert!(
        la.color_difference(&lb) > 20.0,
        "{}",
        la.color_difference(&lb)
    );
    assert!(la.color_difference(&la) < 1e-9);
    let (want, got) = la.describe_change(&lb);
    assert_eq!(want, "background #4f46e5");
    assert_eq!(got, "background #d97706");
}

#[test]
fn flat_regions_are_alike_in_shape() {
    let canvas = Canvas::unscaled(&Page::new(100, 100).fill(50, 0, 50, 100, INDIGO).image);
    let (a, b) = (
        Look::of(&canvas, area(0, 0, 40, 40)),
        Look::of(&canvas, area(60, 0, 100, 40)),
    );
    assert_eq!(a.shape_similarity(&b), 1.0);
    assert!(a.ink.is_none());
}
