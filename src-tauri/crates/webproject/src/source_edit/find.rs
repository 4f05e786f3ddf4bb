//! Parsing the file and finding the element whose opening tag starts at a byte offset; then
//! what each kind of change replaces in it.

use super::{attributes, cannot, classes, text, Change, Edit, Replacement};
use crate::error::{Result, WebProjectError};
use crate::transform::LineIndex;
use oxc::allocator::Allocator;
use oxc::ast::ast::{ImportDeclarationSpecifier, JSXElement, JSXElementName, Program, Statement};
use oxc::ast_visit::{walk, Visit};
use oxc::parser::Parser;
use oxc::span::SourceType;

fn source_type(path: &str) -> Result<SourceType> {
    Ok(SourceType::from_path(path)
        .map_err(|_| WebProjectError::CannotEdit {
            file: path.to_string(),
            line: 1,
            reason: "only .tsx, .jsx, .ts and .js files are edited visually".to_string(),
        })?
        .with_module(true)
        .with_jsx(!path.ends_with(".ts")))
}

/// `Ok` when `text` parses, else the first error's place and message.
pub(super) fn parses(path: &str, text: &str) -> std::result::Result<(), String> {
    let allocator = Allocator::default();
    let source_type = source_type(path).map_err(|e| e.to_string())?;
    let parsed = Parser::new(&allocator, text, source_type).parse();
    let first = parsed.diagnostics.errors().next().map(|error| {
        let offset = error.labels.first().map_or(0, |l| l.offset());
        let (line, column) = LineIndex::new(text).position(offset);
        format!("line {line}, column {column}: {}", error.message)
    });
    match first {
        Some(error) => Err(error),
        None if parsed.panicked => Err("it could not be parsed".to_string()),
        None => Ok(()),
    }
}

/// The replacements that make `edit` on the element starting at byte `at` of `text`.
pub(super) fn plan(path: &str, text: &str, at: usize, edit: &Edit<'_>) -> Result<Vec<Replacement>> {
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, text, source_type(path)?).parse();
    if parsed.panicked || parsed.diagnostics.errors().next().is_some() {
        return Err(cannot(
            path,
            edit.line,
            "the file does not compile now; fix it in the code editor first",
        ));
    }
    let helpers = class_helpers(&parsed.program);
    let mut finder = Finder {
        at,
        text,
        helpers: &helpers,
        change: &edit.change,
        result: None,
    };
    finder.visit_program(&parsed.program);
    match finder.result {
        Some(Ok(replacements)) => Ok(replacements),
        Some(Err(reason)) => Err(cannot(path, edit.line, &reason)),
        None => Err(WebProjectError::NoElementAt {
            file: path.to_string(),
            line: edit.line,
            column: edit.column,
        }),
    }
}

/// Functions that join class names and that this file imports (`cn` from `@/lib/utils`,
/// `clsx`): a computed `className` is wrapped in one, so the file needs no new import.
fn class_helpers<'a>(program: &Program<'a>) -> Vec<&'a str> {
    let mut out = Vec::new();
    for statement in &program.body {
        let Statement::ImportDeclaration(import) = statement else {
            continue;
        };
        for specifier in import.specifiers.iter().flatten() {
            let local = match specifier {
                ImportDeclarationSpecifier::ImportSpecifier(s) => s.local.name.as_str(),
                ImportDeclarationSpecifier::ImportDefaultSpecifier(s) => s.local.name.as_str(),
                ImportDeclarationSpecifier::ImportNamespaceSpecifier(_) => continue,
            };
            if classes::HELPERS.contains(&local) {
                out.push(local);
            }
        }
    }
    out
}

struct Finder<'t, 'c> {
    at: usize,
    text: &'t str,
    helpers: &'t [&'t str],
    change: &'t Change<'c>,
    result: Option<std::result::Result<Vec<Replacement>, String>>,
}

impl<'a> Visit<'a> for Finder<'_, '_> {
    fn visit_jsx_element(&mut self, it: &JSXElement<'a>) {
        if self.result.is_some() {
            return;
        }
        let opening = &it.opening_element;
        if opening.span.start as usize == self.at {
            // Only host elements are tagged; a component here means the file moved on.
            if matches!(opening.name, JSXElementName::Identifier(_)) {
                self.result = Some(self.plan(it));
            }
            return;
        }
        walk::walk_jsx_element(self, it);
    }
}

impl Finder<'_, '_> {
    fn plan(&self, element: &JSXElement<'_>) -> std::result::Result<Vec<Replacement>, String> {
        match self.change {
            Change::Classes { conflicts, add } => classes::plan(
                self.text,
                &element.opening_element,
                *conflicts,
                add,
                self.helpers,
            ),
            Change::Text(new) => text::plan(self.text, element, new),
            Change::Attribute { name, value } => {
                attributes::set_attribute(&element.opening_element, name, value)
            }
            Change::Style { property, value } => {
                attributes::set_style(&element.opening_element, property, value)
            }
        }
    }
}
