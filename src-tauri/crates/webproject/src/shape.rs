//! The project shape: the standard Vite + React + TypeScript layout a model already knows.
//!
//! ```text
//! index.html              loads /src/main.tsx
//! package.json            written by the app: the pack's exact versions, Vite, Tailwind v4
//! vite.config.ts          written by the app: React, Tailwind, the `@/` alias for src/
//! tsconfig.json           written by the app: the same alias for the editor and `tsc`
//! public/                 served at the root as they are
//! src/main.tsx            mounts <App /> and imports index.css
//! src/App.tsx             the routes
//! src/index.css           `@import "tailwindcss";` and the theme
//! src/pages/              one file per page
//! src/components/         shared parts (header, footer, cards)
//! src/components/ui/      shadcn/ui sources
//! ```
//!
//! The app owns package.json, vite.config.ts and tsconfig.json ([`APP_FILES`]): they say what
//! the preview serves, so an exported project builds with `npm install && npm run build` against
//! the same packages. The model writes the rest.

use crate::error::Result;
use crate::tree::Tree;
use std::collections::BTreeMap;

/// The files the app writes and the model does not.
pub const APP_FILES: &[&str] = &["package.json", "vite.config.ts", "tsconfig.json"];

/// Every package of the pack with its exact version (pack/versions.json, made with the pack).
const PACK_VERSIONS: &str = include_str!("../pack/versions.json");

/// The build tools of an exported project. The preview serves none of them; Tailwind's compiler
/// is the version of the browser build the preview compiles with.
const DEV_TOOLS: &[(&str, &str)] = &[
    ("@types/react", "19.3.3"),
    ("@types/react-dom", "19.3.0"),
    ("@vitejs/plugin-react", "6.3.1"),
    ("typescript", "5.9.3"),
    ("vite", "8.4.1"),
];

/// Packages of the pack that are the preview's tools, not the project's imports.
const PREVIEW_ONLY: &[&str] = &["@tailwindcss/browser"];

fn pack_versions() -> BTreeMap<String, String> {
    serde_json::from_str(PACK_VERSIONS).unwrap_or_default()
}

/// `package.json`: the pack's packages as dependencies, at exactly the versions the preview serves.
pub fn package_json(name: &str) -> String {
    let versions = pack_versions();
    let tailwind = versions
        .get("@tailwindcss/browser")
        .cloned()
        .unwrap_or_default();
    let dependencies: BTreeMap<&str, &str> = versions
        .iter()
        .filter(|(n, _)| !PREVIEW_ONLY.contains(&n.as_str()))
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let mut dev: BTreeMap<&str, &str> = DEV_TOOLS.iter().copied().collect();
    dev.insert("tailwindcss", &tailwind);
    dev.insert("@tailwindcss/vite", &tailwind);
    let value = serde_json::json!({
        "name": package_name(name),
        "private": true,
        "version": "0.1.0",
        "type": "module",
        "scripts": {
            "dev": "vite",
            "build": "vite build",
            "preview": "vite preview",
            "typecheck": "tsc --noEmit"
        },
        "dependencies": dependencies,
        "devDependencies": dev,
    });
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}

/// An npm package name from a project's name: lowercase, `-` for anything else.
fn package_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "site".to_string()
    } else {
        out.chars().take(60).collect()
    }
}

pub const VITE_CONFIG: &str = r#"import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
});
"#;

pub const TSCONFIG: &str = r#"{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM", "DOM.Iterable"],
    "module": "ESNext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "noEmit": true,
    "skipLibCheck": true,
    "isolatedModules": true,
    "resolveJsonModule": true,
    "types": ["vite/client"],
    "paths": { "@/*": ["./src/*"] }
  },
  "include": ["src", "vite.config.ts"]
}
"#;

/// `index.html` at the root, loading `/src/main.tsx`.
pub fn index_html(title: &str) -> String {
    let title = title
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <meta name=\"viewport\" content=\"width=device-width, initial-scale=1.0\" />\n    <title>{title}</title>\n  </head>\n  <body>\n    <div id=\"root\"></div>\n    <script type=\"module\" src=\"/src/main.tsx\"></script>\n  </body>\n</html>\n"
    )
}

pub const MAIN_TSX: &str = r#"import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./index.css";
import App from "./App";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
"#;

pub const APP_TSX: &str = r#"export default function App() {
  return (
    <main className="min-h-screen grid place-items-center bg-white text-slate-900">
      <p className="text-lg text-slate-500">Your site will appear here.</p>
    </main>
  );
}
"#;

pub const INDEX_CSS: &str = "@import \"tailwindcss\";\n";

/// Whether a variant's files are a project tree: it has every file the app writes for one
/// ([`APP_FILES`]). A single-file stack's variant never has them; an imported Vite project does.
pub fn is_project<'p>(paths: impl IntoIterator<Item = &'p str>) -> bool {
    let mut found = [false; APP_FILES.len()];
    for p in paths {
        if let Some(i) = APP_FILES.iter().position(|app| *app == p) {
            found[i] = true;
        }
    }
    found.iter().all(|f| *f)
}

/// The app-owned files for a project called `name`.
pub fn app_files(name: &str) -> Vec<(&'static str, String)> {
    vec![
        ("package.json", package_json(name)),
        ("vite.config.ts", VITE_CONFIG.to_string()),
        ("tsconfig.json", TSCONFIG.to_string()),
    ]
}

/// A project that runs before the model writes anything: the app's files and a starter page.
pub fn starter_tree(name: &str) -> Result<Tree> {
    let mut tree = Tree::new();
    for (p, text) in app_files(name) {
        tree.insert(p, text)?;
    }
    tree.insert("index.html", index_html(name))?;
    tree.insert("src/main.tsx", MAIN_TSX)?;
    tree.insert("src/App.tsx", APP_TSX)?;
    tree.insert("src/index.css", INDEX_CSS)?;
    Ok(tree)
}

#[cfg(test)]
#[path = "shape_tests.rs"]
mod tests;
