//! One page handed over at several widths (a desktop and a mobile screenshot of it): which
//! screenshot is which breakpoint ([`width`]), which screenshots are the same page
//! ([`grouping`]), and the groups a generation request carries ([`WidthGroup`]), which the
//! prompt describes and the fidelity check scores width by width.

pub mod grouping;
pub mod width;

pub use grouping::{suggest_groups, ShotFacts};
pub use width::{image_width, infer_width, Breakpoint, ScreenshotWidth};

use serde::{Deserialize, Serialize};

/// One screenshot of a [`WidthGroup`]: its place among the request's screenshots and its width.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct WidthShot {
    /// Index into the request's screenshots (0-based).
    pub index: u32,
    pub width: ScreenshotWidth,
}

/// Screenshots of one page at different widths, widest first: at least two, each at its own
/// breakpoint.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct WidthGroup {
    pub shots: Vec<WidthShot>,
}

impl WidthGroup {
    /// A group of `shots`, put widest first; `None` unless they are two or more screenshots at
    /// as many breakpoints.
    pub fn new(mut shots: Vec<WidthShot>) -> Option<Self> {
        shots.sort_by(|a, b| b.width.css.cmp(&a.width.css).then(a.index.cmp(&b.index)));
        let group = Self { shots };
        group.check().ok().map(|()| group)
    }

    fn check(&self) -> Result<(), String> {
        if self.shots.len() < 2 {
            return Err("a group of widths needs at least two screenshots".to_owned());
        }
        let mut breakpoints: Vec<Breakpoint> =
            self.shots.iter().map(|s| s.width.breakpoint).collect();
        breakpoints.sort();
        breakpoints.dedup();
        if breakpoints.len() != self.shots.len() {
            return Err(format!(
                "a group of widths has one screenshot per breakpoint (mobile, tablet, desktop); \
                 this one has {}",
                self.label()
            ));
        }
        Ok(())
    }

    /// The narrowest screenshot's width: where a mobile-first page starts.
    pub fn narrowest(&self) -> Option<&WidthShot> {
        self.shots.last()
    }

    /// "desktop 1440, mobile 390", as the tray and the prompt name the group.
    pub fn label(&self) -> String {
        widths_label(&self.shots)
    }
}

/// `shots`' widths, widest first: "desktop 1440, mobile 390".
pub fn widths_label(shots: &[WidthShot]) -> String {
    let mut widths: Vec<&ScreenshotWidth> = shots.iter().map(|s| &s.width).collect();
    widths.sort_by_key(|w| std::cmp::Reverse(w.css));
    widths
        .iter()
        .map(|w| w.label())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks groups read from a request: each is a group, and each of `count` screenshots is in
/// at most one.
pub fn validate_groups(groups: &[WidthGroup], count: usize) -> Result<(), String> {
    let mut seen = vec![false; count];
    for group in groups {
        group.check()?;
        for shot in &group.shots {
            let i = shot.index as usize;
            match seen.get_mut(i) {
                None => {
                    return Err(format!(
                        "a group names screenshot {} but there are only {count}",
                        i + 1
                    ))
                }
                Some(true) => {
                    return Err(format!("screenshot {} is in two groups", i + 1));
                }
                Some(slot) => *slot = true,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "mod_tests.rs"]
mod tests;
