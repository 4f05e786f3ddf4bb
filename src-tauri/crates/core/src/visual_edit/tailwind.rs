//! A style change as Tailwind utility classes: the class for the new value, and which classes
//! already set the same property (removed, so two never fight). Classes with a variant
//! (`md:p-4`, `hover:bg-…`, `!p-4`) are left alone: the change is for the base style.

use super::property::{px, StyleProperty};

const PALETTE: &[&str] = &[
    "slate", "gray", "zinc", "neutral", "stone", "red", "orange", "amber", "yellow", "lime",
    "green", "emerald", "teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia",
    "pink", "rose",
];
const SIZES: &[(&str, f64)] = &[
    ("xs", 12.0),
    ("sm", 14.0),
    ("base", 16.0),
    ("lg", 18.0),
    ("xl", 20.0),
    ("2xl", 24.0),
    ("3xl", 30.0),
    ("4xl", 36.0),
    ("5xl", 48.0),
    ("6xl", 60.0),
    ("7xl", 72.0),
    ("8xl", 96.0),
    ("9xl", 128.0),
];
const WEIGHTS: &[(&str, &str)] = &[
    ("100", "thin"),
    ("200", "extralight"),
    ("300", "light"),
    ("400", "normal"),
    ("500", "medium"),
    ("600", "semibold"),
    ("700", "bold"),
    ("800", "extrabold"),
    ("900", "black"),
];
const ALIGN: &[&str] = &["left", "center", "right", "justify", "start", "end"];
const TEXT_OTHER: &[&str] = &["wrap", "nowrap", "balance", "pretty", "ellipsis", "clip"];
const RADII: &[&str] = &[
    "none", "xs", "sm", "md", "lg", "xl", "2xl", "3xl", "4xl", "full",
];
const SHADOWS: &[&str] = &["xs", "sm", "md", "lg", "xl", "2xl", "inner", "none"];
const DISPLAYS: &[&str] = &[
    "block",
    "inline-block",
    "inline",
    "flex",
    "inline-flex",
    "grid",
    "inline-grid",
    "hidden",
    "contents",
    "table",
    "flow-root",
];
const DIRECTIONS: &[&str] = &[
    "flex-row",
    "flex-col",
    "flex-row-reverse",
    "flex-col-reverse",
];
const JUSTIFY: &[&str] = &[
    "start", "end", "center", "between", "around", "evenly", "stretch", "normal",
];
const ITEMS: &[&str] = &["start", "end", "center", "baseline", "stretch"];

