//! What the model is told about a project stack: the Vite layout and its conventions, the files
//! the app owns, the packages the preview serves offline, and the site's pages with their routes
//! (several screenshots, one site: each page named by the user, or from its file name).

use super::stack::Stack;
use serde::{Deserialize, Serialize};

/// One page of a multi-page project: what the user calls it and where it lives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct Page {
    /// "Pricing".
    pub name: String,
    /// "/pricing"; the first page is "/".
    pub route: String,
}

impl Page {
    /// The page's module, `src/pages/Pricing.tsx`.
    pub fn file(&self) -> String {
        let mut component: String = self
            .name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| {
                let mut chars = w.chars();
                chars
                    .next()
                    .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
                    .unwrap_or_default()
            })
            .collect();
        if component.is_empty() || component.starts_with(|c: char| c.is_ascii_digit()) {
            component.insert_str(0, "Page");
        }
        format!("src/pages/{component}.tsx")
    }
}

/// Pages named after their screenshots' file names: `home.png` → Home at `/`, `pricing.png` →
/// Pricing at `/pricing`, `about-us.png` → About us at `/about-us`. A file called home or index
/// is the root; with none, the first page is. Routes are made unique (`/pricing-2`).
pub fn pages_from_file_names<S: AsRef<str>>(names: &[S]) -> Vec<Page> {
    let stems: Vec<String> = names
        .iter()
        .map(|n| {
            let file = n.as_ref().rsplit(['/', '\\']).next().unwrap_or_default();
            let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
            stem.trim().to_owned()
        })
        .collect();
    let is_root = |s: &str| matches!(s.to_ascii_lowercase().as_str(), "home" | "index");
    let root = stems.iter().position(|s| is_root(s)).unwrap_or(0);
    let mut taken: Vec<String> = Vec::new();
    stems
        .iter()
        .enumerate()
        .map(|(i, stem)| {
            let words: Vec<&str> = stem
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect();
            let name = if words.is_empty() {
                format!("Page {}", i + 1)
            } else {
                let text = words.join(" ").to_lowercase();
                let mut chars = text.chars();
                chars
                    .next()
                    .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
                    .unwrap_or_default()
            };
            let base = if i == root {
                "/".to_owned()
            } else {
                let slug: String = words
                    .iter()
                    .map(|w| w.to_ascii_lowercase())
                    .collect::<Vec<_>>()
                    .join("-");
                let slug: String = slug
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect();
                if slug.is_empty() {
                    format!("/page-{}", i + 1)
                } else {
                    format!("/{slug}")
                }
            };
            let mut route = base.clone();
            let mut n = 2;
            while taken.contains(&route) {
                route = format!("{}-{n}", base.trim_end_matches('/'));
                n += 1;
            }
            taken.push(route.clone());
            Page { name, route }
        })
        .collect()
}

/// The stack section of the system prompt for a project stack.
pub(super) fn project_rules(stack: Stack) -> String {
    let packages: Vec<String> = s2c_webproject::pack::specifiers()
        .map(|s| format!("`{s}`"))
        .collect();
    let app_files = s2c_webproject::shape::APP_FILES.join(", ");
    format!(
        "## Stack: {name}\n\n\
         Write a React + TypeScript project in the standard Vite layout. It runs in the preview \
         with no network, no Node and no `npm install`, and the user exports it as a project \
         that `npm install && npm run build` builds unchanged.\n\n\
         ```\n\
         index.html              exists: loads /src/main.tsx\n\
         src/main.tsx            exists: mounts <App /> and imports ./index.css\n\
         src/App.tsx             the router and its routes (replace the starter)\n\
         src/index.css           Tailwind v4: `@import \"tailwindcss\";`, then your `@theme`\n\
         src/pages/              one file per page, e.g. src/pages/Pricing.tsx\n\
         src/components/         shared parts: Header, Footer, cards, buttons\n\
         public/                 files served as they are, at the site's root\n\
         ```\n\n\
         - TypeScript with JSX (`.tsx`), function components with hooks, one component per \
         file, default-exported by pages. Import project files with the `@/` alias for src/ \
         (`import Header from \"@/components/Header\"`) or relative paths; leave out the \
         extension.\n\
         - Routing with `react-router-dom`: `BrowserRouter`, `Routes` and one `Route` per page \
         in src/App.tsx, links with `<Link to=\"/pricing\">` (or `NavLink`), never `<a href>` \
         between pages.\n\
         - Factor out what pages share: the header and navigation, the footer, repeated cards \
         and sections go in src/components/ and every page imports them, so a change to one \
         changes it everywhere. Repeated items are components fed by arrays of data.\n\
         - Style with Tailwind v4 utility classes in `className`: arbitrary values like \
         `w-[372px]` or `bg-[#1e2a3b]` for exact sizes and colours, opacity modifiers like \
         `bg-black/50`. Put the theme (brand colours, fonts) in src/index.css with \
         `@theme {{ --color-brand: #0a84ff; }}` after the import; there is no \
         tailwind.config file.\n\
         - Icons from `lucide-react` (`import {{ Menu, Check }} from \"lucide-react\"`) or \
         inline SVG.\n\
         - The app writes and owns {app_files}: do not create, edit or delete them. They pin \
         exactly the packages below.\n\
         - Only these packages can be imported (they are all the preview serves offline; \
         anything else fails): {packages}. Write anything else yourself.\n\
         - Each file is checked when you write it: the result lists a file that does not \
         compile (with file:line), an import of a file that does not exist or of a package \
         that is not available. A problem about a file you have not written yet goes away \
         when you write it; fix the rest before you finish.",
        name = stack.display_name(),
        packages = packages.join(", "),
    ) + if stack == Stack::ReactViteShadcn {
        SHADCN
    } else {
        ""
    }
}

const SHADCN: &str = "\n- Build with shadcn/ui: its components are the project's own sources in \
src/components/ui/ (`Button`, `Card` with `CardHeader`/`CardTitle`/`CardDescription`/\
`CardContent`/`CardFooter`, `Input`, `Badge`; e.g. `import { Button } from \
\"@/components/ui/button\"`), written with `cn()` from `@/lib/utils`, \
`class-variance-authority` variants and Radix's `Slot`. Use them, change them to match the \
target, and add the others you need (dialog, tabs, select, dropdown menu…) the same way, as \
lowercase files in src/components/ui/ over the `@radix-ui/react-*` primitives listed. The \
theme's colours are variables in src/index.css (`--primary`, `--muted-foreground`, `--radius`…): \
set them to the target's palette rather than overriding classes.";

/// The site's pages as the opening message lists them.
#[cfg(test)]
#[path = "project_tests.rs"]
mod tests;
