//! A class change on an element's `className`, whatever form it has:
//!
//! - none: `className="…"` is added after the tag name;
//! - a string (`"p-4 …"`, `{"p-4"}`): the classes that conflict are replaced in place;
//! - a template literal: conflicting classes come out of its text, the new ones go at its end;
//! - `cn(…)`/`clsx(…)`: conflicting classes come out of every string the call's arguments can
//!   yield as classes, and the new ones are added as a last argument — last, because with
//!   `cn` (tailwind-merge) the last class of a group wins over anything the other arguments
//!   compute (a `className` prop, a variant), and with `clsx` no written class fights it;
//! - any other expression (`isOpen ? "a" : "b"`, a prop): its conflicting strings come out the
//!   same way and the expression is kept whole, wrapped so it still yields its own classes plus
//!   the new ones: in a class helper the file imports, else `[expr, "…"].filter(Boolean).join(" ")`,
//!   which, like `clsx`, drops the `false`/`undefined` a condition yields.
//!
//! Only strings in places that become classes are touched: not a comparison's operand
//! (`size === "lg"`), not a condition, not another function's argument.

use super::{jsx_value, Replacement};
use oxc::ast::ast::{
    Argument, ArrayExpressionElement, Expression, JSXAttribute, JSXAttributeItem, JSXAttributeName,
    JSXAttributeValue, JSXExpression, JSXOpeningElement, LogicalOperator, ObjectPropertyKind,
    PropertyKey, TemplateLiteral,
};
use oxc::span::{GetSpan, Span};

/// Functions whose arguments are class names, joined.
pub(super) const HELPERS: &[&str] = &[
    "cn",
    "clsx",
    "classNames",
    "classnames",
    "cx",
    "twMerge",
    "twJoin",
];

pub(super) fn plan(
    text: &str,
    opening: &JSXOpeningElement<'_>,
    conflicts: &dyn Fn(&str) -> bool,
    add: &str,
    helpers: &[&str],
) -> Result<Vec<Replacement>, String> {
    let add = add.split_whitespace().collect::<Vec<_>>().join(" ");
    if add.is_empty() || add.contains(['"', '\'', '`', '\\', '{', '}', '$', '<', '>', '&']) {
        return Err(format!("{add:?} is not a class name"));
    }
    let Some(attribute) = class_attribute(opening) else {
        let at = opening.name.span().end as usize;
        return Ok(vec![Replacement::insert(
            at,
            format!(" className=\"{add}\""),
        )]);
    };
    let value = match &attribute.value {
        None => {
            return Ok(vec![Replacement {
                start: attribute.span.start as usize,
                end: attribute.span.end as usize,
                text: format!("className=\"{add}\""),
            }])
        }
        Some(value) => value,
    };
    let expression = match value {
        JSXAttributeValue::StringLiteral(literal) => {
            return Ok(in_place(text, literal.span, conflicts, &add)
                .into_iter()
                .collect())
        }
        JSXAttributeValue::ExpressionContainer(container) => match &container.expression {
            JSXExpression::EmptyExpression(_) => {
                return Ok(vec![Replacement {
                    start: container.span.start as usize,
                    end: container.span.end as usize,
                    text: jsx_value(&add),
                }])
            }
            expression => expression.to_expression(),
        },
        JSXAttributeValue::Element(_) | JSXAttributeValue::Fragment(_) => {
            return Err("its className is an element, not classes; edit the code".to_string())
        }
    };
    let mut out = Vec::new();
    match expression.without_parentheses() {
        Expression::StringLiteral(literal) => {
            out.extend(in_place(text, literal.span, conflicts, &add));
        }
        Expression::TemplateLiteral(template) => {
            strip_template(text, template, conflicts, &mut out);
            let last = template
                .quasis
                .last()
                .map_or(template.span.end - 1, |q| q.span.end);
            let space = if text[..last as usize].ends_with(char::is_whitespace)
                || template.span.end - 1 == template.span.start + 1
            {
                ""
            } else {
                " "
            };
            out.push(Replacement::insert(last as usize, format!("{space}{add}")));
        }
        Expression::CallExpression(call) if is_helper(&call.callee) => {
            // A last argument that is a plain string (the one an earlier edit added) takes the
            // new classes itself, so repeated edits do not pile up arguments.
            if let Some(Argument::StringLiteral(last)) = call.arguments.last() {
                let others = &call.arguments[..call.arguments.len() - 1];
                for e in others.iter().filter_map(argument_expression) {
                    strip(text, e, conflicts, &mut out);
                }
                out.extend(in_place(text, last.span, conflicts, &add));
                return Ok(out);
            }
            strip(text, expression, conflicts, &mut out);
            let literal = format!("\"{add}\"");
            match call.arguments.last() {
                Some(last) => out.push(Replacement::insert(
                    last.span().end as usize,
                    format!(", {literal}"),
                )),
                None => out.push(Replacement::insert(call.span.end as usize - 1, literal)),
            }
        }
        _ => {
            strip(text, expression, conflicts, &mut out);
            let span = expression.span();
            let (open, close) = match helpers.first() {
                Some(helper) => (format!("{helper}("), format!(", \"{add}\")")),
                None => (
                    "[".to_string(),
                    format!(", \"{add}\"].filter(Boolean).join(\" \")"),
                ),
            };
            out.push(Replacement::insert(span.start as usize, open));
            out.push(Replacement::insert(span.end as usize, close));
        }
    }
    Ok(out)
}

