use super::*;
use crate::transform::Options;
use crate::{graph, shape, Cache};

/// The starter with the components, and an App that uses each of them.
fn project() -> Tree {
    let mut tree = shape::starter_tree("Shadcn").expect("starter");
    add_to(&mut tree).expect("components");
    tree.insert(
        "src/App.tsx",
        "import { Button } from \"@/components/ui/button\";\nimport { Card, CardContent, CardHeader, CardTitle } from \"@/components/ui/card\";\nimport { Input } from \"@/components/ui/input\";\nimport { Badge } from \"@/components/ui/badge\";\n\nexport default function App() {\n  return (\n    <Card>\n      <CardHeader><CardTitle>Sign up</CardTitle><Badge variant=\"secondary\">New</Badge></CardHeader>\n      <CardContent><Input placeholder=\"Email\" /><Button size=\"lg\">Join</Button><Button asChild variant=\"link\"><a href=\"/x\">More</a></Button></CardContent>\n    </Card>\n  );\n}\n",
    )
    .expect("app");
    tree
}

#[test]
fn the_components_compile_resolve_and_build_with_the_pack() {
    let tree = project();
    let report = graph::check(
        &tree,
        &Cache::new(),
        Options {
            tag_locations: true,
        },
    );
    assert!(
        report.errors.is_empty() && report.warnings.is_empty(),
        "{report:?}"
    );
    for package in [
        "@radix-ui/react-slot",
        "class-variance-authority",
        "clsx",
        "tailwind-merge",
    ] {
        assert!(
            report.packages.contains(package),
            "{package}: {:?}",
            report.packages
        );
    }
    assert_eq!(report.modules.len(), 7, "{:?}", report.modules);
    let dist = crate::build(&tree, &Cache::new()).expect("builds");
    assert!(dist
        .iter()
        .any(|(p, _)| p == "assets/src/components/ui/button.tsx.js"));
}

#[test]
fn the_theme_maps_its_variables_to_utilities() {
    assert!(INDEX_CSS.starts_with("@import \"tailwindcss\";"));
    for utility in ["primary", "muted-foreground", "border", "ring"] {
        assert!(
            INDEX_CSS.contains(&format!("--color-{utility}: var(--{utility});")),
            "{utility}"
        );
    }
}
