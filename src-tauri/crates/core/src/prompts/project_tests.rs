use super::*;

fn page(name: &str, route: &str) -> Page {
    Page {
        name: name.into(),
        route: route.into(),
    }
}

#[test]
fn pages_are_named_from_their_file_names_with_home_at_the_root() {
    assert_eq!(
        pages_from_file_names(&[
            "shots/pricing.png",
            "home.png",
            "about-us.PNG",
            "Pricing.jpg"
        ]),
        vec![
            page("Pricing", "/pricing"),
            page("Home", "/"),
            page("About us", "/about-us"),
            page("Pricing", "/pricing-2")
        ]
    );
    assert_eq!(
        pages_from_file_names(&["landing.png", "blog.png"]),
        vec![page("Landing", "/"), page("Blog", "/blog")],
        "no home: the first page is the root"
    );
    assert_eq!(
        pages_from_file_names(&["home.png", "???.png"]),
        vec![page("Home", "/"), page("Page 2", "/page-2")]
    );
    assert_eq!(
        pages_from_file_names(&["home.png", "Café menu.png"])[1],
        page("Café menu", "/caf-menu")
    );
}

#[test]
fn a_page_file_is_a_component_name() {
    assert_eq!(
        page("About us", "/about-us").file(),
        "src/pages/AboutUs.tsx"
    );
    assert_eq!(page("404", "/x").file(), "src/pages/Page404.tsx");
    assert_eq!(page("", "/x").file(), "src/pages/Page.tsx");
}

#[test]
fn the_rules_name_the_layout_the_apps_files_and_every_package_of_the_pack() {
    let text = project_rules(Stack::ReactVite);
    for needle in [
        "## Stack: React + Vite (project)",
        "src/pages/",
        "src/components/",
        "`@/`",
        "@import \"tailwindcss\";",
        "react-router-dom",
        "package.json, vite.config.ts, tsconfig.json",
        "`@theme { --color-brand",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    for specifier in s2c_webproject::pack::specifiers() {
        assert!(text.contains(&format!("`{specifier}`")), "{specifier}");
    }
    assert!(!text.contains("cdn."), "no CDN URL in a project");
}

#[test]
fn the_shadcn_flavour_adds_its_components_to_the_rules() {
    let plain = project_rules(Stack::ReactVite);
    let shadcn = project_rules(Stack::ReactViteShadcn);
    assert!(shadcn.starts_with("## Stack: React + Vite + shadcn/ui (project)"));
    assert!(
        shadcn.contains("import { Button } from \"@/components/ui/button\"")
            && shadcn.contains("`--primary`"),
        "{shadcn}"
    );
    assert!(!plain.contains("shadcn"), "{plain}");
}
