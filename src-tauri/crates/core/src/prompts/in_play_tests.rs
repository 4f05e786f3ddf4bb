use super::*;
use crate::prompts::selection::{without_preview_attributes, written_at};

fn project() -> Vec<(String, String)> {
    [
        ("index.html", "<div id=root>"),
        ("src/App.tsx", "routes"),
        ("src/index.css", "@import \"tailwindcss\";"),
        ("src/main.tsx", "mount"),
        ("src/components/Header.tsx", "header"),
        ("src/components/Footer.tsx", "footer"),
        ("src/components/PriceCard.tsx", "card"),
        ("src/components/ui/button.tsx", "button"),
        ("src/pages/Home.tsx", "home"),
        ("src/pages/Pricing.tsx", "pricing"),
    ]
    .into_iter()
    .map(|(p, c)| (p.to_owned(), c.to_owned()))
    .collect()
}

fn chosen(request: &str, selected: Option<&str>) -> Vec<String> {
    let selected = selected.map(|html| SelectedElement {
        html: html.into(),
        selector: "button".into(),
        loc: None,
    });
    files_in_play(&project(), request, selected.as_ref())
        .into_iter()
        .collect()
}

#[test]
fn the_files_a_request_names_are_in_play_with_the_small_entry_files() {
    assert_eq!(
        chosen("Make the header sticky", None),
        ["src/App.tsx", "src/components/Header.tsx", "src/index.css"]
    );
    assert_eq!(
        chosen("Change src/pages/Home.tsx and the pricing page", None),
        [
            "src/App.tsx",
            "src/index.css",
            "src/pages/Home.tsx",
            "src/pages/Pricing.tsx"
        ]
    );
    assert_eq!(
        chosen("Add a pricecard shadow", None),
        [
            "src/App.tsx",
            "src/components/PriceCard.tsx",
            "src/index.css"
        ]
    );
    assert_eq!(
        chosen("discard the footers' links", None),
        ["src/App.tsx", "src/components/Footer.tsx", "src/index.css"],
        "a word's start, plural too"
    );
    assert_eq!(
        chosen("make it blue", None),
        ["src/App.tsx", "src/index.css"],
        "nothing named: the model lists and reads"
    );
}

#[test]
fn the_selected_elements_source_file_is_in_play() {
    let html =
        "<button data-s2c-loc=\"src/components/ui/button.tsx:12:5\" class=\"x\">Buy</button>";
    assert_eq!(
        chosen("make it bigger", Some(html)),
        [
            "src/App.tsx",
            "src/components/ui/button.tsx",
            "src/index.css"
        ]
    );
    assert_eq!(
        chosen(
            "make it bigger",
            Some("<b data-s2c-loc=\"src/Gone.tsx:1:1\">")
        ),
        ["src/App.tsx", "src/index.css"],
        "a file that is not there"
    );
}

#[test]
fn a_large_entry_file_is_listed_not_sent() {
    let mut files = project();
    files[1].1 = "x".repeat(SMALL_ENTRY_BYTES + 1);
    let chosen: Vec<String> = files_in_play(&files, "make it blue", None)
        .into_iter()
        .collect();
    assert_eq!(chosen, ["src/index.css"]);
}

#[test]
fn the_location_the_page_reported_names_the_file_of_an_element_a_package_draws() {
    // An icon's <svg> has no tag of its own; the page reports the nearest one around it.
    let selected = SelectedElement {
        html: "<svg class=\"lucide\"><path d=\"M0\"></path></svg>".into(),
        selector: "svg".into(),
        loc: Some("src/components/PriceCard.tsx:4:7".into()),
    };
    let chosen: Vec<String> = files_in_play(&project(), "make it red", Some(&selected))
        .into_iter()
        .collect();
    assert_eq!(
        chosen,
        [
            "src/App.tsx",
            "src/components/PriceCard.tsx",
            "src/index.css"
        ]
    );
    assert_eq!(
        written_at(&selected).map(|l| (l.path, l.line)),
        Some(("src/components/PriceCard.tsx".to_owned(), 4))
    );
}

#[test]
fn the_model_never_sees_the_previews_own_attributes() {
    let html = "<div data-s2c-loc=\"src/A.tsx:3:5\" class=\"a\"><b data-s2c-node=\"7\" title=\"x &quot;y&quot;\">Hi</b><i data-s2c-x>z</i></div>";
    assert_eq!(
        without_preview_attributes(html),
        "<div class=\"a\"><b title=\"x &quot;y&quot;\">Hi</b><i>z</i></div>"
    );
}
