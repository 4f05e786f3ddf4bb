//! Every import specifier of a compiled module, replaced by a placeholder and recorded: static
//! imports (with those the JSX transform added), `export … from`, and `import("…")` with a string.
//! An `import()` of a computed string is left as it is: nothing can resolve it ahead.

use super::LineIndex;
use oxc::allocator::Allocator;
use oxc::ast::ast::{
    ExportAllDeclaration, ExportFromDeclaration, Expression, ImportDeclaration, ImportExpression,
    Program, StringLiteral,
};
use oxc::ast_visit::{walk_mut, VisitMut};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportKind {
    /// `import … from "x"`, `import "x"`, `export … from "x"`: evaluated before the module.
    Static,
    /// `import("x")`: evaluated when called, so it cannot take part in an evaluation cycle.
    Dynamic,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRef {
    pub specifier: String,
    pub kind: ImportKind,
    /// Where the specifier is written (1-based), for messages.
    pub line: u32,
    pub column: u32,
    /// The names a static import takes (`default` for a default import); empty for a side
    /// effect, a namespace, a type-only or a dynamic import.
    pub names: Vec<String>,
}

pub(super) fn replace_specifiers<'a>(
    allocator: &'a Allocator,
    program: &mut Program<'a>,
    lines: &LineIndex,
    placeholder: impl Fn(usize) -> String,
) -> Vec<ImportRef> {
    let mut visitor = Replacer {
        allocator,
        lines,
        placeholder,
        found: Vec::new(),
    };
    visitor.visit_program(program);
    visitor.found
}

struct Replacer<'a, 'l, F> {
    allocator: &'a Allocator,
    lines: &'l LineIndex<'l>,
    placeholder: F,
    found: Vec<ImportRef>,
}

impl<'a, F: Fn(usize) -> String> Replacer<'a, '_, F> {
    fn replace(&mut self, literal: &mut StringLiteral<'a>, kind: ImportKind) {
        let (line, column) = self.lines.position(literal.span.start);
        self.found.push(ImportRef {
            specifier: literal.value.as_str().to_string(),
            kind,
            line,
            column,
            names: Vec::new(),
        });
        let placeholder = (self.placeholder)(self.found.len() - 1);
        literal.value = self.allocator.alloc_str(&placeholder).into();
        literal.raw = None;
    }
}

impl<'a, F: Fn(usize) -> String> VisitMut<'a> for Replacer<'a, '_, F> {
    fn visit_import_declaration(&mut self, it: &mut ImportDeclaration<'a>) {
        self.replace(&mut it.source, ImportKind::Static);
    }

    fn visit_export_all_declaration(&mut self, it: &mut ExportAllDeclaration<'a>) {
        self.replace(&mut it.source, ImportKind::Static);
    }

    fn visit_export_from_declaration(&mut self, it: &mut ExportFromDeclaration<'a>) {
        self.replace(&mut it.source, ImportKind::Static);
    }

    fn visit_import_expression(&mut self, it: &mut ImportExpression<'a>) {
        if let Expression::StringLiteral(source) = &mut it.source {
            self.replace(source, ImportKind::Dynamic);
        }
        walk_mut::walk_import_expression(self, it);
    }
}
