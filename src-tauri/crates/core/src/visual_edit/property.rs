//! What the properties panel can change, and the values it may send: CSS values from a small,
//! checked alphabet, so a value can never close an attribute, a declaration or a class.

use super::error::VisualEditError;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case")]
pub enum StyleProperty {
    Color,
    BackgroundColor,
    FontSize,
    FontWeight,
    LineHeight,
    LetterSpacing,
    MarginTop,
    MarginRight,
    MarginBottom,
    MarginLeft,
    PaddingTop,
    PaddingRight,
    PaddingBottom,
    PaddingLeft,
    Gap,
    Width,
    Height,
    BorderRadius,
    BorderWidth,
    BorderColor,
    /// A preset: `none`, `sm`, `md`, `lg`, `xl`, `2xl`.
    Shadow,
    TextAlign,
    AlignItems,
    JustifyContent,
    Display,
    FlexDirection,
}

impl StyleProperty {
    pub fn css_name(self) -> &'static str {
        match self {
            Self::Color => "color",
            Self::BackgroundColor => "background-color",
            Self::FontSize => "font-size",
            Self::FontWeight => "font-weight",
            Self::LineHeight => "line-height",
            Self::LetterSpacing => "letter-spacing",
            Self::MarginTop => "margin-top",
            Self::MarginRight => "margin-right",
            Self::MarginBottom => "margin-bottom",
            Self::MarginLeft => "margin-left",
            Self::PaddingTop => "padding-top",
            Self::PaddingRight => "padding-right",
            Self::PaddingBottom => "padding-bottom",
            Self::PaddingLeft => "padding-left",
            Self::Gap => "gap",
            Self::Width => "width",
            Self::Height => "height",
            Self::BorderRadius => "border-radius",
            Self::BorderWidth => "border-width",
            Self::BorderColor => "border-color",
            Self::Shadow => "box-shadow",
            Self::TextAlign => "text-align",
            Self::AlignItems => "align-items",
            Self::JustifyContent => "justify-content",
            Self::Display => "display",
            Self::FlexDirection => "flex-direction",
        }
    }

    /// Keyword values the property accepts (empty: a length, number or colour).
    pub fn keywords(self) -> &'static [&'static str] {
        match self {
            Self::Shadow => &["none", "sm", "md", "lg", "xl", "2xl"],
            Self::TextAlign => &["left", "center", "right", "justify"],
            Self::AlignItems => &["flex-start", "center", "flex-end", "stretch", "baseline"],
            Self::JustifyContent => &[
                "flex-start",
                "center",
                "flex-end",
                "space-between",
                "space-around",
                "space-evenly",
            ],
            Self::Display => &[
                "block",
                "inline",
                "inline-block",
                "flex",
                "inline-flex",
                "grid",
                "none",
            ],
            Self::FlexDirection => &["row", "column", "row-reverse", "column-reverse"],
            _ => &[],
        }
    }

    pub fn is_color(self) -> bool {
        matches!(
            self,
            Self::Color | Self::BackgroundColor | Self::BorderColor
        )
    }
}

/// The value, trimmed, when the property accepts it.
pub fn check_value(property: StyleProperty, value: &str) -> Result<String, VisualEditError> {
    let value = value.trim();
    let bad = || {
        VisualEditError::InvalidValue(format!(
            "{value:?} is not a value for {}",
            property.css_name()
        ))
    };
    if value.is_empty() || value.len() > 40 {
        return Err(bad());
    }
    let keywords = property.keywords();
    if !keywords.is_empty() {
        return if keywords.contains(&value) {
            Ok(value.to_owned())
        } else {
            Err(bad())
        };
    }
    if property.is_color() {
        let hex = value.strip_prefix('#').unwrap_or("");
        let is_hex =
            matches!(hex.len(), 3 | 4 | 6 | 8) && hex.bytes().all(|c| c.is_ascii_hexdigit());
        return if is_hex || value == "transparent" {
            Ok(value.to_ascii_lowercase())
        } else {
            Err(bad())
        };
    }
    // Lengths and numbers: `16px`, `-4px`, `1.5`, `0.05em`, `100%`, `auto`.
    let ok = value == "auto"
        || value
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'%'))
            && value
                .bytes()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || c == b'-' || c == b'.');
    if ok {
        Ok(value.to_owned())
    } else {
        Err(bad())
    }
}

/// `16px` → 16.0; `None` for other units.
pub fn px(value: &str) -> Option<f64> {
    if value == "0" {
        return Some(0.0);
    }
    value.strip_suffix("px")?.parse().ok()
}

/// The CSS a shadow preset stands for (Tailwind's values).
pub fn shadow_css(preset: &str) -> &'static str {
    match preset {
        "sm" => "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "md" => "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
        "lg" => "0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)",
        "xl" => "0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)",
        "2xl" => "0 25px 50px -12px rgb(0 0 0 / 0.25)",
        _ => "none",
    }
}
