//! Whether a new version of a module can take the place of the one the page runs. A file being
//! streamed often compiles before it is finished: its `import` lines alone are a valid module,
//! with no `export default` yet. Served as it is, every module that imports its default fails to
//! link and the page goes blank until the export arrives. So while a file is streamed the
//! preview shows a version only when it fits the tree: its own imports resolve, and it exports
//! every name the tree's other modules import from it.

use crate::cache::Cache;
use crate::path;
use crate::resolve::{resolve, Resolved};
use crate::transform::{Compiled, ImportKind, Options, SCRIPT_EXTENSIONS};
use crate::tree::Tree;

/// Whether `compiled` (a version of `path`, which `tree` holds) fits the rest of `tree`.
pub fn fits(tree: &Tree, cache: &Cache, path: &str, compiled: &Compiled, options: Options) -> bool {
    let own_imports_resolve = compiled
        .imports
        .iter()
        .filter(|i| i.kind == ImportKind::Static)
        .all(|i| resolve(tree, path, &i.specifier).is_ok());
    own_imports_resolve && missing_exports(tree, cache, path, compiled, options).is_empty()
}

/// The names other modules of `tree` import from `path` that `compiled` does not export.
pub fn missing_exports(
    tree: &Tree,
    cache: &Cache,
    path: &str,
    compiled: &Compiled,
    options: Options,
) -> Vec<String> {
    let mut missing: Vec<String> = Vec::new();
    if compiled.exports.open {
        return missing;
    }
    for (other, _) in tree.iter() {
        if other == path || !SCRIPT_EXTENSIONS.contains(&path::extension(other).as_str()) {
            continue;
        }
        // Another module that does not compile imports nothing yet.
        let Ok(theirs) = tree
            .text(other)
            .and_then(|text| cache.compile_candidate(other, text, options))
        else {
            continue;
        };
        for import in theirs.imports.iter().filter(|i| !i.names.is_empty()) {
            let names_this = matches!(
                resolve(tree, other, &import.specifier),
                Ok(Resolved::Module(target)) if target == path
            );
            if !names_this {
                continue;
            }
            for name in &import.names {
                if !compiled.exports.has(name) && !missing.contains(name) {
                    missing.push(name.clone());
                }
            }
        }
    }
    missing
}

#[cfg(test)]
#[path = "exports_tests.rs"]
mod tests;
