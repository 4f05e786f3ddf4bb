//! The third-party libraries generated pages may load, by the exact URLs the prompts teach.
//! The preview resolver maps these URLs to copies vendored from npm (same package, same
//! version), so previews render offline; any other URL is blocked. Change a version here and
//! the prompts and the resolver follow.

/// Every library the prompts name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CdnKey {
    /// Tailwind v4, compiled in the browser.
    Tailwind,
    /// Tailwind v3's Play CDN: not taught, but common in imported pages.
    TailwindV3Play,
    React,
    ReactDom,
    Babel,
    Vue,
    BootstrapCss,
    BootstrapJs,
    IonicCore,
    IonicCss,
    Ionicons,
    FontAwesome,
}

/// How a page includes the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CdnKind {
    Script,
    ModuleScript,
    Stylesheet,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CdnAsset {
    pub key: CdnKey,
    /// The URL exactly as pages write it.
    pub url: &'static str,
    pub npm_package: &'static str,
    /// The pinned version vendored for this URL.
    pub version: &'static str,
    /// The file inside the npm package that answers `url`.
    pub package_file: &'static str,
    /// For libraries that load siblings at run time (Ionic's lazy components, Font Awesome's
    /// webfonts): every URL under this prefix maps to the same path inside the package.
    pub package_prefix: Option<&'static str>,
    pub kind: CdnKind,
}

impl CdnAsset {
    /// The tag a page uses to include it.
    pub fn tag(&self) -> String {
        match self.kind {
            CdnKind::Script => format!("<script src=\"{}\"></script>", self.url),
            CdnKind::ModuleScript => {
                format!("<script type=\"module\" src=\"{}\"></script>", self.url)
            }
            CdnKind::Stylesheet => format!("<link rel=\"stylesheet\" href=\"{}\">", self.url),
        }
    }
}

pub const CDN_ASSETS: &[CdnAsset] = &[
    CdnAsset {
        key: CdnKey::Tailwind,
        url: "https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4",
        npm_package: "@tailwindcss/browser",
        version: "4.3.5",
        package_file: "dist/index.global.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::TailwindV3Play,
        url: "https://cdn.tailwindcss.com",
        npm_package: "tailwindcss-cdn",
        version: "3.4.10",
        package_file: "tailwindcss.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::React,
        url: "https://cdn.jsdelivr.net/npm/react@18.3.1/umd/react.production.min.js",
        npm_package: "react",
        version: "18.3.1",
        package_file: "umd/react.production.min.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::ReactDom,
        url: "https://cdn.jsdelivr.net/npm/react-dom@18.3.1/umd/react-dom.production.min.js",
        npm_package: "react-dom",
        version: "18.3.1",
        package_file: "umd/react-dom.production.min.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::Babel,
        url: "https://cdn.jsdelivr.net/npm/@babel/standalone@7.29.12/babel.min.js",
        npm_package: "@babel/standalone",
        version: "7.29.12",
        package_file: "babel.min.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::Vue,
        url: "https://cdn.jsdelivr.net/npm/vue@3.5.45/dist/vue.global.prod.js",
        npm_package: "vue",
        version: "3.5.45",
        package_file: "dist/vue.global.prod.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::BootstrapCss,
        url: "https://cdn.jsdelivr.net/npm/bootstrap@5.3.9/dist/css/bootstrap.min.css",
        npm_package: "bootstrap",
        version: "5.3.9",
        package_file: "dist/css/bootstrap.min.css",
        package_prefix: None,
        kind: CdnKind::Stylesheet,
    },
    CdnAsset {
        key: CdnKey::BootstrapJs,
        url: "https://cdn.jsdelivr.net/npm/bootstrap@5.3.9/dist/js/bootstrap.bundle.min.js",
        npm_package: "bootstrap",
        version: "5.3.9",
        package_file: "dist/js/bootstrap.bundle.min.js",
        package_prefix: None,
        kind: CdnKind::Script,
    },
    CdnAsset {
        key: CdnKey::IonicCore,
        url: "https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/dist/ionic/ionic.esm.js",
        npm_package: "@ionic/core",
        version: "8.8.9",
        package_file: "dist/ionic/ionic.esm.js",
        package_prefix: Some("https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/"),
        kind: CdnKind::ModuleScript,
    },
    CdnAsset {
        key: CdnKey::IonicCss,
        url: "https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/css/ionic.bundle.css",
        npm_package: "@ionic/core",
        version: "8.8.9",
        package_file: "css/ionic.bundle.css",
        package_prefix: Some("https://cdn.jsdelivr.net/npm/@ionic/core@8.8.9/"),
        kind: CdnKind::Stylesheet,
    },
    CdnAsset {
        key: CdnKey::Ionicons,
        url: "https://cdn.jsdelivr.net/npm/ionicons@8.1.0/dist/ionicons/ionicons.esm.js",
        npm_package: "ionicons",
        version: "8.1.0",
        package_file: "dist/ionicons/ionicons.esm.js",
        package_prefix: Some("https://cdn.jsdelivr.net/npm/ionicons@8.1.0/"),
        kind: CdnKind::ModuleScript,
    },
    CdnAsset {
        key: CdnKey::FontAwesome,
        url: "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.7.1/css/all.min.css",
        npm_package: "@fortawesome/fontawesome-free",
        version: "6.7.1",
        package_file: "css/all.min.css",
        package_prefix: Some("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.7.1/"),
        kind: CdnKind::Stylesheet,
    },
];

/// Placeholder images the prompts allow when image generation is off
/// (`https://placehold.co/600x400`); the resolver can answer these locally.
pub const PLACEHOLDER_IMAGE_BASE: &str = "https://placehold.co/";

pub fn cdn(key: CdnKey) -> &'static CdnAsset {
    // The table has one entry per key; a test checks it.
    CDN_ASSETS
        .iter()
        .find(|a| a.key == key)
        .unwrap_or(&CDN_ASSETS[0])
}

/// The vendored package file that answers `url`: (asset, path inside the package). Matches the
/// exact URLs, then the package prefixes (for files a library loads by itself).
pub fn resolve_cdn_url(url: &str) -> Option<(&'static CdnAsset, String)> {
    let url = url.split(['?', '#']).next().unwrap_or(url);
    if let Some(asset) = CDN_ASSETS.iter().find(|a| a.url == url) {
        return Some((asset, asset.package_file.to_owned()));
    }
    CDN_ASSETS.iter().find_map(|asset| {
        let rest = url.strip_prefix(asset.package_prefix?)?;
        let clean = !rest.is_empty()
            && rest
                .split('/')
                .all(|s| !s.is_empty() && s != "." && s != "..");
        clean.then(|| (asset, rest.to_owned()))
    })
}

#[cfg(test)]
#[path = "cdn_tests.rs"]
mod tests;
