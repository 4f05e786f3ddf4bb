//! The module graph from the entry: every module `index.html` reaches, what each imports, and
//! what is wrong with it — files that do not compile, imports of missing files or of packages
//! outside the pack, import cycles, pages no module imports.
//!
//! A cycle is a warning, not an error. ES modules allow cycles and Vite builds them, so a
//! project with one is still a valid project the user can export; but a React project usually
//! breaks on one at run time (a module evaluated before the one it imports has defined its
//! component: `Cannot access 'Header' before initialization` in a routes table or a `memo()`), so
//! the model is told, with the circle spelled out, and can move the shared part out.
//!
//! A page without a route is detected cheaply: a file under `src/pages/` that no reachable module
//! imports cannot be shown by any route. (A page imported but never put in a `<Route>` is not
//! detected: that needs reading the router's JSX, left for the routing work.)

use crate::cache::Cache;
use crate::error::WebProjectError;
use crate::resolve::{resolve, Resolved};
use crate::transform::{ImportKind, Options};
use crate::tree::{Tree, INDEX_HTML};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Modules reachable from the entry, in the order they were found (the entry first).
    pub modules: Vec<String>,
    /// Non-script files reachable (stylesheets, assets, JSON).
    pub files: BTreeSet<String>,
    /// Pack specifiers the reachable modules import.
    pub packages: BTreeSet<String>,
    /// What stops the project from running as written.
    pub errors: Vec<WebProjectError>,
    /// What may break at run time or is likely a mistake.
    pub warnings: Vec<WebProjectError>,
    /// Static imports between modules: importer → imported modules.
    pub edges: BTreeMap<String, Vec<String>>,
}

impl Report {
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }
}

/// Walks the tree from its entry. `options` are the compile options the modules will be served
/// with (the cache is shared with serving, so nothing is compiled twice).
pub fn check(tree: &Tree, cache: &Cache, options: Options) -> Report {
    let mut report = Report::default();
    if !tree.contains(INDEX_HTML) {
        report.errors.push(WebProjectError::NoSuchFile {
            path: INDEX_HTML.to_string(),
        });
    }
    let entry = tree.entry();
    if !tree.contains(&entry) {
        report
            .errors
            .push(WebProjectError::NoSuchFile { path: entry });
        return report;
    }
    let mut seen = BTreeSet::from([entry.clone()]);
    let mut todo = vec![entry];
    while let Some(module) = todo.pop() {
        report.modules.push(module.clone());
        let compiled = match tree
            .text(&module)
            .and_then(|source| cache.compile(&module, source, options))
        {
            Ok(compiled) => compiled,
            Err(error) => {
                report.errors.push(error);
                continue;
            }
        };
        let mut static_edges = Vec::new();
        for import in &compiled.imports {
            match resolve(tree, &module, &import.specifier) {
                Ok(Resolved::Pack(specifier)) => {
                    report.packages.insert(specifier);
                }
                Ok(Resolved::Module(target)) => {
                    if import.kind == ImportKind::Static {
                        static_edges.push(target.clone());
                    }
                    if seen.insert(target.clone()) {
                        todo.push(target);
                    }
                }
                Ok(other) => {
                    if let Some(file) = other.file() {
                        report.files.insert(file.to_string());
                    }
                }
                Err(error) => report.errors.push(error),
            }
        }
        report.edges.insert(module, static_edges);
    }
    report.warnings.extend(cycles(&report.edges));
    for page in tree.paths().filter(|p| is_page(p)) {
        if !seen.contains(page) {
            report.warnings.push(WebProjectError::UnroutedPage {
                path: page.to_string(),
            });
        }
    }
    report
}

fn is_page(path: &str) -> bool {
    path.starts_with("src/pages/")
        && crate::transform::SCRIPT_EXTENSIONS.contains(&crate::path::extension(path).as_str())
}

/// Each elementary circle found by a depth-first walk, once, as `a → b → a`.
fn cycles(edges: &BTreeMap<String, Vec<String>>) -> Vec<WebProjectError> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        New,
        Open,
        Done,
    }
    let mut state: BTreeMap<&str, State> = edges.keys().map(|k| (k.as_str(), State::New)).collect();
    let mut found = Vec::new();
    let mut reported: BTreeSet<Vec<String>> = BTreeSet::new();
    for start in edges.keys() {
        if state.get(start.as_str()) != Some(&State::New) {
            continue;
        }
        // An explicit stack (module, next edge index) instead of recursion: a model can write a
        // long chain of imports.
        let mut stack: Vec<(&str, usize)> = vec![(start.as_str(), 0)];
        state.insert(start.as_str(), State::Open);
        while let Some(top) = stack.len().checked_sub(1) {
            let (node, next) = stack[top];
            let targets = edges.get(node).map_or(&[][..], Vec::as_slice);
            let Some(target) = targets.get(next) else {
                state.insert(node, State::Done);
                stack.pop();
                continue;
            };
            stack[top].1 += 1;
            match state.get(target.as_str()).copied().unwrap_or(State::Done) {
                State::New => {
                    state.insert(target.as_str(), State::Open);
                    stack.push((target.as_str(), 0));
                }
                State::Open => {
                    let from = stack.iter().position(|(n, _)| *n == target).unwrap_or(0);
                    let mut circle: Vec<String> =
                        stack[from..].iter().map(|(n, _)| n.to_string()).collect();
                    let mut key = circle.clone();
                    key.sort();
                    if reported.insert(key) {
                        circle.push(target.clone());
                        found.push(WebProjectError::Cycle { modules: circle });
                    }
                }
                State::Done => {}
            }
        }
    }
    found
}

#[cfg(test)]
#[path = "graph_tests.rs"]
mod tests;
