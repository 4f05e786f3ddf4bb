//! The stacks a page can be generated in.

use super::cdn::CdnKey;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case")]
pub enum Stack {
    #[default]
    HtmlTailwind,
    HtmlCss,
    ReactTailwind,
    Bootstrap,
    VueTailwind,
    IonicTailwind,
    // A multi-file React + Vite + TypeScript project (`s2c-webproject`'s shape): pages,
    // shared components and routes, previewed and built offline. (A plain comment: a doc
    // comment would split the UI's `Stack` union.)
    ReactVite,
    // The same project with shadcn/ui components as sources in src/components/ui/.
    ReactViteShadcn,
}

impl Stack {
    pub const ALL: [Stack; 8] = [
        Stack::HtmlTailwind,
        Stack::HtmlCss,
        Stack::ReactTailwind,
        Stack::Bootstrap,
        Stack::VueTailwind,
        Stack::IonicTailwind,
        Stack::ReactVite,
        Stack::ReactViteShadcn,
    ];

    /// The serde name (`html_tailwind`), also used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Stack::HtmlTailwind => "html_tailwind",
            Stack::HtmlCss => "html_css",
            Stack::ReactTailwind => "react_tailwind",
            Stack::Bootstrap => "bootstrap",
            Stack::VueTailwind => "vue_tailwind",
            Stack::IonicTailwind => "ionic_tailwind",
            Stack::ReactVite => "react_vite",
            Stack::ReactViteShadcn => "react_vite_shadcn",
        }
    }

    /// The name people read.
    pub fn display_name(self) -> &'static str {
        match self {
            Stack::HtmlTailwind => "HTML + Tailwind",
            Stack::HtmlCss => "HTML + CSS",
            Stack::ReactTailwind => "React + Tailwind",
            Stack::Bootstrap => "Bootstrap",
            Stack::VueTailwind => "Vue + Tailwind",
            Stack::IonicTailwind => "Ionic + Tailwind",
            Stack::ReactVite => "React + Vite (project)",
            Stack::ReactViteShadcn => "React + Vite + shadcn/ui (project)",
        }
    }

    /// The libraries a page of this stack loads, in the order of its `<head>`.
    pub fn libraries(self) -> &'static [CdnKey] {
        match self {
            Stack::HtmlTailwind => &[CdnKey::Tailwind, CdnKey::FontAwesome],
            Stack::HtmlCss => &[CdnKey::FontAwesome],
            Stack::ReactTailwind => &[
                CdnKey::React,
                CdnKey::ReactDom,
                CdnKey::Babel,
                CdnKey::Tailwind,
                CdnKey::FontAwesome,
            ],
            Stack::Bootstrap => &[
                CdnKey::BootstrapCss,
                CdnKey::BootstrapJs,
                CdnKey::FontAwesome,
            ],
            Stack::VueTailwind => &[CdnKey::Vue, CdnKey::Tailwind, CdnKey::FontAwesome],
            Stack::IonicTailwind => &[
                CdnKey::IonicCore,
                CdnKey::IonicCss,
                CdnKey::Ionicons,
                CdnKey::Tailwind,
            ],
            // A project imports its packages from the ESM pack, not from CDN URLs.
            Stack::ReactVite | Stack::ReactViteShadcn => &[],
        }
    }

    pub fn uses_tailwind(self) -> bool {
        self.libraries().contains(&CdnKey::Tailwind) || self.is_project()
    }

    /// The variant is a project tree (many files, an entry, routes) rather than one page.
    pub fn is_project(self) -> bool {
        matches!(self, Stack::ReactVite | Stack::ReactViteShadcn)
    }
}

/// One stack as the UI lists it (exported to the UI as the `STACKS` constant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
pub struct StackInfo {
    pub id: Stack,
    pub label: &'static str,
    /// Its variant is a project (a file tree with pages and routes), not one page.
    pub is_project: bool,
}

impl Stack {
    /// Every stack with its label, in the order the UI offers them.
    pub fn infos() -> Vec<StackInfo> {
        Self::ALL
            .into_iter()
            .map(|id| StackInfo {
                id,
                label: id.display_name(),
                is_project: id.is_project(),
            })
            .collect()
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown stack {0:?}; use one of html_tailwind, html_css, react_tailwind, bootstrap, vue_tailwind, ionic_tailwind, react_vite, react_vite_shadcn")]
pub struct UnknownStack(pub String);

impl FromStr for Stack {
    type Err = UnknownStack;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Stack::ALL
            .into_iter()
            .find(|stack| stack.as_str() == s)
            .ok_or_else(|| UnknownStack(s.to_owned()))
    }
}
