//! A compiled module's placeholders filled in with URLs, for the preview or a static build. Bare
//! specifiers stay bare: the page's import map sends them to the pack.

use crate::error::Result;
use crate::path;
use crate::resolve::{resolve, Resolved};
use crate::transform::Compiled;
use crate::tree::Tree;

/// Where the linked code will run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// The preview serves each file at its own path (`/src/App.tsx`, compiled on request) and a
    /// stylesheet, asset or JSON file as a module at `?module`.
    Preview,
    /// A static build writes each module to `assets/<path>.js`.
    Build,
}

/// The query that asks the preview for a non-script file as a module.
pub const MODULE_QUERY: &str = "module";

impl Target {
    /// The URL an import of `resolved` is written with.
    pub fn url(self, resolved: &Resolved) -> String {
        match (self, resolved) {
            (_, Resolved::Pack(specifier)) => specifier.clone(),
            (Self::Preview, Resolved::Module(p)) => path::to_url(p),
            (Self::Preview, Resolved::Css(p) | Resolved::Asset(p) | Resolved::Json(p)) => {
                format!("{}?{MODULE_QUERY}", path::to_url(p))
            }
            (Self::Build, other) => build_module_url(other.file().unwrap_or_default()),
        }
    }
}

/// Where a static build puts the module made from tree file `p` (`/assets/src/App.tsx.js`:
/// the whole name kept, so `App.tsx` and `App.ts` never collide).
pub fn build_module_url(p: &str) -> String {
    format!("/assets{}.js", path::to_url(p))
}

/// The module's code with every import resolved against `tree` for `target`; the first import
/// that resolves to nothing is the error.
pub fn link(compiled: &Compiled, tree: &Tree, importer: &str, target: Target) -> Result<String> {
    let urls = compiled
        .imports
        .iter()
        .map(|i| resolve(tree, importer, &i.specifier).map(|r| target.url(&r)))
        .collect::<Result<Vec<_>>>()?;
    Ok(fill(compiled, &urls))
}

/// `compiled.code` with placeholder i replaced by `urls[i]`, in one pass.
pub(crate) fn fill(compiled: &Compiled, urls: &[String]) -> String {
    let code = &compiled.code;
    let mut out = String::with_capacity(code.len() + urls.iter().map(String::len).sum::<usize>());
    let mut copied = 0;
    for (i, url) in urls.iter().enumerate() {
        let placeholder = compiled.placeholder(i);
        let Some(at) = code[copied..].find(&placeholder) else {
            continue;
        };
        out.push_str(&code[copied..copied + at]);
        out.push_str(&js_string_content(url));
        copied += at + placeholder.len();
    }
    out.push_str(&code[copied..]);
    out
}

/// `s` escaped to sit between the double quotes codegen wrote around the placeholder.
fn js_string_content(s: &str) -> String {
    let quoted = serde_json::Value::String(s.to_string()).to_string();
    quoted[1..quoted.len() - 1].to_string()
}
