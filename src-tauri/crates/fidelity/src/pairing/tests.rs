use super::*;
use crate::blocks::detect;
use crate::canvas::Canvas;
use crate::test_pages::{Page, INK};

fn side_of(canvas: &Canvas) -> (Vec<Block>, Vec<Look>) {
    let blocks = detect(canvas);
    let looks = blocks
        .iter()
        .map(|b| Look::of(canvas, Area::of(b)))
        .collect();
    (blocks, looks)
}

fn groups(reference: &Page, candidate: &Page) -> Vec<Group> {
    let (r, c) = (
        Canvas::unscaled(&reference.image),
        Canvas::unscaled(&candidate.image),
    );
    let ((rb, rl), (cb, cl)) = (side_of(&r), side_of(&c));
    pair(
        &Side {
            canvas: &r,
            blocks: &rb,
            looks: &rl,
        },
        &Side {
            canvas: &c,
            blocks: &cb,
            looks: &cl,
        },
    )
}

fn page(card_x: u32, with_note: bool) -> Page {
    let p = Page::new(500, 300)
        .text(20, 20, "Quarterly revenue", INK)
        .fill(card_x, 80, 120, 80, [199, 210, 254])
        .text(20, 200, "Updated hourly from your warehouse", INK);
    if with_note {
        p.text(300, 250, "Note", INK)
    } else {
        p
    }
}

#[test]
fn identical_pages_pair_every_block_in_place() {
    let g = groups(&page(20, true), &page(20, true));
    assert!(g.iter().all(|g| g.is_pair() && g.offset == (0, 0)), "{g:?}");
}

#[test]
fn a_moved_block_is_found_where_it_went() {
    let g = groups(&page(20, true), &page(320, true));
    let moved: Vec<&Group> = g.iter().filter(|g| g.offset != (0, 0)).collect();
    assert_eq!(moved.len(), 1, "{g:?}");
    assert!(moved[0].is_pair());
    assert_eq!(moved[0].offset.0, 300);
    assert!(g.iter().all(|g| g.is_pair()), "nothing is missing: {g:?}");
}

#[test]
fn missing_and_extra_blocks_are_left_alone() {
    let g = groups(&page(20, true), &page(20, false));
    let missing: Vec<&Group> = g.iter().filter(|g| !g.is_pair()).collect();
    assert_eq!(missing.len(), 1, "{g:?}");
    assert!(missing[0].candidate.is_empty());
    let g = groups(&page(20, false), &page(20, true));
    let extra: Vec<&Group> = g.iter().filter(|g| !g.is_pair()).collect();
    assert_eq!(extra.len(), 1, "{g:?}");
    assert!(extra[0].reference.is_empty());
}

#[test]
fn a_block_cut_in_two_on_one_side_pairs_with_the_whole() {
    // One line on the left; on the right the same words with a gap that splits it in two.
    let whole = Page::new(400, 60).text(20, 20, "Ship beautiful", INK);
    let split = Page::new(400, 60)
        .text(20, 20, "Ship", INK)
        .text(68, 20, "beautiful", INK);
    let g = groups(&whole, &split);
    assert!(g.iter().all(|g| g.is_pair()), "{g:?}");
}
