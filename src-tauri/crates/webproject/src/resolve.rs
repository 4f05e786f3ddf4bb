//! What an import specifier names, against a tree and the pack: a module of the tree (relative,
//! `@/` for `src/`, `/` for the project root; extensions and `/index.*` tried the way Vite does),
//! a stylesheet, an asset, a JSON file, or a pack module (bare specifiers, by the import map).

use crate::error::{Result, WebProjectError};
use crate::pack;
use crate::path;
use crate::transform::SCRIPT_EXTENSIONS;
use crate::tree::Tree;

/// File types an import turns into a module exporting their URL.
pub const ASSET_EXTENSIONS: &[&str] = &[
    "png", "svg", "jpg", "jpeg", "webp", "gif", "avif", "ico", "woff", "woff2", "ttf", "otf",
    "mp4", "webm", "mp3", "wav",
];

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Resolved {
    /// A script of the tree, compiled.
    Module(String),
    /// A stylesheet: a module that puts it in the page.
    Css(String),
    /// An image, a font, a video: a module exporting its URL.
    Asset(String),
    /// A JSON file: a module exporting its value.
    Json(String),
    /// A pack module, by the specifier the import map names.
    Pack(String),
}

impl Resolved {
    /// The tree file it names, if any.
    pub fn file(&self) -> Option<&str> {
        match self {
            Self::Module(p) | Self::Css(p) | Self::Asset(p) | Self::Json(p) => Some(p),
            Self::Pack(_) => None,
        }
    }
}

/// What `specifier`, imported by the tree file `importer`, names.
pub fn resolve(tree: &Tree, importer: &str, specifier: &str) -> Result<Resolved> {
    let Some(base) = base_path(importer, specifier)? else {
        return bare(importer, specifier);
    };
    // Vite's suffixes that ask for a file as something else: `?url` is an asset's URL.
    let (base, query) = base.split_once('?').unwrap_or((&base, ""));
    let found = candidates(base)
        .find(|c| tree.contains(c))
        .or_else(|| {
            tree.contains(&format!("public/{base}"))
                .then(|| format!("public/{base}"))
        })
        .ok_or_else(|| WebProjectError::MissingFile {
            file: importer.to_string(),
            specifier: specifier.to_string(),
        })?;
    let extension = path::extension(&found);
    let ext = extension.as_str();
    Ok(match () {
        _ if query == "url" => Resolved::Asset(found),
        _ if SCRIPT_EXTENSIONS.contains(&ext) => Resolved::Module(found),
        _ if ext == "css" => Resolved::Css(found),
        _ if ext == "json" => Resolved::Json(found),
        _ if ASSET_EXTENSIONS.contains(&ext) => Resolved::Asset(found),
        _ => {
            return Err(WebProjectError::BadImport {
                file: importer.to_string(),
                specifier: specifier.to_string(),
                reason: format!(
                    "a .{ext} file cannot be imported; import scripts, .css, .json or images"
                ),
            })
        }
    })
}

/// The project path a non-bare specifier starts from (`None`: a bare specifier, for the pack).
fn base_path(importer: &str, specifier: &str) -> Result<Option<String>> {
    let bad = |reason: &str| WebProjectError::BadImport {
        file: importer.to_string(),
        specifier: specifier.to_string(),
        reason: reason.to_string(),
    };
    Ok(if let Some(rest) = specifier.strip_prefix("@/") {
        Some(format!("src/{rest}"))
    } else if specifier.starts_with("./") || specifier.starts_with("../") || specifier == "." {
        Some(
            path::join(path::parent(importer), specifier)
                .ok_or_else(|| bad("it leaves the project"))?,
        )
    } else if let Some(rest) = specifier.strip_prefix('/') {
        if rest.starts_with('/') {
            return Err(bad(
                "the preview is offline: import from the project or the pack",
            ));
        }
        Some(rest.to_string())
    } else {
        None
    })
}

/// Every tree path [`resolve`] may look at for `specifier`: what a reader of a few files must
/// fetch to resolve it the same way (the route list of a variant read file by file).
pub(crate) fn probes(importer: &str, specifier: &str) -> Vec<String> {
    let Ok(Some(base)) = base_path(importer, specifier) else {
        return Vec::new();
    };
    let base = base.split_once('?').map_or(base.as_str(), |(b, _)| b);
    candidates(base)
        .chain(std::iter::once(format!("public/{base}")))
        .collect()
}

/// The exact path, then with each script extension, then `/index.*`.
fn candidates(base: &str) -> impl Iterator<Item = String> + '_ {
    let base = base.trim_end_matches('/');
    std::iter::once(base.to_string())
        .chain(SCRIPT_EXTENSIONS.iter().map(move |e| format!("{base}.{e}")))
        .chain(std::iter::once(format!("{base}.json")))
        .chain(
            SCRIPT_EXTENSIONS
                .iter()
                .map(move |e| format!("{base}/index.{e}")),
        )
}

fn bare(importer: &str, specifier: &str) -> Result<Resolved> {
    if pack::url_of(specifier).is_some() {
        return Ok(Resolved::Pack(specifier.to_string()));
    }
    if specifier.contains("://") || specifier.starts_with("node:") {
        return Err(WebProjectError::BadImport {
            file: importer.to_string(),
            specifier: specifier.to_string(),
            reason:
                "the preview is offline and runs in a browser: import from the project or the pack"
                    .to_string(),
        });
    }
    let package = package_name(specifier);
    let same_package: Vec<&str> = pack::specifiers()
        .filter(|s| package_name(s) == package)
        .collect();
    let available = if same_package.is_empty() {
        pack::specifiers().collect::<Vec<_>>().join(", ")
    } else {
        same_package.join(", ")
    };
    Err(WebProjectError::UnknownPackage {
        file: importer.to_string(),
        specifier: specifier.to_string(),
        available,
    })
}

/// `@scope/name/sub` → `@scope/name`; `name/sub` → `name`.
pub fn package_name(specifier: &str) -> &str {
    let mut ends = specifier.match_indices('/').map(|(i, _)| i);
    let end = if specifier.starts_with('@') {
        ends.nth(1)
    } else {
        ends.next()
    };
    &specifier[..end.unwrap_or(specifier.len())]
}

#[cfg(test)]
#[path = "resolve_tests.rs"]
mod tests;
