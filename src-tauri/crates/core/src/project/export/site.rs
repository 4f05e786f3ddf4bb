//! "Static site": a project variant built into the files of `dist/` in process, with no Node
//! and no network, by the same builder as `s2c build` (`s2c_webproject::build`): each module
//! compiled, the ESM pack files it uses in `assets/vendor/`, an import map in `index.html`, and
//! `404.html` beside it. Client routes need the host to answer unknown paths with `index.html`
//! (Netlify's and Vercel's rewrites, nginx's `try_files`); hosts that serve `404.html` instead
//! (GitHub Pages) get the same page there.

use crate::project::error::{ProjectError, Result};
use s2c_webproject::{Cache, Tree, WebProjectError};
use std::collections::BTreeMap;

/// The built site's files, by path inside the folder. A version that does not build (a file
/// that does not compile, an import of a missing file) is refused with what to fix.
pub(super) async fn build(files: Vec<(String, Vec<u8>)>) -> Result<BTreeMap<String, Vec<u8>>> {
    tokio::task::spawn_blocking(move || {
        let tree = Tree::from_files(files).map_err(|e| {
            ProjectError::InvalidInput(format!("This version cannot be built: {e}"))
        })?;
        let dist = s2c_webproject::build(&tree, &Cache::new()).map_err(|e| {
            let problems = match e {
                WebProjectError::Problems(all) => all,
                other => vec![other],
            };
            let first = problems
                .first()
                .map(ToString::to_string)
                .unwrap_or_default();
            let more = match problems.len() {
                0 | 1 => String::new(),
                n => format!(" (and {} more)", n - 1),
            };
            ProjectError::InvalidInput(format!(
                "This version does not build into a site yet: {first}{more}. Ask the agent to \
                 fix it, or edit the file in the code view, then export again; nothing was written."
            ))
        })?;
        Ok(dist.into_iter().collect())
    })
    .await
    .map_err(|e| ProjectError::io("building the site", std::io::Error::other(e.to_string())))?
}