fn class_attribute<'b, 'a>(opening: &'b JSXOpeningElement<'a>) -> Option<&'b JSXAttribute<'a>> {
    let named = |wanted: &str| {
        opening.attributes.iter().find_map(|item| match item {
            JSXAttributeItem::Attribute(a)
                if matches!(&a.name, JSXAttributeName::Identifier(n) if n.name == wanted) =>
            {
                Some(&**a)
            }
            _ => None,
        })
    };
    named("className").or_else(|| named("class"))
}

fn is_helper(callee: &Expression<'_>) -> bool {
    matches!(callee, Expression::Identifier(id) if HELPERS.contains(&id.name.as_str()))
}

/// A string literal's classes with the conflicting ones replaced by `add` (at the first one's
/// place, else at the end).
fn in_place(
    text: &str,
    span: Span,
    conflicts: &dyn Fn(&str) -> bool,
    add: &str,
) -> Option<Replacement> {
    let (start, end) = (span.start as usize + 1, span.end as usize - 1);
    let raw = text.get(start..end)?;
    let mut tokens: Vec<&str> = Vec::new();
    let mut placed = false;
    for token in raw.split_whitespace() {
        if conflicts(token) {
            if !placed {
                tokens.push(add);
                placed = true;
            }
        } else {
            tokens.push(token);
        }
    }
    if !placed {
        tokens.push(add);
    }
    Some(Replacement {
        start,
        end,
        text: tokens.join(" "),
    })
}

