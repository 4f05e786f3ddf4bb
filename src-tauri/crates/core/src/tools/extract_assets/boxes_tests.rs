use super::*;

fn b(values: [f64; 4]) -> Vec<Option<f64>> {
    values.iter().map(|v| Some(*v)).collect()
}

#[test]
fn boxes_are_repaired_or_dropped() {
    type Case = (&'static str, Vec<Option<f64>>, Option<[f64; 4]>);
    let cases: Vec<Case> = vec![
        (
            "well formed",
            b([100.0, 200.0, 300.0, 400.0]),
            Some([100.0, 200.0, 300.0, 400.0]),
        ),
        (
            "swapped corners",
            b([300.0, 400.0, 100.0, 200.0]),
            Some([100.0, 200.0, 300.0, 400.0]),
        ),
        (
            "swapped x only",
            b([100.0, 400.0, 300.0, 200.0]),
            Some([100.0, 200.0, 300.0, 400.0]),
        ),
        (
            "past the edges",
            b([-50.0, -1.0, 1200.0, 1000.5]),
            Some([0.0, 0.0, 1000.0, 1000.0]),
        ),
        ("NaN", b([f64::NAN, 0.0, 10.0, 10.0]), None),
        ("infinite", b([0.0, 0.0, f64::INFINITY, 10.0]), None),
        ("zero height", b([500.0, 100.0, 500.0, 200.0]), None),
        ("empty after clamping", b([1100.0, 0.0, 1200.0, 10.0]), None),
        ("three numbers", vec![Some(1.0), Some(2.0), Some(3.0)], None),
        (
            "a null inside",
            vec![Some(1.0), None, Some(3.0), Some(4.0)],
            None,
        ),
        ("nothing", vec![], None),
    ];
    for (name, raw, expected) in cases {
        let got = normalize(&raw).map(|n| [n.ymin, n.xmin, n.ymax, n.xmax]);
        assert_eq!(got, expected, "{name}");
    }
}

#[test]
fn pixels_are_rounded_outward_and_stay_inside() {
    let cases = [
        // 1000 px wide, 500 high: 0–1000 maps 1:1 on x and 1:2 on y.
        (
            [100.0, 200.0, 300.0, 400.0],
            (1000, 500),
            Some((200, 50, 200, 100)),
        ),
        // 10.5 → floor 10 at the start, 20.2 → ceil 21 at the end.
        (
            [21.0, 10.5, 40.4, 20.2],
            (1000, 500),
            Some((10, 10, 11, 11)),
        ),
        ([0.0, 0.0, 1000.0, 1000.0], (333, 77), Some((0, 0, 333, 77))),
        // A sliver narrower than a pixel still yields one pixel.
        (
            [500.0, 500.0, 500.4, 500.4],
            (100, 100),
            Some((50, 50, 1, 1)),
        ),
    ];
    for (raw, (w, h), expected) in cases {
        let nb = normalize(&b(raw)).expect("valid box");
        let got = to_pixels(nb, w, h).map(|r| (r.x, r.y, r.width, r.height));
        assert_eq!(got, expected, "{raw:?} on {w}x{h}");
    }
}
