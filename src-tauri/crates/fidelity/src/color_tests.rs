use super::*;

fn lab(l: f64, a: f64, b: f64) -> Lab {
    Lab { l, a, b }
}

#[test]
fn ciede2000_matches_published_test_pairs() {
    // Pairs from Sharma, Wu and Dalal's CIEDE2000 test data (2005), with their ΔE00.
    let cases = [
        (
            lab(50.0, 2.6772, -79.7751),
            lab(50.0, 0.0, -82.7485),
            2.0425,
        ),
        (
            lab(50.0, -1.3802, -84.2814),
            lab(50.0, 0.0, -82.7485),
            1.0000,
        ),
        (lab(50.0, 0.0, 0.0), lab(50.0, -1.0, 2.0), 2.3669),
        (lab(50.0, 2.49, -0.001), lab(50.0, -2.49, 0.0011), 7.2195),
        (
            lab(60.2574, -34.0099, 36.2677),
            lab(60.4626, -34.1751, 39.4387),
            1.2644,
        ),
        (
            lab(22.7233, 20.0904, -46.6940),
            lab(23.0331, 14.9730, -42.5619),
            2.0373,
        ),
        (
            lab(90.9257, -0.5406, -0.9208),
            lab(88.6381, -0.8985, -0.7239),
            1.5381,
        ),
    ];
    for (i, (p, q, expected)) in cases.into_iter().enumerate() {
        let got = delta_e_2000(p, q);
        assert!(
            (got - expected).abs() < 1e-3,
            "pair {i}: {got} vs {expected}"
        );
        assert!(
            (delta_e_2000(q, p) - expected).abs() < 1e-3,
            "pair {i} reversed"
        );
    }
}

#[test]
fn srgb_to_lab_anchors() {
    let white = lab_of_srgb([255, 255, 255]);
    assert!((white.l - 100.0).abs() < 0.01 && white.a.abs() < 0.01 && white.b.abs() < 0.01);
    let black = lab_of_srgb([0, 0, 0]);
    assert!(black.l.abs() < 0.01);
    let red = lab_of_srgb([255, 0, 0]);
    assert!(
        (red.l - 53.24).abs() < 0.05 && (red.a - 80.09).abs() < 0.1,
        "{red:?}"
    );
}

#[test]
fn lab_converts_back_to_the_same_srgb() {
    for rgb in [
        [37, 99, 235],
        [255, 255, 255],
        [0, 0, 0],
        [220, 38, 38],
        [15, 23, 42],
    ] {
        assert_eq!(srgb_of_lab(lab_of_srgb(rgb)), rgb);
    }
}
