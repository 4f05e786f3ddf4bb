use super::*;

fn random_rows(seed: &mut u32, n: usize) -> Vec<f32> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 17;
            *seed ^= *seed << 5;
            (*seed % 25_600) as f32 / 100.0
        })
        .collect()
}

/// The blur as it was written first, with a buffer per pass: the in-place one must give the
/// same values, bit for bit (scores must not move).
fn blur_with_copies(plane: &[f32], width: usize, height: usize) -> Vec<f32> {
    let mut rows = vec![0.0f32; plane.len()];
    for y in 0..height {
        let row = &plane[y * width..(y + 1) * width];
        for x in 0..width {
            let left = row[x.saturating_sub(1)];
            let right = row[(x + 1).min(width - 1)];
            rows[y * width + x] = 0.25 * left + 0.5 * row[x] + 0.25 * right;
        }
    }
    let mut out = vec![0.0f32; plane.len()];
    for y in 0..height {
        let up = y.saturating_sub(1) * width;
        let down = (y + 1).min(height - 1) * width;
        for x in 0..width {
            out[y * width + x] =
                0.25 * rows[up + x] + 0.5 * rows[y * width + x] + 0.25 * rows[down + x];
        }
    }
    out
}

#[test]
fn the_blur_in_place_matches_the_blur_with_copies_bit_for_bit() {
    let mut seed = 0x2545_f491_u32;
    for (width, height) in [(1, 1), (1, 5), (5, 1), (2, 2), (7, 3), (64, 33)] {
        let plane = random_rows(&mut seed, width * height);
        let expected = blur_with_copies(&plane, width, height);
        let got = blur(plane, width, height);
        let same = expected
            .iter()
            .zip(&got)
            .all(|(a, b)| a.to_bits() == b.to_bits());
        assert!(same, "{width}×{height}: {expected:?} vs {got:?}");
    }
}

#[test]
fn padding_kept_as_one_value_reads_as_the_whole_padded_plane_blurred() {
    let mut seed = 0x1234_5678_u32;
    // Content rows, then padding: none, one, two, many; and a plane of padding only.
    for (width, content, height) in [
        (5, 3, 3),
        (5, 3, 4),
        (5, 3, 5),
        (7, 4, 40),
        (1, 2, 9),
        (6, 0, 4),
        (64, 33, 200),
    ] {
        let padding = 187.3_f32;
        let rows = random_rows(&mut seed, width * content);
        let mut whole = rows.clone();
        whole.resize(width * height, padding);
        let expected = blur_with_copies(&whole, width, height);
        let plane = Plane::blurred(rows, width, height, padding, 9.0);
        for y in 0..height {
            for x in 0..width {
                let (want, got) = (expected[y * width + x], plane.at(x as i64, y as i64));
                assert_eq!(
                    f64::from(want).to_bits(),
                    got.to_bits(),
                    "{width}×{height} with {content} rows of content, at ({x}, {y}): {want} vs {got}"
                );
            }
        }
        assert_eq!(plane.at(-1, 0), 9.0);
        assert_eq!(plane.at(0, height as i64), 9.0);
        // Only the content and the row the blur blends with it are stored.
        assert!(plane.data.len() <= width * (content + 1));
    }
}
