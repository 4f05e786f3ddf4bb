use super::*;
use crate::prompts::{CreateInput, DesignTokens};
use crate::responsive::infer_width;
use crate::vocab::ImageAttachment;

fn page(name: &str, route: &str) -> Page {
    Page {
        name: name.to_owned(),
        route: route.to_owned(),
    }
}

fn shots(n: usize) -> Vec<ImageAttachment> {
    (0..n)
        .map(|i| ImageAttachment {
            media_type: "image/png".to_owned(),
            data: vec![u8::try_from(i).unwrap_or(0)],
        })
        .collect()
}

/// A group of screenshots by (index, pixel width).
fn group(members: &[(u32, u32)]) -> WidthGroup {
    WidthGroup::new(
        members
            .iter()
            .map(|&(index, pixels)| WidthShot {
                index,
                width: infer_width(pixels, None),
            })
            .collect(),
    )
    .expect("a group")
}

/// Each page as "route: index@css-width …", the table's shorthand.
fn layout(pages: &[PageShots]) -> Vec<String> {
    pages
        .iter()
        .map(|p| {
            let shots: Vec<String> = p
                .shots
                .iter()
                .map(|s| match s.width {
                    Some(w) => format!("{}@{}", s.index, w.css),
                    None => s.index.to_string(),
                })
                .collect();
            format!("{} {}: {}", p.page.name, p.page.route, shots.join(" "))
        })
        .collect()
}

/// What a row says, the stack, the input, the names given, and each page as [`layout`] writes it.
type Case<'a> = (&'a str, Stack, CreateInput, &'a [Page], Vec<&'a str>);

#[test]
fn which_screenshots_are_which_page() {
    let home_pricing = [page("Home", "/"), page("Pricing", "/pricing")];
    let three = [
        page("Home", "/"),
        page("Pricing", "/pricing"),
        page("About", "/about"),
    ];
    let per_screenshot = [
        page("Home", "/"),
        page("Home", "/home-2"),
        page("Pricing", "/pricing"),
    ];
    let root_second = [page("Desktop", "/desktop"), page("Home", "/")];
    let cases: Vec<Case> = vec![
        (
            "a single file, one screenshot",
            Stack::HtmlTailwind,
            CreateInput::screenshots(shots(1)),
            &[],
            vec!["Home /: 0"],
        ),
        (
            "a single file builds one page: the first screenshot's",
            Stack::HtmlTailwind,
            CreateInput::screenshots(shots(3)),
            &[],
            vec!["Home /: 0"],
        ),
        (
            "a single file at several widths: the first screenshot's group, widest first",
            Stack::HtmlTailwind,
            CreateInput::Screenshots {
                shots: shots(3),
                groups: vec![group(&[(0, 390), (2, 1440)])],
            },
            &[],
            vec!["Home /: 2@1440 0@390"],
        ),
        (
            "a single file whose group is not first: the first screenshot alone, as before",
            Stack::HtmlTailwind,
            CreateInput::Screenshots {
                shots: shots(3),
                groups: vec![group(&[(1, 390), (2, 1440)])],
            },
            &[],
            vec!["Home /: 0"],
        ),
        (
            "a project: a page per screenshot, named",
            Stack::ReactVite,
            CreateInput::screenshots(shots(2)),
            &home_pricing,
            vec!["Home /: 0", "Pricing /pricing: 1"],
        ),
        (
            "a project page at two widths is one page",
            Stack::ReactViteShadcn,
            CreateInput::Screenshots {
                shots: shots(3),
                groups: vec![group(&[(1, 390), (2, 1440)])],
            },
            &home_pricing,
            vec!["Home /: 0", "Pricing /pricing: 2@1440 1@390"],
        ),
        (
            "a project whose first page is a group, named once per screenshot (older requests)",
            Stack::ReactVite,
            CreateInput::Screenshots {
                shots: shots(3),
                groups: vec![group(&[(0, 1440), (1, 390)])],
            },
            &per_screenshot,
            vec!["Home /: 0@1440 1@390", "Pricing /pricing: 2"],
        ),
        (
            "named once per screenshot, the root on a group's second screenshot: the root stays",
            Stack::ReactVite,
            CreateInput::Screenshots {
                shots: shots(2),
                groups: vec![group(&[(0, 1440), (1, 390)])],
            },
            &root_second,
            vec!["Desktop /: 0@1440 1@390"],
        ),
        (
            "too few names: made up, the first at the root",
            Stack::ReactVite,
            CreateInput::screenshots(shots(3)),
            &home_pricing,
            vec!["Home /: 0", "Page 2 /page-2: 1", "Page 3 /page-3: 2"],
        ),
        (
            "too many names: made up",
            Stack::ReactVite,
            CreateInput::screenshots(shots(1)),
            &three,
            vec!["Home /: 0"],
        ),
        (
            "a Figma frame is one page",
            Stack::ReactVite,
            CreateInput::Figma {
                frame: shots(1).remove(0),
                dpr: 2,
                tokens: DesignTokens::default(),
            },
            &[],
            vec!["Home /: 0"],
        ),
        (
            "a description has no screenshot to score against",
            Stack::ReactVite,
            CreateInput::Text("a pricing page".to_owned()),
            &home_pricing,
            vec![],
        ),
    ];
    for (name, stack, input, pages, expected) in cases {
        assert_eq!(layout(&input.page_shots(stack, pages)), expected, "{name}");
    }
}

#[test]
fn a_page_knows_its_group_of_widths() {
    let input = CreateInput::Screenshots {
        shots: shots(3),
        groups: vec![group(&[(1, 390), (2, 1440)])],
    };
    let pages = input.page_shots(Stack::ReactVite, &[]);
    assert_eq!(pages[0].group(), None, "one screenshot is no group");
    let g = pages[1].group().expect("a group");
    assert_eq!(g.label(), "desktop 1440, mobile 390");
}

#[test]
fn the_page_list_gives_each_screenshot_its_name_route_and_file() {
    let shot = |index| PageShot { index, width: None };
    let text = page_list(&[
        PageShots {
            page: page("Home", "/"),
            shots: vec![shot(0)],
        },
        PageShots {
            page: page("Pricing", "/pricing"),
            shots: vec![shot(2), shot(1)],
        },
    ]);
    assert!(text.contains("- Screenshot 1: \"Home\" at route `/`, in src/pages/Home.tsx\n- Screenshots 2 and 3 (one page at several widths): \"Pricing\" at route `/pricing`, in src/pages/Pricing.tsx"), "{text}");
}
