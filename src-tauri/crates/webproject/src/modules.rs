//! The modules made from files that are not scripts, and the one shown when a file does not
//! compile.

use crate::error::{Result, WebProjectError};
use crate::path;

/// A stylesheet as a module: it puts the CSS in a `<style>` of the page, or updates the one it
/// put there before (a re-import after an edit replaces, never duplicates), and exports the text.
/// Tailwind v4 sources (`@import "tailwindcss"`, `@theme`, `@apply`…) get
/// `type="text/tailwindcss"`, which the pack's Tailwind browser build compiles in the page.
pub fn css_module(path: &str, css: &str) -> String {
    let kind = if is_tailwind(css) {
        "text/tailwindcss"
    } else {
        "text/css"
    };
    format!(
        "const css = {css};\nconst id = {id};\nlet style = [...document.querySelectorAll(\"style[data-s2c-css]\")].find((s) => s.dataset.s2cCss === id);\nif (!style) {{\n  style = document.createElement(\"style\");\n  style.dataset.s2cCss = id;\n  document.head.appendChild(style);\n}}\nstyle.type = {kind};\nstyle.textContent = css;\nexport default css;\n",
        css = js_string(css),
        id = js_string(path),
        kind = js_string(kind),
    )
}

/// Whether a stylesheet needs Tailwind to compile it.
pub fn is_tailwind(css: &str) -> bool {
    [
        "@import \"tailwindcss",
        "@import 'tailwindcss",
        "@tailwind",
        "@theme",
        "@apply",
        "@plugin",
        "@custom-variant",
        "@utility",
    ]
    .iter()
    .any(|marker| css.contains(marker))
}

/// An asset as a module exporting the URL it is served at.
pub fn asset_module(url: &str) -> String {
    format!("export default {};\n", js_string(url))
}

/// A JSON file as a module exporting its value; invalid JSON is a syntax error of that file.
pub fn json_module(path: &str, text: &str) -> Result<String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| WebProjectError::Syntax {
            file: path.to_string(),
            line: u32::try_from(e.line()).unwrap_or(1),
            column: u32::try_from(e.column()).unwrap_or(1),
            message: format!("invalid JSON: {e}"),
        })?;
    Ok(format!("export default {value};\n"))
}

/// The module served for a file that does not compile and has no earlier version that did: it
/// shows an overlay naming the place (`src/App.tsx:12:5`) and throws, so the modules that
/// import it stop too instead of rendering half a page. The overlay sits in its own element
/// marked `data-s2c-overlay`, so a later good version can remove it.
pub fn error_module(error: &WebProjectError) -> String {
    format!(
        "const message = {message};\nconst box = document.createElement(\"div\");\nbox.dataset.s2cOverlay = \"\";\nbox.setAttribute(\"role\", \"alert\");\nbox.style.cssText = \"position:fixed;inset:auto 16px 16px 16px;z-index:2147483647;padding:12px 16px;border-radius:8px;background:#1f1f1f;color:#ffb4ab;font:13px/1.5 ui-monospace,monospace;white-space:pre-wrap;box-shadow:0 4px 24px rgba(0,0,0,.4)\";\nbox.textContent = message;\n(document.body || document.documentElement).appendChild(box);\nthrow new Error(message);\n",
        message = js_string(&overlay_message(error)),
    )
}

/// What the overlay says: where, what, and that the page comes back by itself.
fn overlay_message(error: &WebProjectError) -> String {
    let what = match error {
        WebProjectError::Syntax {
            file,
            line,
            column,
            message,
        } => format!("{file}:{line}:{column} does not compile: {message}"),
        other => other.to_string(),
    };
    format!("{what}\nThe preview shows the page again as soon as this is fixed.")
}

/// The URL a static build serves an asset at (`/assets/src/logo.png`), or the preview
/// (`/src/logo.png`).
pub fn asset_url(p: &str, built: bool) -> String {
    if built {
        format!("/assets{}", path::to_url(p))
    } else {
        path::to_url(p)
    }
}

/// `s` as a JS string literal. JSON's escaping is valid JS; `</` is broken up so a module's text
/// can never close an inline `<script>`.
pub(crate) fn js_string(s: &str) -> String {
    serde_json::Value::String(s.to_string())
        .to_string()
        .replace("</", "<\\/")
}
