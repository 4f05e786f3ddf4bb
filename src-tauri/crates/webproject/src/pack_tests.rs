use super::*;
use sha2::{Digest, Sha256};

const SUMS: &str = include_str!("../pack/SHA256SUMS");

#[test]
fn the_embedded_files_are_exactly_those_sha256sums_lists() {
    let recorded: BTreeMap<&str, &str> = SUMS
        .lines()
        .filter_map(|line| line.split_once("  "))
        .filter_map(|(digest, rel)| rel.strip_prefix("dist/").map(|name| (name, digest)))
        .collect();
    let embedded: BTreeMap<&str, String> = files()
        .map(|(name, bytes)| {
            let digest: String = Sha256::digest(bytes)
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            (name, digest)
        })
        .collect();
    assert_eq!(
        embedded.len(),
        recorded.len(),
        "the embedded files are exactly those SHA256SUMS lists"
    );
    for (name, digest) in &embedded {
        assert_eq!(
            recorded.get(name),
            Some(&digest.as_str()),
            "{name} matches SHA256SUMS"
        );
    }
    let map_digest: String = Sha256::digest(IMPORT_MAP.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(
        SUMS.contains(&format!("{map_digest}  importmap.json")),
        "importmap.json matches SHA256SUMS"
    );
}

#[test]
fn every_specifier_names_a_file_and_everything_it_imports_is_in_the_pack() {
    let required = [
        "react",
        "react/jsx-runtime",
        "react-dom",
        "react-dom/client",
        "react-router-dom",
        "lucide-react",
        "clsx",
        "tailwind-merge",
        "class-variance-authority",
        "sonner",
        "recharts",
        "date-fns",
        "@radix-ui/react-slot",
        "@radix-ui/react-dialog",
        "@radix-ui/react-dropdown-menu",
        "@radix-ui/react-tabs",
        "@radix-ui/react-accordion",
        "@radix-ui/react-popover",
        "@radix-ui/react-tooltip",
        "@radix-ui/react-select",
        "@radix-ui/react-checkbox",
        "@radix-ui/react-switch",
        "@radix-ui/react-label",
        "@radix-ui/react-separator",
        "@radix-ui/react-avatar",
        "@radix-ui/react-scroll-area",
        "@radix-ui/react-navigation-menu",
    ];
    for specifier in required {
        let name = url_of(specifier).unwrap_or_else(|| panic!("{specifier} is in the import map"));
        assert!(file(name).is_some(), "{specifier} → {name} is embedded");
    }
    let everything = closure(specifiers().filter_map(url_of));
    for name in &everything {
        let text = String::from_utf8_lossy(file(name).expect("embedded"));
        for (at, _) in text.match_indices("from\"./") {
            let dep = &text[at + 7..];
            let dep = &dep[..dep.find('"').expect("closing quote")];
            assert!(
                file(dep).is_some(),
                "{name} imports {dep}, which is in the pack"
            );
        }
    }
    assert!(file(TAILWIND_FILE).is_some());
}

#[test]
fn the_pack_holds_one_react() {
    // React's shared internals are defined once; every other module reads them from there. Two
    // definitions would be two Reacts, and hooks across them fail ("Invalid hook call").
    let definitions: Vec<&str> = files()
        .filter(|(_, bytes)| {
            String::from_utf8_lossy(bytes)
                .contains(".__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=")
        })
        .map(|(name, _)| name)
        .collect();
    assert_eq!(definitions.len(), 1, "one React: {definitions:?}");
    let react = String::from_utf8_lossy(file("react.js").expect("react"));
    assert!(
        !react.contains("development"),
        "the production build of React"
    );
}

#[test]
fn the_closure_of_an_entry_follows_its_chunks() {
    let react = closure(["react.js"]);
    assert!(react.contains(&"react.js") && react.len() > 1, "{react:?}");
    assert!(!react.contains(&"recharts.js"));
    assert_eq!(closure(["nope.js"]), Vec::<&str>::new());
}