/// Takes the conflicting classes out of every string `expression` can yield as classes.
fn strip(
    text: &str,
    expression: &Expression<'_>,
    conflicts: &dyn Fn(&str) -> bool,
    out: &mut Vec<Replacement>,
) {
    match expression.without_parentheses() {
        Expression::StringLiteral(literal) => {
            let (start, end) = (
                literal.span.start as usize + 1,
                literal.span.end as usize - 1,
            );
            out.extend(strip_text(text, start, end, (false, false), conflicts));
        }
        Expression::TemplateLiteral(template) => strip_template(text, template, conflicts, out),
        Expression::ConditionalExpression(c) => {
            strip(text, &c.consequent, conflicts, out);
            strip(text, &c.alternate, conflicts, out);
        }
        Expression::LogicalExpression(l) => {
            // `a && "x"`: `a` is a condition; `a || "x"`, `a ?? "x"`: both sides can be classes.
            if l.operator != LogicalOperator::And {
                strip(text, &l.left, conflicts, out);
            }
            strip(text, &l.right, conflicts, out);
        }
        Expression::CallExpression(call) if is_helper(&call.callee) => {
            for argument in &call.arguments {
                if let Some(e) = argument_expression(argument) {
                    strip(text, e, conflicts, out);
                }
            }
        }
        Expression::ArrayExpression(array) => {
            for element in &array.elements {
                if let Some(e) = element_expression(element) {
                    strip(text, e, conflicts, out);
                }
            }
        }
        // clsx's `{ "p-4 text-lg": isBig }`: the keys are classes.
        Expression::ObjectExpression(object) => {
            for property in &object.properties {
                if let ObjectPropertyKind::ObjectProperty(p) = property {
                    if let PropertyKey::StringLiteral(key) = &p.key {
                        let (start, end) = (key.span.start as usize + 1, key.span.end as usize - 1);
                        out.extend(strip_text(text, start, end, (false, false), conflicts));
                    }
                }
            }
        }
        _ => {}
    }
}

fn argument_expression<'b, 'a>(argument: &'b Argument<'a>) -> Option<&'b Expression<'a>> {
    match argument {
        Argument::SpreadElement(_) => None,
        other => Some(other.to_expression()),
    }
}

fn element_expression<'b, 'a>(
    element: &'b ArrayExpressionElement<'a>,
) -> Option<&'b Expression<'a>> {
    match element {
        ArrayExpressionElement::SpreadElement(_) | ArrayExpressionElement::Elision(_) => None,
        other => Some(other.to_expression()),
    }
}

fn strip_template(
    text: &str,
    template: &TemplateLiteral<'_>,
    conflicts: &dyn Fn(&str) -> bool,
    out: &mut Vec<Replacement>,
) {
    let count = template.quasis.len();
    for (i, quasi) in template.quasis.iter().enumerate() {
        // A class written against `${…}` is only part of one (`text-${size}`): left alone.
        let partial = (i > 0, i + 1 < count);
        out.extend(strip_text(
            text,
            quasi.span.start as usize,
            quasi.span.end as usize,
            partial,
            conflicts,
        ));
    }
    for expression in &template.expressions {
        strip(text, expression, conflicts, out);
    }
}

/// The classes of `text[start..end]` without the conflicting ones; `partial`: whether its first
/// and last characters touch an expression (then a class there is not whole).
fn strip_text(
    text: &str,
    start: usize,
    end: usize,
    partial: (bool, bool),
    conflicts: &dyn Fn(&str) -> bool,
) -> Option<Replacement> {
    let raw = text.get(start..end)?;
    // Escapes would make the written text differ from the classes; such strings are left alone.
    if raw.contains('\\') {
        return None;
    }
    // Each class with the whitespace before it, and the whitespace after the last.
    let mut tokens: Vec<(&str, &str)> = Vec::new();
    let mut rest = raw;
    loop {
        let ws = rest.len() - rest.trim_start().len();
        let (space, after) = rest.split_at(ws);
        if after.is_empty() {
            break;
        }
        let len = after.find(char::is_whitespace).unwrap_or(after.len());
        tokens.push((space, &after[..len]));
        rest = &after[len..];
    }
    let trailing = rest;
    let count = tokens.len();
    let mut kept = String::with_capacity(raw.len());
    let mut changed = false;
    // The whitespace before a removed run goes before the next class kept.
    let mut carried: Option<&str> = None;
    for (i, (space, token)) in tokens.into_iter().enumerate() {
        let cut_first = i == 0 && space.is_empty() && partial.0;
        let cut_last = i + 1 == count && trailing.is_empty() && partial.1;
        if !cut_first && !cut_last && conflicts(token) {
            changed = true;
            carried.get_or_insert(space);
            continue;
        }
        kept.push_str(carried.take().unwrap_or(space));
        kept.push_str(token);
    }
    kept.push_str(trailing);
    changed.then_some(Replacement {
        start,
        end,
        text: kept,
    })
}
