//! What can go wrong with a project, in words a model (or a person) can act on.
//!
//! How to use: every message names the file (and line/column when there is one) and says what to
//! do. A tool result shows `to_string()` as is; a UI that wants to point at a place reads the
//! fields (`Syntax` has file, line, column). `Problems` carries several at once (a graph check, a
//! build), one per line.

use thiserror::Error;

pub type Result<T> = std::result::Result<T, WebProjectError>;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WebProjectError {
    /// A path that is not a plain relative path inside the project.
    #[error("`{path}` is not a valid project path: {reason}")]
    BadPath { path: String, reason: String },

    #[error(
        "the project would have {count} files; at most {max} are allowed: delete files you no longer need"
    )]
    TooManyFiles { count: usize, max: usize },

    #[error("{path} is {size} bytes; a project file can be at most {max} bytes")]
    FileTooLarge {
        path: String,
        size: usize,
        max: usize,
    },

    #[error("{path} is not UTF-8 text, so it cannot be compiled")]
    NotText { path: String },

    /// The file does not parse (or is not valid TypeScript/JSX). Line and column are 1-based.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        file: String,
        line: u32,
        column: u32,
        message: String,
    },

    /// A bare import the pack does not serve.
    #[error(
        "{file}: `{specifier}` is not available offline; available: {available}. Use one of these or write the code yourself"
    )]
    UnknownPackage {
        file: String,
        specifier: String,
        available: String,
    },

    /// A relative or `@/` import that names no file of the tree.
    #[error("{file} imports {specifier}, which does not exist: create it or fix the import")]
    MissingFile { file: String, specifier: String },

    /// An import that cannot work in any project (outside the project, from the network, an
    /// unsupported file type).
    #[error("{file} imports {specifier}: {reason}")]
    BadImport {
        file: String,
        specifier: String,
        reason: String,
    },

    #[error("{path} does not exist in the project")]
    NoSuchFile { path: String },

    /// Modules that import each other in a circle (reported as a warning by the graph check;
    /// see `graph.rs` for why).
    #[error("import cycle: {}. Move what they share into a separate file", .modules.join(" → "))]
    Cycle { modules: Vec<String> },

    /// A file in `src/pages/` that no module imports, so no route can show it.
    #[error("{path} is not imported anywhere, so no route shows it: add a <Route> for it in src/App.tsx")]
    UnroutedPage { path: String },

    /// A visual edit's location names no element of the file as it is now: the file changed
    /// since the preview showed it.
    #[error(
        "{file} changed since the preview was shown (no element starts at line {line}, column {column}): reload the preview and edit again"
    )]
    NoElementAt {
        file: String,
        line: u32,
        column: u32,
    },

    /// A visual edit that cannot be written into the element's source safely; nothing was
    /// written.
    #[error("{file}:{line}: {reason}")]
    CannotEdit {
        file: String,
        line: u32,
        reason: String,
    },

    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Problems(Vec<WebProjectError>),
}

impl WebProjectError {
    pub(crate) fn bad_path(path: &str, reason: impl Into<String>) -> Self {
        Self::BadPath {
            path: path.chars().take(120).collect(),
            reason: reason.into(),
        }
    }
}
