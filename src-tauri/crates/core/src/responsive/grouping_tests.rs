use super::*;
use crate::responsive::Breakpoint;
use image::Rgb;

/// A page's look: background, header, cards, text.
#[derive(Clone, Copy)]
struct Look {
    background: [u8; 3],
    header: [u8; 3],
    card: [u8; 3],
    text: [u8; 3],
}

const LIGHT: Look = Look {
    background: [250, 250, 250],
    header: [30, 64, 175],
    card: [226, 232, 240],
    text: [15, 23, 42],
};

const DARK: Look = Look {
    background: [17, 24, 39],
    header: [234, 88, 12],
    card: [55, 65, 81],
    text: [243, 244, 246],
};

/// A page `width` CSS px wide at `dpr`, `columns` cards per row: the same page at another
/// width has the same parts laid out differently.
fn page(look: Look, width: u32, height: u32, columns: u32, dpr: u32) -> RgbImage {
    let (w, h) = (width * dpr, height * dpr);
    let mut image = RgbImage::from_pixel(w, h, Rgb(look.background));
    let fill = |image: &mut RgbImage, x0: u32, y0: u32, x1: u32, y1: u32, c: [u8; 3]| {
        for y in y0..y1.min(h) {
            for x in x0..x1.min(w) {
                image.put_pixel(x, y, Rgb(c));
            }
        }
    };
    fill(&mut image, 0, 0, w, 64 * dpr, look.header);
    let gap = 24 * dpr;
    let card_w = (w - gap * (columns + 1)) / columns;
    let card_h = 180 * dpr;
    let mut y = 100 * dpr;
    let mut col = 0;
    for _ in 0..6 {
        let x = gap + col * (card_w + gap);
        fill(&mut image, x, y, x + card_w, y + card_h, look.card);
        fill(
            &mut image,
            x + 16 * dpr,
            y + 20 * dpr,
            x + card_w / 2,
            y + 36 * dpr,
            look.text,
        );
        col += 1;
        if col == columns {
            col = 0;
            y += card_h + gap;
        }
    }
    image
}

fn facts(look: Look, width: u32, height: u32, columns: u32, dpr: u32) -> ShotFacts {
    ShotFacts::of_image(&page(look, width, height, columns, dpr), None)
}

fn indexes(groups: &[WidthGroup]) -> Vec<Vec<u32>> {
    groups
        .iter()
        .map(|g| g.shots.iter().map(|s| s.index).collect())
        .collect()
}

#[test]
fn screenshots_of_one_page_at_several_widths_are_grouped() {
    // (case, the screenshots, the groups expected: indexes, widest first)
    type Case = (&'static str, Vec<ShotFacts>, Vec<Vec<u32>>);
    let cases: Vec<Case> = vec![
        (
            "desktop and mobile of one page",
            vec![facts(LIGHT, 1440, 900, 3, 1), facts(LIGHT, 390, 1700, 1, 1)],
            vec![vec![0, 1]],
        ),
        (
            "mobile first, at 3×, and a 2× desktop",
            vec![facts(LIGHT, 390, 1700, 1, 3), facts(LIGHT, 1440, 900, 3, 2)],
            vec![vec![1, 0]],
        ),
        (
            "desktop, tablet, mobile",
            vec![
                facts(LIGHT, 1280, 900, 3, 1),
                facts(LIGHT, 768, 1100, 2, 1),
                facts(LIGHT, 390, 1700, 1, 1),
            ],
            vec![vec![0, 1, 2]],
        ),
        (
            "two pages, each at two widths",
            vec![
                facts(LIGHT, 1440, 900, 3, 1),
                facts(DARK, 1280, 900, 3, 1),
                facts(DARK, 390, 1700, 1, 1),
                facts(LIGHT, 375, 1700, 1, 1),
            ],
            vec![vec![0, 3], vec![1, 2]],
        ),
        (
            "two different pages at two widths are not one page",
            vec![facts(LIGHT, 1440, 900, 3, 1), facts(DARK, 390, 1700, 1, 1)],
            vec![],
        ),
        (
            "two desktop captures (parts of a page) are not widths of it",
            vec![facts(LIGHT, 1280, 900, 3, 1), facts(LIGHT, 1280, 900, 3, 1)],
            vec![],
        ),
        (
            "a wide, short strip is not the mobile page of a tall desktop one",
            vec![facts(LIGHT, 1440, 2400, 3, 1), facts(LIGHT, 600, 200, 1, 1)],
            vec![],
        ),
        (
            "one mobile shot joins only one of two desktop shots",
            vec![
                facts(LIGHT, 1440, 900, 3, 1),
                facts(LIGHT, 390, 1700, 1, 1),
                facts(LIGHT, 1280, 900, 3, 1),
            ],
            vec![vec![0, 1]],
        ),
        (
            "a single screenshot",
            vec![facts(LIGHT, 1440, 900, 3, 1)],
            vec![],
        ),
    ];
    for (name, shots, expected) in cases {
        let groups = suggest_groups(&shots);
        assert_eq!(indexes(&groups), expected, "{name}");
    }
}

#[test]
fn a_group_knows_each_shots_breakpoint() {
    let shots = vec![facts(LIGHT, 390, 1700, 1, 3), facts(LIGHT, 1440, 900, 3, 2)];
    let groups = suggest_groups(&shots);
    let widths: Vec<(u32, Breakpoint)> = groups[0]
        .shots
        .iter()
        .map(|s| (s.width.css, s.width.breakpoint))
        .collect();
    assert_eq!(
        widths,
        vec![(1440, Breakpoint::Desktop), (390, Breakpoint::Mobile)]
    );
    assert_eq!(groups[0].label(), "desktop 1440, mobile 390");
}

#[test]
fn likeness_is_high_for_one_page_and_low_for_another() {
    let desktop = facts(LIGHT, 1440, 900, 3, 1);
    let same = desktop.likeness(&facts(LIGHT, 390, 1700, 1, 1));
    let other = desktop.likeness(&facts(DARK, 390, 1700, 1, 1));
    assert!(same >= MIN_LIKENESS, "one page: {same}");
    assert!(other < MIN_LIKENESS, "two pages: {other}");
}

#[test]
fn a_file_that_is_no_image_is_an_error() {
    assert!(ShotFacts::read(b"not an image", None).is_err());
    let mut png = Vec::new();
    page(LIGHT, 390, 800, 1, 1)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .expect("encode");
    let read = ShotFacts::read(&png, Some(1)).expect("read");
    assert_eq!(read.width.css, 390);
}
