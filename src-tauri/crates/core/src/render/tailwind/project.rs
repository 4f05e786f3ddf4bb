//! A project variant's Tailwind. Its stylesheets are modules that put their CSS in the page,
//! as `<style type="text/tailwindcss">` for the pack's browser build to compile there; here the
//! whole tree is at hand, so its index.html is served with the CSS already compiled and those
//! style elements stay inert. The input is the page's own Tailwind styles, then the tree's
//! Tailwind stylesheets (`src/index.css` first, as the entry imports it); the candidates are
//! every word of the tree's sources, which is what Tailwind's Vite plugin scans in an export.

use super::{candidates, in_place_of_the_browser_build, page};
use s2c_webproject::{folder, modules, Tree};

/// Where the entry's stylesheet is, in the tree the app writes (`shape.rs`).
const ENTRY_CSS: &str = "src/index.css";

/// `html` (the project's index.html as served) with Tailwind's CSS in place of the browser
/// build; `None` when it does not load it, or the CSS does not compile.
pub fn inline_project_css(html: &str, tree: &Tree) -> Option<String> {
    let page = page::read(html);
    if !page.loads_browser_build {
        return None;
    }
    let mut sheets: Vec<&str> = tree.paths().filter(|p| p.ends_with(".css")).collect();
    sheets.sort_by_key(|p| (*p != ENTRY_CSS, *p));
    let mut styles = page.styles.clone();
    for css in sheets.iter().filter_map(|p| tree.text(p).ok()) {
        if modules::is_tailwind(css) {
            styles.push_str(css);
            styles.push('\n');
        }
    }
    let mut sources = String::from(html);
    for (path, _) in tree.iter().filter(|(p, _)| folder::is_source(p)) {
        if let Ok(text) = tree.text(path) {
            sources.push('\n');
            sources.push_str(text);
        }
    }
    let candidates = candidates::collect(&sources, &page.class_values);
    in_place_of_the_browser_build(html, &page::input_css(&styles), candidates)
}

#[cfg(test)]
#[path = "project_tests.rs"]
mod tests;
