//! GitHub Pages: the site as a commit on the `gh-pages` branch of a repository of the user's,
//! served by Pages from that branch.
//!
//! Follows the pages of `publish::github` (repositories, the git database, Pages), and
//! https://docs.github.com/pages/getting-started-with-github-pages/configuring-a-publishing-source-for-your-github-pages-site
//! (publishing from a branch's top folder).
//!
//! Deploy, then publish: every file and folder is stored first; the branch moves to the new
//! commit last, in one update that is refused unless it only adds to what is there. A failed
//! or cancelled upload never moves it, so Pages keeps serving the previous version; a Pages
//! build that fails leaves the previous build live too.

pub mod api;
pub mod deploy;
