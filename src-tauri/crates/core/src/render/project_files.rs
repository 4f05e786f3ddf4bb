//! A project variant's files as the resolver takes them (`PreviewSource::project`): the tree and
//! the variant's compile cache, and the memos that keep a stored variant's between requests.

use super::error::SourceError;
use s2c_webproject::{folder, shape, Cache, Tree};
use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

/// A project variant as the resolver serves it: its whole tree now, and its compile cache.
#[derive(Clone)]
pub struct ProjectFiles {
    pub tree: Arc<Tree>,
    pub cache: Arc<Cache>,
}

impl std::fmt::Debug for ProjectFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ProjectFiles({} files)", self.tree.len())
    }
}

/// The files as a project tree, `Ok(None)` when they are not a project. Read back from disk or
/// a database, they are untrusted: the crate's path rules and file limits apply, and a tree that
/// breaks them is refused with the reason.
pub fn project_tree<'f>(
    files: impl IntoIterator<Item = (&'f str, &'f [u8])> + Clone,
) -> Result<Option<Tree>, SourceError> {
    if !shape::is_project(files.clone().into_iter().map(|(p, _)| p)) {
        return Ok(None);
    }
    Tree::from_files(files.into_iter().map(|(p, b)| (p, b.to_vec())))
        .map(Some)
        .map_err(|e| SourceError::Project(e.to_string()))
}

/// Adds the files of a variant's folder that `tree` lacks: the images its tools saved, the
/// binary files an update started with. Sources and styles are left out: the variant's own
/// texts are the truth for those, and a copy on disk may be older. Best effort: a folder that
/// cannot be read adds nothing (its files then answer 404, which the page shows).
pub fn add_folder_assets(tree: &mut Tree, dir: &Path) {
    let Ok(files) = folder::list(dir) else {
        return;
    };
    for file in files {
        if folder::is_source(&file.path)
            || tree.contains(&file.path)
            || file.size > s2c_webproject::tree::MAX_FILE_BYTES as u64
        {
            continue;
        }
        if let Ok(bytes) = std::fs::read(&file.disk) {
            let _ = tree.insert(&file.path, bytes);
        }
    }
}

/// One stored variant's compile cache and its tree, kept between requests (a page load asks
/// for every module). The tree is reused while the variant's listing (paths and content hashes)
/// is unchanged.
#[derive(Default)]
pub struct ProjectMemo {
    cache: Arc<Cache>,
    tree: Mutex<Option<(Listing, Arc<Tree>)>>,
}

/// A variant's paths with their content hashes.
type Listing = Vec<(String, String)>;

impl ProjectMemo {
    pub fn cache(&self) -> Arc<Cache> {
        self.cache.clone()
    }

    /// The tree for `listing`, built by `load` when the listing changed.
    pub fn tree(
        &self,
        listing: Listing,
        load: impl FnOnce() -> Result<Tree, SourceError>,
    ) -> Result<Arc<Tree>, SourceError> {
        let mut slot = self.tree.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((seen, tree)) = slot.as_ref() {
            if *seen == listing {
                return Ok(tree.clone());
            }
        }
        let tree = Arc::new(load()?);
        *slot = Some((listing, tree.clone()));
        Ok(tree)
    }
}

/// How many stored variants keep their memo (the previews on screen, with room to go back).
const KEEP_MEMOS: usize = 32;

/// The memos of the stored variants previewed lately, by a key naming the variant.
#[derive(Default)]
pub struct ProjectMemos {
    inner: Mutex<Memos>,
}

/// The memos by key, and their keys oldest first.
#[derive(Default)]
struct Memos {
    by_key: HashMap<String, Arc<ProjectMemo>>,
    order: VecDeque<String>,
}

impl ProjectMemos {
    pub fn get(&self, key: &str) -> Arc<ProjectMemo> {
        let mut guard = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let Memos { by_key, order } = &mut *guard;
        if let Some(memo) = by_key.get(key) {
            return memo.clone();
        }
        let memo = Arc::new(ProjectMemo::default());
        by_key.insert(key.to_owned(), memo.clone());
        order.push_back(key.to_owned());
        while order.len() > KEEP_MEMOS {
            if let Some(old) = order.pop_front() {
                by_key.remove(&old);
            }
        }
        memo
    }
}
