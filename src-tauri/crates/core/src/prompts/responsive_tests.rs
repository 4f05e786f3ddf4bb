use super::*;
use crate::responsive::{infer_width, WidthShot};

fn group(widths: &[(u32, u32)]) -> WidthGroup {
    WidthGroup::new(
        widths
            .iter()
            .map(|&(index, pixels)| WidthShot {
                index,
                width: infer_width(pixels, None),
            })
            .collect(),
    )
    .expect("a group")
}

#[test]
fn each_stack_gets_its_mobile_first_convention_at_these_widths() {
    let desktop_mobile = group(&[(0, 1440), (1, 390)]);
    let three = group(&[(0, 1280), (1, 768), (2, 390)]);
    // (stack, group, what the rules must say)
    let cases: Vec<(Stack, &WidthGroup, Vec<&str>)> = vec![
        (
            Stack::HtmlTailwind,
            &desktop_mobile,
            vec![
                "classes without a prefix are the mobile 390 layout (screenshot 2)",
                "`lg:` (1024 px and up) for the desktop 1440 layout (screenshot 1)",
            ],
        ),
        (
            Stack::ReactTailwind,
            &three,
            vec![
                "classes without a prefix are the mobile 390 layout (screenshot 3)",
                "`md:` (768 px and up) for the tablet 768 layout (screenshot 2)",
                "`lg:` (1024 px and up) for the desktop 1280 layout (screenshot 1)",
            ],
        ),
        (
            Stack::HtmlCss,
            &desktop_mobile,
            vec![
                "rules outside any media query are the mobile 390 layout",
                "`@media (min-width: 1024px)` (1024 px and up) for the desktop 1440 layout",
            ],
        ),
        (
            Stack::HtmlCss,
            &three,
            vec!["`@media (min-width: 768px)` (768 px and up) for the tablet 768 layout"],
        ),
        (
            Stack::Bootstrap,
            &desktop_mobile,
            vec![
                "classes without a breakpoint infix are the mobile 390 layout",
                "the `-lg-` classes (992 px and up) for the desktop 1440 layout",
                "navbar-expand-lg",
            ],
        ),
        (
            Stack::IonicTailwind,
            &desktop_mobile,
            vec!["`lg:` (1024 px and up)"],
        ),
    ];
    for (stack, group, needles) in cases {
        let rules = group_rules(stack, group);
        for needle in needles {
            assert!(
                rules.contains(needle),
                "{stack}, {}: missing {needle:?} in\n{rules}",
                group.label()
            );
        }
        for change in [
            "menu button",
            "columns",
            "stack into one",
            "hidden or shown",
        ] {
            assert!(
                rules.contains(change),
                "{stack}: names what changes: {change}"
            );
        }
    }
}

#[test]
fn a_narrow_tablet_switches_at_sm() {
    let rules = group_rules(Stack::HtmlTailwind, &group(&[(0, 700), (1, 390)]));
    assert!(
        rules.contains("`sm:` (640 px and up) for the tablet 700 layout"),
        "{rules}"
    );
}

#[test]
fn screenshots_are_labelled_with_their_width() {
    let width = infer_width(1170, None);
    assert_eq!(
        shot_label(1, 2, Some(&width)),
        "Screenshot 2 of 2 (mobile, 390 px wide (a 1170 px capture at 3×)):"
    );
    assert_eq!(
        shot_label(0, 2, Some(&infer_width(1440, None))),
        "Screenshot 1 of 2 (desktop, 1440 px wide):"
    );
    assert_eq!(shot_label(0, 3, None), "Screenshot 1 of 3:");
}

#[test]
fn the_intro_says_one_responsive_page() {
    let intro = one_page_intro(Stack::HtmlTailwind, &group(&[(0, 1440), (1, 390)]));
    for needle in [
        "one responsive HTML + Tailwind page",
        "same page at different screen widths (desktop 1440, mobile 390)",
        "not one page per screenshot",
        "rendered at each screenshot's width",
    ] {
        assert!(intro.contains(needle), "missing {needle:?} in {intro}");
    }
}
