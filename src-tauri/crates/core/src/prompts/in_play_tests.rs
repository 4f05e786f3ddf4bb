use super::*;

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
    files_in_play(&project(), request, selected)
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
