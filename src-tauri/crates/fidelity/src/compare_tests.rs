use super::*;
use crate::test_pages::{landing, Page, AMBER, INDIGO};
use crate::types::{total, FidelityComponents, WEIGHTS};
use image::Rgb;

fn score(reference: &RgbImage, candidate: &RgbImage) -> f64 {
    total(&compare(reference.clone(), candidate.clone(), None).components).0
}

const HEADLINE: &str = "Ship beautiful dashboards in minutes";

#[test]
fn identical_pages_score_100() {
    let page = landing(HEADLINE, INDIGO, 800);
    let c = compare(page.clone(), page, None);
    assert_eq!(total(&c.components).0, 100.0, "{:?}", c.components);
    assert!(c.regions.is_empty(), "{:?}", c.regions);
}

#[test]
fn a_page_two_pixels_lower_is_harmless() {
    let page = landing(HEADLINE, INDIGO, 800);
    let mut lower = RgbImage::from_pixel(1280, 1000, Rgb([255, 255, 255]));
    image::imageops::overlay(&mut lower, &page, 1, 2);
    let s = score(&page, &lower);
    assert!(s >= 97.0, "shifted: {s}");
}

#[test]
fn faults_rank_as_a_designer_ranks_them() {
    let page = landing(HEADLINE, INDIGO, 800);
    let recolored = score(&page, &landing(HEADLINE, AMBER, 800));
    let reworded = score(
        &page,
        &landing("Dashboards your team will actually open", INDIGO, 800),
    );
    let moved = score(&page, &landing(HEADLINE, INDIGO, 600));
    let half = score(
        &page,
        &Page::new(1280, 1000)
            .fill(0, 0, 1, 1, [255, 255, 255])
            .image,
    );
    let mut top_half = page.clone();
    for y in 500..1000 {
        for x in 0..1280 {
            top_half.put_pixel(x, y, Rgb([255, 255, 255]));
        }
    }
    let half_missing = score(&page, &top_half);
    eprintln!(
        "recolored {recolored} reworded {reworded} moved {moved} half {half_missing} blank {half}"
    );
    assert!(recolored < 99.0 && reworded < 99.0 && moved < 99.0);
    for single in [recolored, reworded, moved] {
        assert!(
            single > half_missing,
            "{single} vs half missing {half_missing}"
        );
    }
    assert!(half_missing > half, "{half_missing} vs blank {half}");
    assert!(half < 5.0, "blank: {half}");
}

#[test]
fn each_fault_is_named_where_it_is() {
    let page = landing(HEADLINE, INDIGO, 800);
    let recolored = compare(page.clone(), landing(HEADLINE, AMBER, 800), None);
    let first = recolored.report_regions().remove(0);
    assert_eq!(first.kind, crate::RegionKind::Color, "{first:?}");
    assert!(
        first.description.contains("#4f46e5"),
        "{}",
        first.description
    );
    assert!(
        first.screenshot_box.x <= 64 && first.screenshot_box.y <= 300,
        "{first:?}"
    );

    let moved = compare(page.clone(), landing(HEADLINE, INDIGO, 600), None);
    let first = moved.report_regions().remove(0);
    assert_eq!(first.kind, crate::RegionKind::Moved, "{first:?}");
    assert!(
        first.description.contains("px too far left"),
        "{}",
        first.description
    );
    let page_box = first
        .page_box
        .expect("a moved region says where the page has it");
    assert!(page_box.x + 150 < first.screenshot_box.x, "{first:?}");

    let mut cut = page.clone();
    for y in 420..660 {
        for x in 780..1180 {
            cut.put_pixel(x, y, Rgb([255, 255, 255]));
        }
    }
    let missing = compare(page, cut, None);
    let first = missing.report_regions().remove(0);
    assert_eq!(first.kind, crate::RegionKind::Missing, "{first:?}");
    assert!(first.cost > 1.0, "{first:?}");
}

#[test]
fn a_shorter_render_counts_as_missing_content() {
    let page = landing(HEADLINE, INDIGO, 800);
    let short = image::imageops::crop_imm(&page, 0, 0, 1280, 500).to_image();
    let c = compare(page, short, None);
    assert_eq!(
        c.reference.height, c.candidate.height,
        "padded to one height"
    );
    assert!(total(&c.components).0 < 85.0, "{:?}", c.components);
    let regions = c.report_regions();
    assert!(
        regions
            .iter()
            .any(|r| r.kind == crate::RegionKind::Missing && r.screenshot_box.y >= 500),
        "{regions:?}"
    );
}

#[test]
fn weights_sum_to_one_with_or_without_text_and_text_goes_to_the_visual_term() {
    for text in [None, Some(50.0)] {
        let (_, w) = total(&FidelityComponents {
            block: 50.0,
            position: 50.0,
            visual: 50.0,
            color: 50.0,
            text,
        });
        assert!((w.block + w.position + w.visual + w.color + w.text - 1.0).abs() < 1e-9);
    }
    let (_, without) = total(&FidelityComponents {
        block: 1.0,
        position: 1.0,
        visual: 1.0,
        color: 1.0,
        text: None,
    });
    assert_eq!(without.visual, WEIGHTS.visual + WEIGHTS.text);
}
