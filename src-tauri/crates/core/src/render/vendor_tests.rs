use super::*;
use crate::prompts::cdn::CDN_ASSETS;
use regex::Regex;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

const SUMS: &str = include_str!("../../vendor/SHA256SUMS");
const MANIFEST: &str = include_str!("../../vendor/manifest.toml");

#[derive(serde::Deserialize)]
struct Manifest {
    package: Vec<Package>,
}

#[derive(serde::Deserialize)]
struct Package {
    name: String,
    version: String,
    license: String,
    tarball_sha256: String,
    files: Vec<String>,
    serves: Vec<String>,
}

fn manifest() -> Manifest {
    toml::from_str(MANIFEST).expect("vendor/manifest.toml parses")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_embedded_file_matches_its_recorded_checksum() {
    let recorded: BTreeMap<&str, &str> = SUMS
        .lines()
        .map(|line| {
            let (digest, path) = line.split_once("  ").expect("`<sha256>  <path>` lines");
            (path, digest)
        })
        .collect();
    let embedded: BTreeMap<&str, &[u8]> = files().iter().copied().collect();
    assert_eq!(
        recorded.keys().collect::<Vec<_>>(),
        embedded.keys().collect::<Vec<_>>(),
        "the embedded files are exactly those SHA256SUMS lists"
    );
    for (path, data) in embedded {
        let digest = hex(&Sha256::digest(data));
        assert_eq!(digest, recorded[path], "checksum of {path}");
    }
}

#[test]
fn the_manifest_pins_the_versions_the_prompts_use_and_lists_every_cdn_url() {
    let manifest = manifest();
    let mut served = Vec::new();
    for pkg in &manifest.package {
        assert_eq!(
            pkg.tarball_sha256.len(),
            64,
            "{} has a tarball sha256",
            pkg.name
        );
        assert!(
            !pkg.license.is_empty() && !pkg.files.is_empty(),
            "{}",
            pkg.name
        );
        for url in &pkg.serves {
            let asset = CDN_ASSETS
                .iter()
                .find(|a| a.url == url)
                .unwrap_or_else(|| panic!("{url} (manifest) is not in prompts::cdn"));
            assert_eq!(
                (asset.npm_package, asset.version),
                (pkg.name.as_str(), pkg.version.as_str()),
                "{url}: same package and version in the manifest and in prompts::cdn"
            );
            served.push(url.as_str());
        }
    }
    for asset in CDN_ASSETS {
        assert!(
            served.contains(&asset.url),
            "{} is in prompts::cdn but no manifest package serves it",
            asset.url
        );
    }
}

#[test]
fn every_cdn_url_the_prompts_use_maps_to_a_vendored_file() {
    for asset in CDN_ASSETS {
        let key = key_for_url(asset.url).unwrap_or_else(|| panic!("{} is not vendored", asset.url));
        assert_eq!(
            key,
            format!(
                "{}@{}/{}",
                asset.npm_package, asset.version, asset.package_file
            )
        );
        assert!(file(&key).is_some_and(|b| b.len() > 100), "{key}");
    }
}

#[test]
fn other_spellings_of_the_same_urls_map_too() {
    let cases = [
        (
            "http://cdn.jsdelivr.net/npm/react@18.3.1/umd/react.production.min.js",
            Some("react@18.3.1/umd/react.production.min.js"),
        ),
        (
            "//unpkg.com/react-dom@18.3.1/umd/react-dom.production.min.js",
            Some("react-dom@18.3.1/umd/react-dom.production.min.js"),
        ),
        (
            "https://cdn.tailwindcss.com",
            Some("tailwindcss-cdn@3.4.10/tailwindcss.js"),
        ),
        (
            "https://cdn.tailwindcss.com/3.4.16",
            Some("tailwindcss-cdn@3.4.10/tailwindcss.js"),
        ),
        (
            "https://cdn.tailwindcss.com?plugins=forms,typography",
            Some("tailwindcss-cdn@3.4.10/tailwindcss-with-all-plugins.js"),
        ),
        (
            "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.7.1/webfonts/fa-solid-900.woff2",
            Some("@fortawesome/fontawesome-free@6.7.1/webfonts/fa-solid-900.woff2"),
        ),
        ("https://cdn.jsdelivr.net/npm/react@17.0.2/umd/react.production.min.js", None),
        ("https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/package.json", None),
        ("https://example.com/react@18.3.1/umd/react.production.min.js", None),
        ("https://cdn.jsdelivr.net.evil.com/npm/react@18.3.1/umd/react.production.min.js", None),
    ];
    for (url, expected) in cases {
        assert_eq!(key_for_url(url).as_deref(), expected, "{url}");
    }
}

#[test]
fn font_awesome_css_finds_its_webfonts() {
    let css = file("@fortawesome/fontawesome-free@6.7.1/css/all.min.css").expect("css");
    let css = String::from_utf8_lossy(css);
    let fonts: Vec<&str> = Regex::new(r"url\(\.\./webfonts/([^)]+)\)")
        .expect("regex")
        .captures_iter(&css)
        .filter_map(|c| c.get(1).map(|m| m.as_str()))
        .collect();
    assert!(fonts.len() >= 8, "found {fonts:?}");
    for font in fonts {
        let key = format!("@fortawesome/fontawesome-free@6.7.1/webfonts/{font}");
        assert!(file(&key).is_some(), "{key} is vendored");
    }
}

#[test]
fn every_lazy_chunk_ionic_and_ionicons_import_is_vendored() {
    let import = Regex::new(r#"["'`]\./(p-[A-Za-z0-9_-]+(?:\.entry)?\.js)["'`]"#).expect("regex");
    for dir in [
        "@ionic/core@8.8.9/dist/ionic/",
        "ionicons@8.1.0/dist/ionicons/",
    ] {
        let mut checked = 0;
        for (key, data) in files().iter().filter(|(k, _)| k.starts_with(dir)) {
            if !key.ends_with(".js") {
                continue;
            }
            for chunk in import.captures_iter(&String::from_utf8_lossy(data)) {
                let wanted = format!("{dir}{}", &chunk[1]);
                assert!(file(&wanted).is_some(), "{key} imports {wanted}");
                checked += 1;
            }
        }
        assert!(checked > 5, "{dir}: found {checked} chunk imports");
    }
}

#[test]
fn identical_files_are_embedded_once() {
    let ionic = file("@ionic/core@8.8.9/dist/ionic/svg/heart.svg").expect("ionic svg");
    let ionicons = file("ionicons@8.1.0/dist/ionicons/svg/heart.svg").expect("ionicons svg");
    assert_eq!(
        ionic.as_ptr(),
        ionicons.as_ptr(),
        "one blob for both copies"
    );
}
