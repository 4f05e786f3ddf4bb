use super::*;
use crate::fidelity::color::Lab;

fn block(x0: usize, y0: usize, w: usize, h: usize) -> Block {
    Block {
        x0,
        y0,
        x1: x0 + w,
        y1: y0 + h,
        mean_lab: Lab {
            l: 50.0,
            a: 0.0,
            b: 0.0,
        },
    }
}

#[test]
fn identical_layouts_score_one() {
    let blocks = vec![block(10, 10, 100, 20), block(10, 50, 300, 80)];
    let pairs = match_blocks(&blocks, &blocks, 512);
    assert_eq!(pairs.len(), 2);
    assert!((layout_score(&blocks, &blocks, &pairs) - 1.0).abs() < 1e-9);
}

#[test]
fn a_missing_block_costs_its_share_and_a_far_move_costs_more_than_a_near_one() {
    let reference = vec![block(10, 10, 100, 20), block(10, 50, 100, 20)];
    let missing = vec![block(10, 10, 100, 20)];
    let near = vec![block(10, 10, 100, 20), block(20, 55, 100, 20)];
    let far = vec![block(10, 10, 100, 20), block(300, 400, 100, 20)];
    let score =
        |cand: &[Block]| layout_score(&reference, cand, &match_blocks(&reference, cand, 512));
    let (s_missing, s_near, s_far) = (score(&missing), score(&near), score(&far));
    assert!((s_missing - 2.0 / 3.0).abs() < 1e-9, "missing: {s_missing}");
    assert!(s_near > 0.8 && s_near < 1.0, "near: {s_near}");
    assert!((s_far - 0.5).abs() < 1e-9, "far: {s_far}");
}

#[test]
fn each_block_pairs_at_most_once() {
    let reference = vec![block(10, 10, 100, 20)];
    let candidate = vec![block(10, 10, 100, 20), block(12, 10, 100, 20)];
    let pairs = match_blocks(&reference, &candidate, 512);
    assert_eq!(pairs.len(), 1);
    assert_eq!(pairs[0].candidate, 0);
}

#[test]
fn empty_pages() {
    assert_eq!(layout_score(&[], &[], &[]), 1.0);
    assert_eq!(layout_score(&[block(0, 0, 10, 10)], &[], &[]), 0.0);
}
