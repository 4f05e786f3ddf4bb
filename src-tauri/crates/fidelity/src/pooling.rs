//! From each group's errors to one number per component.
//!
//! Block match is Design2Code's: the paired share of all blocks' area. Position, visual and
//! colour are pooled as a weighted root mean square, `1 − √(Σ w·e² / Σ w)`: an error spread
//! thinly over the whole page (rendering noise, already mostly inside each term's tolerance)
//! stays small, while one place that is clearly wrong counts the way a person sees it — a
//! wrong button on an otherwise right page is noticed at once, though it covers 2 % of it.
//! Minkowski pooling with an exponent of 2 is the classic way image-quality measures weigh
//! their worst parts (Wang and Shang, "Spatial pooling strategies for perceptual image
//! quality assessment", ICIP 2006).

use crate::types::{Errors, FidelityComponents};

/// 0 up to `from`, 1 from `to`, linear between: an error with a tolerance.
pub fn ramp(value: f64, from: f64, to: f64) -> f64 {
    if to <= from {
        return if value > from { 1.0 } else { 0.0 };
    }
    ((value - from) / (to - from)).clamp(0.0, 1.0)
}

/// One group's share.
pub struct Weighted {
    pub weight: f64,
    pub errors: Errors,
}

/// The sums the components are made of. Removing a group's share is a subtraction, which is
/// how a region's cost is measured.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Pool {
    pub weight: f64,
    pub matched: f64,
    pub position: f64,
    pub visual: f64,
    pub color: f64,
}

impl Pool {
    pub fn of(items: impl Iterator<Item = Weighted>) -> Self {
        let mut pool = Self::default();
        for item in items {
            pool.add(item.weight, &item.errors, 1.0);
        }
        pool
    }

    /// Adds (`sign` 1) or takes away (−1) one group.
    pub fn add(&mut self, weight: f64, e: &Errors, sign: f64) {
        let w = weight * sign;
        self.weight += w;
        if !e.missing {
            self.matched += w;
        }
        self.position += w * e.position * e.position;
        self.visual += w * e.visual * e.visual;
        self.color += w * e.color * e.color;
    }

    /// The components, 0–100.
    pub fn components(&self, text: Option<f64>) -> FidelityComponents {
        // `+ 0.0` turns the -0.0 an empty float sum gives into 0.
        let percent = |v: f64| (v.clamp(0.0, 1.0) * 10_000.0).round() / 100.0 + 0.0;
        FidelityComponents {
            block: percent(self.block()),
            position: percent(self.position()),
            visual: percent(self.visual()),
            color: percent(self.color()),
            text: text.map(percent),
        }
    }

    /// Empty pages on both sides are identical.
    pub fn block(&self) -> f64 {
        self.share(self.matched)
    }
    pub fn position(&self) -> f64 {
        self.rms(self.position)
    }
    pub fn visual(&self) -> f64 {
        self.rms(self.visual)
    }
    pub fn color(&self) -> f64 {
        self.rms(self.color)
    }

    fn share(&self, part: f64) -> f64 {
        if self.weight <= 0.0 {
            1.0
        } else {
            (part / self.weight).clamp(0.0, 1.0)
        }
    }

    fn rms(&self, squares: f64) -> f64 {
        if self.weight <= 0.0 {
            1.0
        } else {
            1.0 - (squares / self.weight).clamp(0.0, 1.0).sqrt()
        }
    }
}
