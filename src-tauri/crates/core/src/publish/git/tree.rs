//! A site's files as a git tree (blobs and nested folders) in a libgit2 repository.

use super::super::error::Result;
use super::super::site::Site;
use git2::{Oid, Repository};
use std::collections::BTreeMap;

enum Node<'a> {
    File(&'a [u8]),
    Folder(BTreeMap<&'a str, Node<'a>>),
}

/// Write every file of `site` and the folders that hold them; the top tree's id.
pub fn write_tree(repo: &Repository, site: &Site) -> Result<Oid> {
    let mut root: BTreeMap<&str, Node<'_>> = BTreeMap::new();
    for file in site.files() {
        let mut parts = file.path.split('/').peekable();
        let mut folder = &mut root;
        while let Some(part) = parts.next() {
            if parts.peek().is_none() {
                folder.insert(part, Node::File(&file.bytes));
                break;
            }
            let next = folder
                .entry(part)
                .or_insert_with(|| Node::Folder(BTreeMap::new()));
            match next {
                Node::Folder(children) => folder = children,
                // A file and a folder of the same name cannot both exist on disk; the file wins.
                Node::File(_) => break,
            }
        }
    }
    write_folder(repo, &root)
}

fn write_folder(repo: &Repository, folder: &BTreeMap<&str, Node<'_>>) -> Result<Oid> {
    let mut builder = repo.treebuilder(None)?;
    for (name, node) in folder {
        match node {
            Node::File(bytes) => {
                let blob = repo.blob(bytes)?;
                builder.insert(name, blob, 0o100644)?;
            }
            Node::Folder(children) => {
                let tree = write_folder(repo, children)?;
                builder.insert(name, tree, 0o040000)?;
            }
        }
    }
    Ok(builder.write()?)
}
