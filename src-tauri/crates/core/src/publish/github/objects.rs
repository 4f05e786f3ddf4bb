//! Git objects GitHub lacks, planned from a local repository (libgit2, synchronous) and sent
//! through the git database API (async, nothing of libgit2 held across a wait). Every SHA
//! GitHub answers is checked against the one git computed: the same bytes make the same
//! objects, so a commit pushed twice is the same commit.

use super::super::error::{PublishError, Result};
use super::super::http::ServiceClient;
use super::api::{self, RepoName, TreeEntry};
use git2::{ObjectType, Oid, Repository};
use std::collections::HashSet;

pub struct Blob {
    pub sha: String,
    pub path: String,
    pub bytes: Vec<u8>,
}

pub struct Tree {
    pub sha: String,
    pub entries: Vec<TreeEntry>,
}

/// What must be sent for some trees: files first, then folders, each after its children.
#[derive(Default)]
pub struct Plan {
    pub blobs: Vec<Blob>,
    pub trees: Vec<Tree>,
}

impl Plan {
    /// Add everything under `tree` that `known` lacks; what is added becomes known.
    pub fn add_tree(
        &mut self,
        repo: &Repository,
        tree: Oid,
        known: &mut HashSet<String>,
    ) -> Result<()> {
        self.walk(repo, tree, "", known)
    }

    fn walk(
        &mut self,
        repo: &Repository,
        oid: Oid,
        prefix: &str,
        known: &mut HashSet<String>,
    ) -> Result<()> {
        if known.contains(&oid.to_string()) {
            return Ok(());
        }
        let tree = repo.find_tree(oid)?;
        let mut entries = Vec::with_capacity(tree.len());
        for entry in tree.iter() {
            let name = entry.name().unwrap_or_default().to_owned();
            let path = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}/{name}")
            };
            let sha = entry.id().to_string();
            match entry.kind() {
                Some(ObjectType::Tree) => {
                    self.walk(repo, entry.id(), &path, known)?;
                    entries.push(TreeEntry {
                        path: name,
                        mode: "040000",
                        kind: "tree",
                        sha,
                    });
                }
                Some(ObjectType::Blob) => {
                    if known.insert(sha.clone()) {
                        let blob = repo.find_blob(entry.id())?;
                        self.blobs.push(Blob {
                            sha: sha.clone(),
                            path: path.clone(),
                            bytes: blob.content().to_vec(),
                        });
                    }
                    entries.push(TreeEntry {
                        path: name,
                        mode: "100644",
                        kind: "blob",
                        sha,
                    });
                }
                _ => {}
            }
        }
        known.insert(oid.to_string());
        self.trees.push(Tree {
            sha: oid.to_string(),
            entries,
        });
        Ok(())
    }

    pub fn bytes(&self) -> u64 {
        self.blobs.iter().map(|b| b.bytes.len() as u64).sum()
    }

    /// Send it all; `sent` hears of each file as it arrives.
    pub async fn send(
        self,
        client: &ServiceClient,
        repo: &RepoName,
        mut sent: impl FnMut(u64),
    ) -> Result<()> {
        for blob in self.blobs {
            client.check_cancelled()?;
            let answered = api::create_blob(client, repo, &blob.bytes).await?;
            same(client, &blob.sha, &answered, &blob.path)?;
            sent(blob.bytes.len() as u64);
        }
        for tree in self.trees {
            client.check_cancelled()?;
            let answered = api::create_tree(client, repo, &tree.entries).await?;
            same(client, &tree.sha, &answered, "a folder")?;
        }
        Ok(())
    }
}

/// Note `tree` and everything under it as known, without reading any file's content.
pub fn mark_known(repo: &Repository, tree: Oid, known: &mut HashSet<String>) -> Result<()> {
    if !known.insert(tree.to_string()) {
        return Ok(());
    }
    let tree = repo.find_tree(tree)?;
    for entry in tree.iter() {
        match entry.kind() {
            Some(ObjectType::Tree) => mark_known(repo, entry.id(), known)?,
            _ => {
                known.insert(entry.id().to_string());
            }
        }
    }
    Ok(())
}

/// GitHub must have stored exactly the object git made.
pub fn same(client: &ServiceClient, ours: &str, theirs: &str, what: &str) -> Result<()> {
    if ours == theirs {
        Ok(())
    } else {
        Err(PublishError::BadAnswer {
            service: client.service(),
            detail: format!("it stored {what} as {theirs}, not as git would ({ours})"),
        })
    }
}
