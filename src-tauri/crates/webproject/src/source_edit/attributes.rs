//! A plain attribute (`src`, `href`, `alt`) set to a string, and one declaration of the inline
//! `style={{ … }}` object. A value that code computes is refused: replacing it would drop
//! whatever the code meant.

use super::{jsx_value, Replacement};
use oxc::ast::ast::{
    JSXAttribute, JSXAttributeItem, JSXAttributeName, JSXAttributeValue, JSXExpression,
    JSXOpeningElement, ObjectPropertyKind, PropertyKey,
};
use oxc::span::GetSpan;

/// Attributes that are code or that React reads specially: never set from the panel.
const NOT_PLAIN: &[&str] = &[
    "className",
    "class",
    "style",
    "key",
    "ref",
    "children",
    "dangerouslySetInnerHTML",
];
const MAX_VALUE: usize = 2_000;

fn attribute<'b, 'a>(
    opening: &'b JSXOpeningElement<'a>,
    name: &str,
) -> Option<&'b JSXAttribute<'a>> {
    opening.attributes.iter().find_map(|item| match item {
        JSXAttributeItem::Attribute(a)
            if matches!(&a.name, JSXAttributeName::Identifier(n) if n.name == name) =>
        {
            Some(&**a)
        }
        _ => None,
    })
}

fn check_value(value: &str) -> Result<(), String> {
    if value.len() > MAX_VALUE || value.chars().any(char::is_control) {
        return Err("the value is too long or holds control characters".to_string());
    }
    Ok(())
}

pub(super) fn set_attribute(
    opening: &JSXOpeningElement<'_>,
    name: &str,
    value: &str,
) -> Result<Vec<Replacement>, String> {
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && name.len() <= 64;
    let handler =
        name.len() > 2 && name.starts_with("on") && name[2..].starts_with(char::is_uppercase);
    if !valid || handler || NOT_PLAIN.contains(&name) {
        return Err(format!(
            "`{name}` is not an attribute the visual editor sets"
        ));
    }
    check_value(value)?;
    let written = jsx_value(value);
    let Some(existing) = attribute(opening, name) else {
        let at = opening.name.span().end as usize;
        return Ok(vec![Replacement::insert(at, format!(" {name}={written}"))]);
    };
    let span = match &existing.value {
        None => None,
        Some(JSXAttributeValue::StringLiteral(literal)) => Some(literal.span),
        Some(JSXAttributeValue::ExpressionContainer(container)) => match &container.expression {
            JSXExpression::StringLiteral(_) => Some(container.span),
            JSXExpression::TemplateLiteral(t) if t.expressions.is_empty() => Some(container.span),
            _ => {
                return Err(format!(
                    "its `{name}` is computed by code; edit it in the code editor"
                ))
            }
        },
        Some(_) => {
            return Err(format!(
                "its `{name}` is an element; edit it in the code editor"
            ))
        }
    };
    Ok(vec![match span {
        Some(span) => Replacement {
            start: span.start as usize,
            end: span.end as usize,
            text: written,
        },
        // `<input disabled>` becomes `<input disabled="…">`.
        None => Replacement::insert(existing.span.end as usize, format!("={written}")),
    }])
}

/// `background-color` → `backgroundColor`, as React's style objects name it (`--x` stays).
fn style_key(property: &str) -> String {
    if property.starts_with("--") {
        return property.to_string();
    }
    let mut out = String::with_capacity(property.len());
    let mut upper = false;
    for c in property.trim_start_matches('-').chars() {
        if c == '-' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

pub(super) fn set_style(
    opening: &JSXOpeningElement<'_>,
    property: &str,
    value: &str,
) -> Result<Vec<Replacement>, String> {
    let valid = !property.is_empty()
        && property.len() <= 64
        && property.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    if !valid {
        return Err(format!("`{property}` is not a CSS property"));
    }
    check_value(value)?;
    let key = style_key(property);
    let quoted_key = if key.starts_with("--") {
        format!("\"{key}\"")
    } else {
        key.clone()
    };
    let literal = serde_json::to_string(value).map_err(|e| e.to_string())?;
    let Some(style) = attribute(opening, "style") else {
        let at = opening.name.span().end as usize;
        return Ok(vec![Replacement::insert(
            at,
            format!(" style={{{{ {quoted_key}: {literal} }}}}"),
        )]);
    };
    let object = match &style.value {
        Some(JSXAttributeValue::ExpressionContainer(container)) => match &container.expression {
            JSXExpression::ObjectExpression(object) => object,
            _ => {
                return Err("its style is computed by code; edit it in the code editor".to_string())
            }
        },
        _ => return Err("its style is not an object; edit it in the code editor".to_string()),
    };
    for property_kind in &object.properties {
        let ObjectPropertyKind::ObjectProperty(p) = property_kind else {
            continue;
        };
        let name = match &p.key {
            PropertyKey::StaticIdentifier(id) if !p.computed => id.name.as_str(),
            PropertyKey::StringLiteral(s) => s.value.as_str(),
            _ => continue,
        };
        if name == key || name == property {
            if p.shorthand || p.method {
                return Err("its style is computed by code; edit it in the code editor".to_string());
            }
            let span = p.value.span();
            return Ok(vec![Replacement {
                start: span.start as usize,
                end: span.end as usize,
                text: literal,
            }]);
        }
    }
    let entry = format!("{quoted_key}: {literal}");
    Ok(vec![match object.properties.last() {
        Some(last) => Replacement::insert(last.span().end as usize, format!(", {entry}")),
        None => Replacement {
            start: object.span.start as usize,
            end: object.span.end as usize,
            text: format!("{{ {entry} }}"),
        },
    }])
}
