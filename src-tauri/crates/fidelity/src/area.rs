//! Rectangles of a canvas, and what the comparison does with them.

use super::blocks::Block;
use super::canvas::Canvas;

/// A rectangle `[x0, x1) × [y0, y1)` of a canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Area {
    pub fn of(block: &Block) -> Self {
        Self {
            x0: block.x0,
            y0: block.y0,
            x1: block.x1,
            y1: block.y1,
        }
    }

    pub fn width(&self) -> usize {
        self.x1.saturating_sub(self.x0)
    }

    pub fn height(&self) -> usize {
        self.y1.saturating_sub(self.y0)
    }

    pub fn size(&self) -> usize {
        self.width() * self.height()
    }

    pub fn center(&self) -> (f64, f64) {
        (
            (self.x0 + self.x1) as f64 / 2.0,
            (self.y0 + self.y1) as f64 / 2.0,
        )
    }

    /// The smallest area holding both.
    pub fn union(self, other: Area) -> Area {
        Area {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    /// Moved by `(dx, dy)`, stopping at 0.
    pub fn shifted(self, (dx, dy): (i64, i64)) -> Area {
        let at = |v: usize, d: i64| usize::try_from((v as i64 + d).max(0)).unwrap_or(0);
        Area {
            x0: at(self.x0, dx),
            y0: at(self.y0, dy),
            x1: at(self.x1, dx),
            y1: at(self.y1, dy),
        }
    }

    /// The part inside `canvas`.
    pub fn within(self, canvas: &Canvas) -> Area {
        let x1 = self.x1.min(canvas.width);
        let y1 = self.y1.min(canvas.height);
        Area {
            x0: self.x0.min(x1),
            y0: self.y0.min(y1),
            x1,
            y1,
        }
    }

    /// The empty space between the two, across and down (0 where they overlap).
    pub fn gap(self, other: Area) -> (usize, usize) {
        (
            other
                .x0
                .saturating_sub(self.x1)
                .max(self.x0.saturating_sub(other.x1)),
            other
                .y0
                .saturating_sub(self.y1)
                .max(self.y0.saturating_sub(other.y1)),
        )
    }

    /// How many pixels the two share.
    pub fn overlap(self, other: Area) -> usize {
        let w = self.x1.min(other.x1).saturating_sub(self.x0.max(other.x0));
        let h = self.y1.min(other.y1).saturating_sub(self.y0.max(other.y0));
        w * h
    }
}

/// Items `0..n` grouped so that `linked` items share a group (union–find), each group in
/// ascending order, the groups by their first item.
pub fn linked_groups(n: usize, linked: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for a in 0..n {
        for b in a + 1..n {
            if linked(a, b) {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
    }
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for a in 0..n {
        let r = root(&mut parent, a);
        groups.entry(r).or_default().push(a);
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    groups.sort_by_key(|g| g[0]);
    groups
}

#[cfg(test)]
#[path = "area_tests.rs"]
mod tests;
