use super::ssim;

fn plane(width: usize, height: usize, f: impl Fn(usize, usize) -> f32) -> Vec<f32> {
    (0..height)
        .flat_map(|y| (0..width).map(move |x| (x, y)))
        .map(|(x, y)| f(x, y))
        .collect()
}

fn stripes(x: usize, _y: usize) -> f32 {
    if (x / 3) % 2 == 0 {
        20.0
    } else {
        230.0
    }
}

#[test]
fn identical_planes_score_one() {
    let a = plane(40, 30, stripes);
    assert!((ssim(40, 30, &a, &a) - 1.0).abs() < 1e-9);
}

#[test]
fn a_blank_plane_against_content_scores_near_zero() {
    let a = plane(40, 30, stripes);
    let blank = plane(40, 30, |_, _| 255.0);
    let s = ssim(40, 30, &a, &blank);
    assert!(s < 0.1, "{s}");
}

#[test]
fn small_noise_costs_little_and_inversion_costs_everything() {
    let a = plane(40, 30, stripes);
    let noisy = plane(40, 30, |x, y| stripes(x, y) + ((x * 7 + y * 13) % 5) as f32);
    let inverted = plane(40, 30, |x, y| 255.0 - stripes(x, y));
    let s_noisy = ssim(40, 30, &a, &noisy);
    let s_inverted = ssim(40, 30, &a, &inverted);
    assert!(s_noisy > 0.95, "noise: {s_noisy}");
    assert!(s_inverted < 0.0, "inverted: {s_inverted}");
}

#[test]
fn planes_smaller_than_a_window_compare_exactly() {
    let a = vec![1.0; 4 * 4];
    assert_eq!(ssim(4, 4, &a, &a), 1.0);
    assert_eq!(ssim(4, 4, &a, &[2.0; 16]), 0.0);
}
