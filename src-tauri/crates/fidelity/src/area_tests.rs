use super::*;

const A: Area = Area {
    x0: 10,
    y0: 10,
    x1: 30,
    y1: 20,
};

#[test]
fn union_shift_gap_and_overlap() {
    let b = Area {
        x0: 40,
        y0: 15,
        x1: 50,
        y1: 40,
    };
    assert_eq!(
        A.union(b),
        Area {
            x0: 10,
            y0: 10,
            x1: 50,
            y1: 40
        }
    );
    assert_eq!(
        A.shifted((-20, 5)),
        Area {
            x0: 0,
            y0: 15,
            x1: 10,
            y1: 25
        }
    );
    assert_eq!(A.gap(b), (10, 0));
    assert_eq!(A.overlap(b), 0);
    assert_eq!(A.overlap(A.shifted((5, 5))), 15 * 5);
    assert_eq!(
        (A.width(), A.height(), A.size(), A.center()),
        (20, 10, 200, (20.0, 15.0))
    );
}

#[test]
fn linked_items_form_groups() {
    let groups = linked_groups(5, |a, b| (a, b) == (0, 3) || (a, b) == (3, 4));
    assert_eq!(groups, vec![vec![0, 3, 4], vec![1], vec![2]]);
}
