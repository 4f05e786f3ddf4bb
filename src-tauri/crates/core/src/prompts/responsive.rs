//! What the opening message says when screenshots are one page at several widths: that it is
//! one responsive page, each screenshot's width, where the stack's mobile-first layouts switch
//! for those widths, and what to look for that changes between them.

use super::stack::Stack;
use crate::responsive::{Breakpoint, ScreenshotWidth, WidthGroup};

/// How a screenshot is introduced: "Screenshot 2 of 3 (mobile, 390 px wide):".
pub(crate) fn shot_label(index: usize, count: usize, width: Option<&ScreenshotWidth>) -> String {
    let position = format!("Screenshot {} of {count}", index + 1);
    match width {
        Some(width) => format!("{position} ({}):", describe_width(width)),
        None => format!("{position}:"),
    }
}

/// "mobile, 390 px wide (a 1170 px capture at 3×)".
fn describe_width(width: &ScreenshotWidth) -> String {
    let capture = if width.dpr > 1 {
        format!(" (a {} px capture at {}×)", width.pixels, width.dpr)
    } else {
        String::new()
    };
    format!(
        "{}, {} px wide{capture}",
        width.breakpoint.as_str(),
        width.css
    )
}

/// The opening words when every screenshot is in `group`.
pub(crate) fn one_page_intro(stack: Stack, group: &WidthGroup) -> String {
    format!(
        "Build one responsive {} page from these {} screenshots. They are the same page at \
         different screen widths ({}): one page whose layout adapts, not one page per \
         screenshot. Your page will be rendered at each screenshot's width and compared with \
         it, so it must match each screenshot at its own width.",
        stack.display_name(),
        group.shots.len(),
        group.label()
    )
}

/// How to build a group: the stack's mobile-first convention at these widths, and what to
/// compare between the screenshots. `numbers` are the screenshots' 1-based positions.
pub(crate) fn group_rules(stack: Stack, group: &WidthGroup) -> String {
    let Some(narrowest) = group.narrowest() else {
        return String::new();
    };
    let base = format!(
        "the {} layout (screenshot {})",
        narrowest.width.label(),
        narrowest.index + 1
    );
    let wider: Vec<String> = group
        .shots
        .iter()
        .rev()
        .skip(1)
        .map(|shot| {
            let (switch, min) = switch_for(stack, &shot.width);
            format!(
                "{switch} ({min} px and up) for the {} layout (screenshot {})",
                shot.width.label(),
                shot.index + 1
            )
        })
        .collect();
    let convention = match convention_of(stack) {
        Convention::Tailwind => format!(
            "Write it mobile-first, as Tailwind works: classes without a prefix are {base}; \
             add the wider layouts with prefixed classes: {}.",
            wider.join("; ")
        ),
        Convention::Bootstrap => format!(
            "Write it mobile-first, as Bootstrap's grid and utilities work: classes without a \
             breakpoint infix are {base}; the wider layouts use the infixed classes \
             (`col-12 col-lg-4`, `d-none d-lg-flex`, `navbar-expand-lg`): {}.",
            wider.join("; ")
        ),
        Convention::MediaQueries => format!(
            "Write the CSS mobile-first: the rules outside any media query are {base}; add the \
             wider layouts in min-width media queries: {}.",
            wider.join("; ")
        ),
    };
    format!(
        "{convention}\n\nBefore you write code, compare the screenshots and note what changes \
         between the widths, then build exactly those changes at the breakpoints above: \
         navigation that collapses into a menu button (make the button open the menu), columns \
         that stack into one, elements hidden or shown at one width only, blocks that change \
         order, and type sizes, spacing and images that shrink. Everything else is the same \
         markup at every width: the same text, colours and components, written once."
    )
}

enum Convention {
    Tailwind,
    Bootstrap,
    MediaQueries,
}

fn convention_of(stack: Stack) -> Convention {
    if stack.uses_tailwind() {
        Convention::Tailwind
    } else if stack == Stack::Bootstrap {
        Convention::Bootstrap
    } else {
        Convention::MediaQueries
    }
}

/// Where the stack's layout switches for a screenshot `width` wide: the largest of its
/// breakpoints at or under the width, so the switch falls between this width and narrower ones.
fn switch_for(stack: Stack, width: &ScreenshotWidth) -> (String, u32) {
    let desktop = width.breakpoint == Breakpoint::Desktop;
    match convention_of(stack) {
        Convention::Tailwind => {
            let (prefix, min) = if desktop {
                ("lg", 1024)
            } else if width.css >= 768 {
                ("md", 768)
            } else {
                ("sm", 640)
            };
            (format!("`{prefix}:`"), min)
        }
        Convention::Bootstrap => {
            let (infix, min) = if desktop {
                ("lg", 992)
            } else if width.css >= 768 {
                ("md", 768)
            } else {
                ("sm", 576)
            };
            (format!("the `-{infix}-` classes"), min)
        }
        Convention::MediaQueries => {
            let min = if desktop {
                1024
            } else if width.css >= 768 {
                768
            } else {
                640
            };
            (format!("`@media (min-width: {min}px)`"), min)
        }
    }
}

#[cfg(test)]
#[path = "responsive_tests.rs"]
mod tests;
