//! Structural similarity (Wang, Bovik, Sheikh and Simoncelli 2004) on luminance, with an 8×8
//! box window, averaged with weights that favour windows with content.
//!
//! Plain mean SSIM rates a blank page against a page that is mostly white space as fairly
//! similar: every empty window matches perfectly. Weighting each window by
//! `σx² + σy² + C2` (its local contrast in either image) makes the mean about the places where
//! there is something to see, in the spirit of information-content weighted SSIM; two flat
//! windows still count, a little, so a page that is blank in both scores 1.

/// The usual constants for 8-bit data: (0.01·255)² and (0.03·255)².
const C1: f64 = 6.5025;
const C2: f64 = 58.5225;
const WINDOW: usize = 8;

/// Mean SSIM of two same-size luminance planes (0–255), in −1..=1 (1 when identical).
pub fn ssim(width: usize, height: usize, x: &[f32], y: &[f32]) -> f64 {
    debug_assert_eq!(x.len(), width * height);
    debug_assert_eq!(y.len(), width * height);
    if width < WINDOW || height < WINDOW {
        return if x == y { 1.0 } else { 0.0 };
    }
    // Column sums over the current 8 rows of x, y, x², y², xy; a window's sums are then 8
    // consecutive columns, kept as a running sum along the row. Memory stays O(width).
    let mut columns = vec![[0.0f64; 5]; width];
    let add_row = |columns: &mut [[f64; 5]], row: usize, sign: f64| {
        let (xs, ys) = (
            &x[row * width..(row + 1) * width],
            &y[row * width..(row + 1) * width],
        );
        for ((c, &a), &b) in columns.iter_mut().zip(xs).zip(ys) {
            let (a, b) = (f64::from(a), f64::from(b));
            c[0] += sign * a;
            c[1] += sign * b;
            c[2] += sign * a * a;
            c[3] += sign * b * b;
            c[4] += sign * a * b;
        }
    };
    let n = (WINDOW * WINDOW) as f64;
    let (mut weighted, mut weights) = (0.0f64, 0.0f64);
    for row in 0..height {
        add_row(&mut columns, row, 1.0);
        if row >= WINDOW {
            add_row(&mut columns, row - WINDOW, -1.0);
        }
        if row + 1 < WINDOW {
            continue;
        }
        let mut window = [0.0f64; 5];
        for (col, c) in columns.iter().enumerate() {
            for (w, v) in window.iter_mut().zip(c) {
                *w += v;
            }
            if col >= WINDOW {
                for (w, v) in window.iter_mut().zip(&columns[col - WINDOW]) {
                    *w -= v;
                }
            }
            if col + 1 < WINDOW {
                continue;
            }
            let (mx, my) = (window[0] / n, window[1] / n);
            let vx = (window[2] / n - mx * mx).max(0.0);
            let vy = (window[3] / n - my * my).max(0.0);
            let cov = window[4] / n - mx * my;
            let weight = vx + vy + C2;
            // weight × SSIM, with the weight cancelling SSIM's contrast-structure denominator.
            weighted += (2.0 * mx * my + C1) * (2.0 * cov + C2) / (mx * mx + my * my + C1);
            weights += weight;
        }
    }
    if weights > 0.0 {
        (weighted / weights).clamp(-1.0, 1.0)
    } else {
        1.0
    }
}

#[cfg(test)]
#[path = "ssim_tests.rs"]
mod tests;
