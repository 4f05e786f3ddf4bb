//! Blurred luminance at one size, storing only the rows with content: below them a page is its
//! background, and the blur of a flat background is one value, so those rows are that value.
//! A one-screen screenshot compared with a 12 000 px render would otherwise hold ~40 MB of it.

/// Blurred luminance, row-major, with the luminance of the padding around it.
pub struct Plane {
    pub width: usize,
    pub height: usize,
    /// The first rows: the content, and the row below it that the blur blends with it.
    data: Vec<f32>,
    /// Every row below `data`'s (one row's worth).
    fill: Vec<f32>,
    /// Read for positions outside the plane.
    pub blank: f64,
}

impl Plane {
    /// `content` (whole rows of luminance, at most `height` of them) padded with `padding` to
    /// `height` rows, blurred; `blank` is read outside the plane. The same values, bit for bit,
    /// as blurring the whole padded plane.
    pub fn blurred(
        mut content: Vec<f32>,
        width: usize,
        height: usize,
        padding: f32,
        blank: f64,
    ) -> Self {
        let rows = content.len().checked_div(width).unwrap_or(0).min(height);
        content.truncate(rows * width);
        // One padding row is stored: the blur mixes it with the last row of content. Below it,
        // every row is the blur of a flat row between flat rows.
        if rows < height {
            content.resize((rows + 1) * width, padding);
        }
        let stored = content.len().checked_div(width).unwrap_or(0);
        let data = blur(content, width, stored);
        let flat = spread(spread(padding));
        Self {
            width,
            height,
            data,
            fill: vec![flat; width],
            blank,
        }
    }

    /// A plane of nothing (what is left once one is no longer needed).
    pub fn empty() -> Self {
        Self {
            width: 0,
            height: 0,
            data: Vec::new(),
            fill: Vec::new(),
            blank: 0.0,
        }
    }

    /// Row `y` (< `height`).
    pub fn row(&self, y: usize) -> &[f32] {
        let start = y * self.width;
        self.data
            .get(start..start + self.width)
            .unwrap_or(&self.fill)
    }

    /// The value at (x, y), or the padding's outside the plane.
    pub fn at(&self, x: i64, y: i64) -> f64 {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            self.blank
        } else {
            f64::from(self.row(y as usize)[x as usize])
        }
    }
}

/// One step of the blur on a flat run: its value, as the blur's own arithmetic gives it.
fn spread(v: f32) -> f32 {
    0.25 * v + 0.5 * v + 0.25 * v
}

/// A [1 2 1] / 4 blur along rows, then along columns; edges repeat their last pixel.
pub(crate) fn blur(mut plane: Vec<f32>, width: usize, height: usize) -> Vec<f32> {
    // In place, keeping aside only the rows a pass still needs as they were: the fine plane of
    // a 12 000 px page is ~40 MB, and a copy per pass tripled it at the comparison's peak.
    if width == 0 || height == 0 {
        return plane;
    }
    let mut was = vec![0.0f32; width];
    for row in plane.chunks_exact_mut(width) {
        was.copy_from_slice(row);
        for x in 0..width {
            let left = was[x.saturating_sub(1)];
            let right = was[(x + 1).min(width - 1)];
            row[x] = 0.25 * left + 0.5 * was[x] + 0.25 * right;
        }
    }
    // The row above as the row pass left it; the row below is not written yet.
    let mut above = plane[..width].to_vec();
    let mut current = vec![0.0f32; width];
    for y in 0..height {
        current.copy_from_slice(&plane[y * width..(y + 1) * width]);
        let down = (y + 1).min(height - 1);
        for x in 0..width {
            let below = if down == y {
                current[x]
            } else {
                plane[down * width + x]
            };
            plane[y * width + x] = 0.25 * above[x] + 0.5 * current[x] + 0.25 * below;
        }
        std::mem::swap(&mut above, &mut current);
    }
    plane
}

#[cfg(test)]
#[path = "plane_tests.rs"]
mod tests;
