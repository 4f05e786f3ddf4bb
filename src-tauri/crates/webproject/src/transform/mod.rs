//! One source file (TS, TSX, JSX, JS) → a browser ES module, with oxc: types stripped, JSX to the
//! automatic runtime (`react/jsx-runtime`), host elements tagged with where they are written
//! (`data-s2c-loc="src/pages/Pricing.tsx:42:7"`), and every import specifier replaced by a
//! placeholder. The result ([`Compiled`]) depends only on the path and the source, so it is cached
//! by their hash (`cache.rs`); which file or pack module each import names depends on the tree and
//! is decided later, when the placeholders are filled in (`link.rs`).

mod exports;
mod imports;
mod lines;
mod tag;

use crate::error::{Result, WebProjectError};
use oxc::allocator::Allocator;
use oxc::codegen::Codegen;
use oxc::parser::Parser;
use oxc::semantic::SemanticBuilder;
use oxc::span::SourceType;
use oxc::transformer::{TransformOptions, Transformer};
use sha2::{Digest, Sha256};
use std::path::Path;

pub use exports::Exports;
pub use imports::{ImportKind, ImportRef};
pub use lines::LineIndex;

/// The attribute that says where a host element is written: `path:line:column`, 1-based, the
/// column counted in characters, at the opening tag's `<`.
pub const LOC_ATTRIBUTE: &str = "data-s2c-loc";

/// The extensions compiled as modules, in the order an extensionless import tries them.
pub const SCRIPT_EXTENSIONS: &[&str] = &["tsx", "ts", "jsx", "js", "mjs"];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// Tag host elements with [`LOC_ATTRIBUTE`] (the preview does, a static build does not).
    pub tag_locations: bool,
}

/// A compiled module before linking: code whose import specifiers are placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compiled {
    pub code: String,
    /// Every import, dynamic import and re-export with a string specifier, in order; the i-th is
    /// written in `code` as the string literal `"{placeholder(i)}"`.
    pub imports: Vec<ImportRef>,
    /// What it exports.
    pub exports: Exports,
    nonce: String,
}

impl Compiled {
    /// The placeholder of the i-th import. The nonce comes from the source's hash, so a source
    /// cannot contain it by chance.
    pub(crate) fn placeholder(&self, i: usize) -> String {
        placeholder(&self.nonce, i)
    }
}

fn placeholder(nonce: &str, i: usize) -> String {
    format!("__s2c_{nonce}_{i}__")
}

/// Compiles `source`, the file at project path `path`. `nonce` is any string of `[0-9a-f]` that
/// the source does not contain (`cache.rs` passes the start of its hash).
pub fn compile(path: &str, source: &str, options: Options, nonce: &str) -> Result<Compiled> {
    let source_type = SourceType::from_path(path)
        .map_err(|_| WebProjectError::BadImport {
            file: path.to_string(),
            specifier: path.to_string(),
            reason: "it is not a script (.tsx .ts .jsx .js .mjs)".to_string(),
        })?
        .with_module(true)
        // Models put JSX in .js files too; Vite refuses them, the preview is kinder.
        .with_jsx(!path.ends_with(".ts"));
    let allocator = Allocator::default();
    let lines = LineIndex::new(source);
    let syntax = |diagnostic: &oxc::diagnostics::OxcDiagnostic| {
        // The primary label, else the last: for "already declared" the first label is the
        // earlier, valid declaration and the last is the place to fix.
        let label = diagnostic
            .labels
            .iter()
            .find(|l| l.primary())
            .or_else(|| diagnostic.labels.last());
        let offset = label.map_or(0, |l| l.offset());
        let (line, column) = lines.position(offset);
        WebProjectError::Syntax {
            file: path.to_string(),
            line,
            column,
            message: one_line(&diagnostic.message),
        }
    };

    let parsed = Parser::new(&allocator, source, source_type).parse();
    if let Some(first) = parsed.diagnostics.errors().next() {
        return Err(syntax(first));
    }
    if parsed.panicked {
        return Err(WebProjectError::Syntax {
            file: path.to_string(),
            line: 1,
            column: 1,
            message: "the file could not be parsed".to_string(),
        });
    }
    let exports = exports::exports_of(&parsed.module_record);
    let imported = exports::imported_names(&parsed.module_record);
    let mut program = parsed.program;
    if options.tag_locations {
        tag::tag_host_elements(&allocator, &mut program, path, &lines);
    }

    // Enum lowering needs the members' values computed by the semantic pass.
    let semantic = SemanticBuilder::new()
        .with_check_syntax_error(true)
        .with_enum_eval(true)
        .with_excess_capacity(2.0)
        .build(&program);
    if let Some(first) = semantic.diagnostics.errors().next() {
        return Err(syntax(first));
    }
    let scoping = semantic.semantic.into_scoping();
    let transformed = Transformer::new(&allocator, Path::new(path), &TransformOptions::default())
        .build_with_scoping(scoping, &mut program);
    if let Some(first) = transformed.diagnostics.errors().next() {
        return Err(syntax(first));
    }

    let mut imports =
        imports::replace_specifiers(&allocator, &mut program, &lines, |i| placeholder(nonce, i));
    for import in imports.iter_mut().filter(|i| i.kind == ImportKind::Static) {
        import.names = imported.get(&import.specifier).cloned().unwrap_or_default();
    }
    let mut code = Codegen::new().build(&program).code;
    if options.tag_locations {
        code.push_str(&register_source(path, source));
    }
    Ok(Compiled {
        code,
        imports,
        exports,
        nonce: nonce.to_string(),
    })
}

/// Names one version of a file's bytes (the first 12 bytes of its SHA-256, in hex): a preview
/// module registers it for its file, and a visual edit made on another version is refused.
pub fn source_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The page-wide record of which version of each file its modules were compiled from
/// (`window.__s2c_sources[path]`, [`source_hash`]): a visual edit names the
/// version it was made on, and one made on a file that changed since is refused, even when the
/// preview shows a file's last version that compiled rather than the current one.
fn register_source(path: &str, source: &str) -> String {
    let key = serde_json::to_string(path).unwrap_or_else(|_| "\"\"".to_string());
    format!(
        "\n(globalThis.{SOURCES_GLOBAL} ??= {{}})[{key}] = \"{}\";\n",
        source_hash(source.as_bytes())
    )
}

/// The global where a preview page's modules record their sources' hashes.
pub const SOURCES_GLOBAL: &str = "__s2c_sources";

/// A diagnostic's message on one line, short enough for an overlay and a tool result.
fn one_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or("").trim();
    if line.chars().count() > 200 {
        format!("{}…", line.chars().take(200).collect::<String>())
    } else {
        line.to_string()
    }
}

#[cfg(test)]
#[path = "transform_tests.rs"]
mod tests;
