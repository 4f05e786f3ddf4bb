//! The offline static build: a tree → the files of `dist/`, in process, with no Node. Each module
//! the entry reaches is compiled (no location tags) and written to `assets/<path>.js` with its
//! imports pointing at the other built files; bare imports go through an import map in
//! `index.html` to the pack files the project uses, copied into `assets/vendor/`; stylesheets
//! become modules that put them in the page, compiled there by Tailwind's browser build (the
//! pack's; compiling Tailwind ahead needs its Node compiler, which an offline Rust build does not
//! have); imported assets are copied beside their modules; `public/` is copied to the root.
//! `404.html` is a copy of `index.html`, so hosts that serve it for unknown paths (GitHub Pages)
//! route like those with an SPA fallback.
//!
//! The site expects to be served from the root of its host (like Vite's default `base: "/"`).

use crate::cache::Cache;
use crate::error::{Result, WebProjectError};
use crate::graph;
use crate::link::{build_module_url, link, Target};
use crate::modules;
use crate::pack;
use crate::path;
use crate::serve::index_html;
use crate::transform::Options;
use crate::tree::{Tree, INDEX_HTML};

/// The built site: `(path inside dist/, bytes)`, sorted by path.
pub type Dist = Vec<(String, Vec<u8>)>;

/// Builds `tree` into the files of a static site. A project with errors (a file that does not
/// compile, a missing file, a package outside the pack) is refused with all of them; warnings
/// (a cycle, a page without a route) do not stop a build.
pub fn build(tree: &Tree, cache: &Cache) -> Result<Dist> {
    let options = Options {
        tag_locations: false,
    };
    let report = graph::check(tree, cache, options);
    if !report.is_ok() {
        return Err(WebProjectError::Problems(report.errors));
    }
    let mut dist: Dist = Vec::new();
    let mut put = |p: String, bytes: Vec<u8>| dist.push((p, bytes));
    let out = |url: String| url.trim_start_matches('/').to_string();

    for module in &report.modules {
        let source = tree.text(module)?;
        let compiled = cache.compile(module, source, options)?;
        let code = link(&compiled, tree, module, Target::Build)?;
        put(out(build_module_url(module)), code.into_bytes());
    }
    for file in &report.files {
        let module = match path::extension(file).as_str() {
            "css" => modules::css_module(file, tree.text(file)?),
            "json" => modules::json_module(file, tree.text(file)?)?,
            _ => {
                let bytes = tree.get(file).map(|b| b.to_vec()).unwrap_or_default();
                put(out(modules::asset_url(file, true)), bytes);
                modules::asset_module(&modules::asset_url(file, true))
            }
        };
        put(out(build_module_url(file)), module.into_bytes());
    }
    for (p, bytes) in tree.iter() {
        // The built index.html and 404.html are the app's; public/ cannot replace them.
        if let Some(rel) = p
            .strip_prefix("public/")
            .filter(|r| *r != INDEX_HTML && *r != "404.html")
        {
            put(rel.to_string(), bytes.to_vec());
        }
    }
    let entries: Vec<&str> = report
        .packages
        .iter()
        .filter_map(|s| pack::url_of(s))
        .chain([pack::TAILWIND_FILE])
        .collect();
    for name in pack::closure(entries) {
        if let Some(bytes) = pack::file(name) {
            put(
                format!("{}{name}", out(pack::BUILD_BASE.to_string())),
                bytes.to_vec(),
            );
        }
    }
    let index = index_html(
        tree,
        Target::Build,
        report.packages.iter().map(String::as_str),
    );
    put(INDEX_HTML.to_string(), index.clone().into_bytes());
    put("404.html".to_string(), index.into_bytes());

    dist.sort_by(|a, b| a.0.cmp(&b.0));
    dist.dedup_by(|later, earlier| later.0 == earlier.0);
    Ok(dist)
}

#[cfg(test)]
#[path = "static_build_tests.rs"]
mod tests;
