//! GitHub's REST API, for GitHub Pages and "Push to GitHub": the user, repositories, and the
//! git database (blobs, trees, commits, refs), so both write a repository with the app's own
//! HTTPS client and the token only in `Authorization` to the API host.
//!
//! Follows:
//! - https://docs.github.com/rest/users/users#get-the-authenticated-user
//! - https://docs.github.com/rest/repos/repos (get a repository, create a repository for the
//!   authenticated user; `auto_init`, because the git database API answers `409 Git Repository
//!   is empty` on a repository without a commit)
//! - https://docs.github.com/rest/git/blobs, /git/trees, /git/commits, /git/refs (create a
//!   blob from base64, a tree from entries `{path, mode, type, sha}`, a commit with `author` and
//!   `committer` dates in ISO 8601; get, create and update a reference, `force: false`)
//! - https://docs.github.com/rest/pages/pages (get, create a Pages site from a branch, the
//!   latest build)
//! - https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api (403/429 with
//!   `x-ratelimit-remaining: 0` and `x-ratelimit-reset`, or `retry-after`)
//!
//! Objects are sent only when GitHub lacks them, and each answer's SHA is checked against the
//! one git computes for the same object ([`objects`]).

pub mod api;
pub mod objects;