/// `classes` with the classes of `property`'s group replaced by `new_class` (at the place of
/// the first one, else at the end). Separators between untouched classes are kept.
pub fn replace_class(classes: &str, property: StyleProperty, new_class: &str) -> String {
    let mut out = String::with_capacity(classes.len() + new_class.len() + 1);
    let mut placed = false;
    let mut pending_space = String::new();
    let mut rest = classes;
    while !rest.is_empty() {
        let ws = rest.len() - rest.trim_start().len();
        pending_space.push_str(&rest[..ws]);
        rest = &rest[ws..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if len == 0 {
            break;
        }
        let token = &rest[..len];
        rest = &rest[len..];
        let keep = if in_group(property, token) {
            if placed {
                pending_space.clear();
                continue;
            }
            placed = true;
            new_class
        } else {
            token
        };
        if !out.is_empty() {
            out.push_str(if pending_space.is_empty() {
                " "
            } else {
                &pending_space
            });
        }
        pending_space.clear();
        out.push_str(keep);
    }
    if !placed {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(new_class);
    }
    out.push_str(&pending_space);
    out
}

/// Whether an unprefixed `class` sets `property`.
pub fn in_group(property: StyleProperty, class: &str) -> bool {
    if class.contains(':') || class.starts_with('!') || class.ends_with('!') {
        return false;
    }
    let unsigned = class.strip_prefix('-').unwrap_or(class);
    let after = |prefix: &str| unsigned.strip_prefix(prefix);
    use StyleProperty as P;
    match property {
        P::MarginTop => after("mt-").is_some(),
        P::MarginRight => after("mr-").is_some(),
        P::MarginBottom => after("mb-").is_some(),
        P::MarginLeft => after("ml-").is_some(),
        P::PaddingTop => after("pt-").is_some(),
        P::PaddingRight => after("pr-").is_some(),
        P::PaddingBottom => after("pb-").is_some(),
        P::PaddingLeft => after("pl-").is_some(),
        P::Gap => after("gap-").is_some_and(|r| !r.starts_with("x-") && !r.starts_with("y-")),
        P::Width => after("w-").is_some(),
        P::Height => after("h-").is_some(),
        P::Color => after("text-").is_some_and(is_color),
        P::FontSize => after("text-").is_some_and(is_font_size),
        P::TextAlign => after("text-").is_some_and(|r| ALIGN.contains(&r)),
        P::BackgroundColor => after("bg-").is_some_and(is_color),
        P::BorderColor => after("border-").is_some_and(is_color),
        P::BorderWidth => {
            class == "border"
                || after("border-").is_some_and(|r| {
                    r.bytes().all(|c| c.is_ascii_digit()) || (r.starts_with('[') && !is_color(r))
                })
        }
        P::FontWeight => after("font-").is_some_and(|r| {
            WEIGHTS.iter().any(|(_, name)| *name == r)
                || r.starts_with("[") && r[1..].starts_with(|c: char| c.is_ascii_digit())
        }),
        P::LineHeight => after("leading-").is_some(),
        P::LetterSpacing => after("tracking-").is_some(),
        P::BorderRadius => {
            class == "rounded"
                || after("rounded-").is_some_and(|r| RADII.contains(&r) || r.starts_with('['))
        }
        P::Shadow => {
            class == "shadow"
                || after("shadow-").is_some_and(|r| SHADOWS.contains(&r) || r.starts_with('['))
        }
        P::AlignItems => after("items-").is_some_and(|r| ITEMS.contains(&r)),
        P::JustifyContent => after("justify-").is_some_and(|r| JUSTIFY.contains(&r)),
        P::Display => DISPLAYS.contains(&class),
        P::FlexDirection => DIRECTIONS.contains(&class),
    }
}

fn is_color(rest: &str) -> bool {
    if matches!(
        rest,
        "black" | "white" | "transparent" | "current" | "inherit"
    ) {
        return true;
    }
    if let Some(inner) = rest.strip_prefix('[') {
        return inner.starts_with('#')
            || ["rgb", "hsl", "oklch", "color:"]
                .iter()
                .any(|p| inner.starts_with(p));
    }
    let base = rest.split('/').next().unwrap_or(rest);
    match base.rsplit_once('-') {
        Some((name, shade)) => PALETTE.contains(&name) && shade.bytes().all(|c| c.is_ascii_digit()),
        None => false,
    }
}

fn is_font_size(rest: &str) -> bool {
    let base = rest.split('/').next().unwrap_or(rest);
    if SIZES.iter().any(|(name, _)| *name == base) {
        return true;
    }
    base.strip_prefix('[').is_some_and(|inner| {
        inner.starts_with(|c: char| c.is_ascii_digit() || c == '.') || inner.starts_with("length:")
    }) && !TEXT_OTHER.contains(&base)
}

/// The class that gives `property` the (checked) `value`.
pub fn class_for(property: StyleProperty, value: &str) -> String {
    use StyleProperty as P;
    let arbitrary = |prefix: &str| format!("{prefix}-[{value}]");
    match property {
        P::MarginTop => spacing("mt", value, true),
        P::MarginRight => spacing("mr", value, true),
        P::MarginBottom => spacing("mb", value, true),
        P::MarginLeft => spacing("ml", value, true),
        P::PaddingTop => spacing("pt", value, false),
        P::PaddingRight => spacing("pr", value, false),
        P::PaddingBottom => spacing("pb", value, false),
        P::PaddingLeft => spacing("pl", value, false),
        P::Gap => spacing("gap", value, false),
        P::Width | P::Height => {
            let prefix = if property == P::Width { "w" } else { "h" };
            match value {
                "100%" => format!("{prefix}-full"),
                _ => spacing(prefix, value, false),
            }
        }
        P::Color => color("text", value),
        P::BackgroundColor => color("bg", value),
        P::BorderColor => color("border", value),
        P::FontSize => match px(value).and_then(|v| SIZES.iter().find(|(_, s)| *s == v)) {
            Some((name, _)) => format!("text-{name}"),
            None => arbitrary("text"),
        },
        P::FontWeight => match WEIGHTS.iter().find(|(w, _)| *w == value) {
            Some((_, name)) => format!("font-{name}"),
            None => arbitrary("font"),
        },
        P::LineHeight => arbitrary("leading"),
        P::LetterSpacing => arbitrary("tracking"),
        P::BorderRadius => match px(value) {
            Some(0.0) => "rounded-none".into(),
            Some(v) if v >= 9999.0 => "rounded-full".into(),
            _ => arbitrary("rounded"),
        },
        P::BorderWidth => match px(value) {
            Some(1.0) => "border".into(),
            Some(v) if [0.0, 2.0, 4.0, 8.0].contains(&v) => format!("border-{v}"),
            _ => arbitrary("border"),
        },
        P::Shadow => format!("shadow-{value}"),
        P::TextAlign => format!("text-{value}"),
        P::AlignItems => format!("items-{}", value.trim_start_matches("flex-")),
        P::JustifyContent => format!(
            "justify-{}",
            value
                .trim_start_matches("flex-")
                .trim_start_matches("space-")
        ),
        P::Display => {
            if value == "none" {
                "hidden".into()
            } else {
                value.to_owned()
            }
        }
        P::FlexDirection => format!("flex-{}", value.replace("column", "col")),
    }
}

/// On the 4 px scale when the value is on it (`mt-4`, `mt-0.5`, `-mt-2`, `mt-px`), else an
/// arbitrary value (`mt-[13px]`).
fn spacing(prefix: &str, value: &str, negative_ok: bool) -> String {
    if value == "auto" {
        return format!("{prefix}-auto");
    }
    if let Some(v) = px(value) {
        let (sign, abs) = if v < 0.0 && negative_ok {
            ("-", -v)
        } else {
            ("", v)
        };
        if abs == 1.0 {
            return format!("{sign}{prefix}-px");
        }
        let steps = abs / 4.0;
        if abs >= 0.0 && (steps * 2.0).fract() == 0.0 {
            return format!("{sign}{prefix}-{steps}");
        }
    }
    format!("{prefix}-[{value}]")
}

fn color(prefix: &str, value: &str) -> String {
    match value {
        "transparent" => format!("{prefix}-transparent"),
        _ => format!("{prefix}-[{value}]"),
    }
}
