use super::*;

fn placed(x: f64, y: f64, dx: f64, dy: f64) -> Placed {
    Placed {
        center: (x, y),
        offset: (dx, dy),
    }
}

/// A column of 30 blocks on a 512 px canvas (2.5 CSS px a pixel).
fn column(offsets: impl Fn(usize) -> (f64, f64)) -> Vec<Placed> {
    (0..30)
        .map(|i| {
            let (dx, dy) = offsets(i);
            placed(100.0, 40.0 + 60.0 * i as f64, dx, dy)
        })
        .collect()
}

fn errors(p: &[Placed]) -> Vec<f64> {
    position_errors(p, 512.0, 1900.0, 2.5)
}

#[test]
fn a_pixel_or_two_costs_nothing() {
    assert!(errors(&column(|_| (1.0, -1.0))).iter().all(|&e| e == 0.0));
}

#[test]
fn one_block_moved_on_its_own_is_entirely_misplaced() {
    let e = errors(&column(|i| if i == 4 { (60.0, 0.0) } else { (0.0, 0.0) }));
    assert_eq!(e[4], 1.0);
    assert!(
        e.iter().enumerate().all(|(i, &v)| i == 4 || v == 0.0),
        "{e:?}"
    );
}

#[test]
fn blocks_that_stayed_put_are_not_blamed_for_neighbours_that_moved() {
    // Half the column (five neighbours of block 4) slid 100 px right; block 4 stayed.
    let e = errors(&column(|i| {
        if (5..10).contains(&i) || (0..2).contains(&i) {
            (100.0, 0.0)
        } else {
            (0.0, 0.0)
        }
    }));
    assert_eq!(e[4], 0.0, "{e:?}");
}

#[test]
fn content_that_slid_down_together_costs_by_how_far_down_the_page() {
    // Everything from block 10 on is 40 px higher (a section above it is gone).
    let e = errors(&column(|i| if i >= 10 { (0.0, -40.0) } else { (0.0, 0.0) }));
    assert!(e[..10].iter().all(|&v| v == 0.0), "{e:?}");
    // Away from the cut, in line with their neighbours; on the page, 40 of 1900 px.
    assert!(e[20] > 0.0 && e[20] < 0.2, "{e:?}");
    // A block moved on its own that far would be entirely out of line.
    assert!(e[20] < errors(&column(|i| if i == 20 { (0.0, -40.0) } else { (0.0, 0.0) }))[20]);
}
