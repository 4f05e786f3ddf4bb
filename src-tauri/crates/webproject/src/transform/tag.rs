//! Tags every host element (`<div>`, `<button>`: a lowercase JSX name) with where its opening tag
//! is written, so a pick in the preview finds the element in the right file. Components
//! (`<Header>`, `<motion.div>`) and fragments are left alone: their own host elements carry the
//! tag of the file that writes them. An attribute the source already has is replaced, so a copied
//! tag never points at the wrong place.

use super::{LineIndex, LOC_ATTRIBUTE};
use oxc::allocator::Allocator;
use oxc::ast::ast::{
    JSXAttributeItem, JSXAttributeName, JSXAttributeValue, JSXElementName, JSXOpeningElement,
    Program,
};
use oxc::ast::builder::AstBuilder;
use oxc::ast_visit::{walk_mut, VisitMut};
use oxc::span::SPAN;

pub(super) fn tag_host_elements<'a>(
    allocator: &'a Allocator,
    program: &mut Program<'a>,
    path: &str,
    lines: &LineIndex,
) {
    let mut tagger = Tagger {
        builder: AstBuilder::new(allocator),
        allocator,
        path,
        lines,
    };
    tagger.visit_program(program);
}

struct Tagger<'a, 'p> {
    builder: AstBuilder<'a>,
    allocator: &'a Allocator,
    path: &'p str,
    lines: &'p LineIndex<'p>,
}

impl<'a> VisitMut<'a> for Tagger<'a, '_> {
    fn visit_jsx_opening_element(&mut self, it: &mut JSXOpeningElement<'a>) {
        if matches!(it.name, JSXElementName::Identifier(_)) {
            let (line, column) = self.lines.position(it.span.start);
            let value = self
                .allocator
                .alloc_str(&format!("{}:{line}:{column}", self.path));
            it.attributes.retain(|a| !is_loc(a));
            let attribute = JSXAttributeItem::new_attribute(
                SPAN,
                JSXAttributeName::new_identifier(SPAN, LOC_ATTRIBUTE, &self.builder),
                Some(JSXAttributeValue::new_string_literal(
                    SPAN,
                    value,
                    None,
                    &self.builder,
                )),
                &self.builder,
            );
            it.attributes.push(attribute);
        }
        walk_mut::walk_jsx_opening_element(self, it);
    }
}

fn is_loc(item: &JSXAttributeItem) -> bool {
    matches!(item, JSXAttributeItem::Attribute(a)
        if matches!(&a.name, JSXAttributeName::Identifier(n) if n.name == LOC_ATTRIBUTE))
}
