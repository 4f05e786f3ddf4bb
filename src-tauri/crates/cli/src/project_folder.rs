//! A project folder on disk as a `s2c_webproject::Tree` (`s2c_webproject::folder`): what `s2c
//! build` builds, what `s2c render --project` renders and what `s2c generate --from DIR --stack
//! react_vite` starts from.

pub use s2c_webproject::folder::read_tree;
use s2c_webproject::Tree;

/// The tree's text files (path, text), for a generation to start from; binary files (images)
/// are left in the folder the variant starts in.
pub fn text_files(tree: &Tree) -> Vec<(String, String)> {
    tree.iter()
        .filter_map(|(p, b)| {
            std::str::from_utf8(b)
                .ok()
                .map(|t| (p.to_owned(), t.to_owned()))
        })
        .collect()
}
