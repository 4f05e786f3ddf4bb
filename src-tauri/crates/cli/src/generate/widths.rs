//! `--widths`: which of `s2c generate`'s screenshots are one page at several widths. By default
//! the core suggests it (screenshots of different breakpoints that look alike); `same-page`
//! says all of them are; `separate` says none are.

use s2c_core::responsive::{
    image_width, infer_width, suggest_groups, widths_label, ShotFacts, WidthGroup, WidthShot,
};
use s2c_core::vocab::ImageAttachment;

#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WidthsMode {
    /// Group the screenshots that look like one page at different widths.
    #[default]
    Auto,
    /// All the screenshots are one page at different widths.
    SamePage,
    /// Each screenshot is its own (no responsive groups).
    Separate,
}

pub fn width_groups(
    shots: &[ImageAttachment],
    mode: WidthsMode,
) -> Result<Vec<WidthGroup>, String> {
    if shots.len() < 2 || mode == WidthsMode::Separate {
        return Ok(Vec::new());
    }
    if mode == WidthsMode::Auto {
        let facts = shots
            .iter()
            .enumerate()
            .map(|(i, shot)| {
                ShotFacts::read(&shot.data, None)
                    .map_err(|e| format!("screenshot {} cannot be read: {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(suggest_groups(&facts));
    }
    let members = shots
        .iter()
        .enumerate()
        .map(|(i, shot)| {
            let pixels = image_width(&shot.data)
                .ok_or_else(|| format!("screenshot {} cannot be read", i + 1))?;
            Ok(WidthShot {
                index: u32::try_from(i).unwrap_or(u32::MAX),
                width: infer_width(pixels, None),
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    let label = widths_label(&members);
    let group = WidthGroup::new(members).ok_or_else(|| {
        format!(
            "--widths same-page needs each screenshot at its own breakpoint (mobile, tablet, \
             desktop); these are {label}"
        )
    })?;
    Ok(vec![group])
}

/// What the user is told about the groups found.
pub fn describe(groups: &[WidthGroup]) -> Vec<String> {
    groups
        .iter()
        .map(|g| {
            let mut numbers: Vec<u32> = g.shots.iter().map(|s| s.index + 1).collect();
            numbers.sort_unstable();
            let numbers: Vec<String> = numbers.iter().map(u32::to_string).collect();
            format!(
                "screenshots {} are one page at several widths ({}): one responsive page is \
                 built and scored at each width (--widths separate to build them apart)",
                numbers.join(" and "),
                g.label()
            )
        })
        .collect()
}
