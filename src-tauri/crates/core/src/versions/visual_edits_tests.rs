use super::*;

#[test]
fn each_stack_edits_its_own_way() {
    for stack in Stack::ALL {
        let (mode, jsx) = style_mode(Some(stack), "");
        let expected = match stack {
            Stack::HtmlCss | Stack::Bootstrap => (StyleMode::Stylesheet, false),
            Stack::ReactTailwind | Stack::ReactVite | Stack::ReactViteShadcn => {
                (StyleMode::Classes, true)
            }
            _ => (StyleMode::Classes, false),
        };
        assert_eq!((mode, jsx), expected, "{stack}");
    }
}

#[test]
fn a_page_of_unknown_stack_edits_classes_only_when_it_loads_tailwind() {
    assert_eq!(
        style_mode(
            None,
            "<script src=\"https://cdn.tailwindcss.com\"></script>"
        ),
        (StyleMode::Classes, false)
    );
    assert_eq!(
        style_mode(None, "tailwind <script type=\"text/babel\">"),
        (StyleMode::Classes, true)
    );
    assert_eq!(
        style_mode(None, "<style>p{}</style>"),
        (StyleMode::Stylesheet, false)
    );
}
