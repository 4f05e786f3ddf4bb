//! The files each variant of a running generation has so far, kept from what its events say
//! (the engine names each event's [`LiveChange`]) so a preview can serve the page while it is
//! being written. A file's whole text is authoritative; a `create_file` still streaming shows
//! its draft; binary assets come from the variant's scratch folder, where the tools write them.
//! A project variant is also served as a whole tree (`project`), with a compile cache of its own.

use super::project_files::{add_folder_assets, project_tree, ProjectFiles};
use super::source::{PreviewSource, ProjectFolder};
use super::SourceError;
use crate::vocab::RelPath;
use s2c_webproject::transform::{Options, SCRIPT_EXTENSIONS};
use s2c_webproject::{exports, Cache, Tree};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// How many finished generations stay servable (the UI may still show their previews).
const KEEP_GENERATIONS: usize = 16;

#[derive(Default)]
struct VariantFiles {
    files: BTreeMap<String, String>,
    /// call id → (path, text so far) of create_file calls still running.
    drafts: HashMap<String, (String, String)>,
    /// This variant's compile cache (a project): its last good versions are its own.
    cache: Arc<Cache>,
    /// The project tree as it is now, built on the first request after a change.
    tree: Option<Arc<Tree>>,
    /// path → the newest draft text of a script being streamed that fit the tree (`layer_draft`).
    shown: HashMap<String, String>,
    /// How many changes its files have had, so a picture of them is taken again only when
    /// they changed (`live_pictures`).
    revision: u64,
}

/// What an event changes in a variant's live files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiveChange<'a> {
    /// More of the file a call is still writing. The path can change once, when the model sent
    /// content before the path.
    Draft {
        call_id: &'a str,
        path: &'a str,
        text: &'a str,
    },
    /// A file's whole text.
    Set { path: &'a str, content: &'a str },
    /// A call ended: what it streamed is void (its result, if any, came as `Set`).
    CallEnded { call_id: &'a str },
    /// A file of a project tree was deleted, or renamed away (its new path came as `Set`).
    Removed { path: &'a str },
    /// The turn restarts: its drafts are void (only the current turn's calls have drafts), and
    /// the page goes back to its last whole files until the retry refills it.
    TurnRestarted,
}

pub struct LiveGeneration {
    variants: Vec<Mutex<VariantFiles>>,
    dirs: Vec<PathBuf>,
}

impl LiveGeneration {
    pub fn new(dirs: Vec<PathBuf>, start_files: &[(String, String)]) -> Self {
        let variants = dirs
            .iter()
            .map(|_| {
                Mutex::new(VariantFiles {
                    files: start_files.iter().cloned().collect(),
                    ..VariantFiles::default()
                })
            })
            .collect();
        Self { variants, dirs }
    }

    pub fn apply(&self, variant: u32, change: LiveChange<'_>) {
        let Some(variant) = self.variants.get(variant as usize) else {
            return;
        };
        let mut v = variant.lock().unwrap_or_else(PoisonError::into_inner);
        v.tree = None;
        v.revision += 1;
        match change {
            LiveChange::Draft {
                call_id,
                path,
                text,
            } => {
                let draft = v
                    .drafts
                    .entry(call_id.to_owned())
                    .or_insert_with(|| (path.to_owned(), String::new()));
                if draft.0 != path {
                    path.clone_into(&mut draft.0);
                }
                draft.1.push_str(text);
            }
            LiveChange::Set { path, content } => {
                v.drafts.retain(|_, (p, _)| p != path);
                v.shown.remove(path);
                v.files.insert(path.to_owned(), content.to_owned());
            }
            LiveChange::CallEnded { call_id } => {
                if let Some((path, _)) = v.drafts.remove(call_id) {
                    v.shown.remove(&path);
                }
            }
            LiveChange::TurnRestarted => {
                v.drafts.clear();
                v.shown.clear();
            }
            LiveChange::Removed { path } => {
                v.files.remove(path);
                v.shown.remove(path);
                v.cache.forget(path);
            }
        }
    }

    /// The variant's files as a project tree, when they are one: whole files, with each file
    /// still being written shown as far as it has come and still fits the tree (`layer_draft`).
    fn project(&self, index: usize) -> Result<Option<ProjectFiles>, SourceError> {
        let Some(variant) = self.variants.get(index) else {
            return Ok(None);
        };
        let mut v = variant.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tree) = &v.tree {
            return Ok(Some(ProjectFiles {
                tree: tree.clone(),
                cache: v.cache.clone(),
            }));
        }
        let whole = v.files.iter().map(|(p, t)| (p.as_str(), t.as_bytes()));
        let Some(mut tree) = project_tree(whole)? else {
            return Ok(None);
        };
        let VariantFiles {
            files,
            drafts,
            cache,
            shown,
            ..
        } = &mut *v;
        for (path, text) in drafts.values() {
            let Some(script) = is_script(path).then_some(path) else {
                // A path still arriving may be half of one: the tree keeps what it had.
                let _ = tree.insert(path, text.as_bytes());
                continue;
            };
            layer_draft(&mut tree, cache, shown, script, text, files.get(script));
        }
        if let Some(dir) = self.dirs.get(index) {
            add_folder_assets(&mut tree, dir);
        }
        let tree = Arc::new(tree);
        v.tree = Some(tree.clone());
        Ok(Some(ProjectFiles {
            tree,
            cache: v.cache.clone(),
        }))
    }

    /// The text of `path` as the preview should show it now.
    fn text(&self, index: usize, path: &str) -> Option<String> {
        let v = self
            .variants
            .get(index)?
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        v.drafts
            .values()
            .find(|(p, _)| p == path)
            .map(|(_, text)| text.clone())
            .or_else(|| v.files.get(path).cloned())
    }

    /// Each variant's count of changes so far (0: nothing written yet).
    pub fn revisions(&self) -> Vec<u64> {
        self.variants
            .iter()
            .map(|v| v.lock().unwrap_or_else(PoisonError::into_inner).revision)
            .collect()
    }

    pub fn source(self: &Arc<Self>, index: u32) -> Option<LiveVariantSource> {
        let dir = self.dirs.get(index as usize)?.clone();
        Some(LiveVariantSource {
            generation: self.clone(),
            index: index as usize,
            disk: ProjectFolder::new(dir),
        })
    }
}

/// One variant of a live generation as a preview source.
pub struct LiveVariantSource {
    generation: Arc<LiveGeneration>,
    index: usize,
    disk: ProjectFolder,
}

impl PreviewSource for LiveVariantSource {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        match self.generation.text(self.index, path.as_str()) {
            Some(text) => Ok(Some(text.into_bytes())),
            None => self.disk.read(path),
        }
    }

    fn project(&self) -> Result<Option<ProjectFiles>, SourceError> {
        self.generation.project(self.index)
    }
}

/// Puts a script being streamed into `tree`: its draft when that compiles and fits the tree
/// (exports what the other modules import from it, imports what exists:
/// `s2c_webproject::exports`), else the newest draft that did (`shown`), else its whole version
/// `before`. A file the page would otherwise lose — a prefix with its imports and no export yet
/// blanks every page that imports it — keeps showing its last fitting version. A new file with
/// no such version is left out while it compiles (its importers say it is missing), and served
/// as far as it goes while it does not (its overlay names the place).
fn layer_draft(
    tree: &mut Tree,
    cache: &Cache,
    shown: &mut HashMap<String, String>,
    path: &str,
    text: &str,
    before: Option<&String>,
) {
    if tree.insert(path, text.as_bytes()).is_err() {
        return;
    }
    let candidate = cache.compile_candidate(path, text, PREVIEW_OPTIONS);
    if let Ok(compiled) = &candidate {
        if exports::fits(tree, cache, path, compiled, PREVIEW_OPTIONS) {
            shown.insert(path.to_owned(), text.to_owned());
            return;
        }
    }
    match shown.get(path).or(before) {
        Some(fitting) => {
            let _ = tree.insert(path, fitting.as_bytes());
        }
        None if candidate.is_ok() => {
            tree.remove(path);
        }
        None => {}
    }
}

/// The options the preview compiles a project's modules with (`s2c_webproject::serve`'s).
const PREVIEW_OPTIONS: Options = Options {
    tag_locations: true,
};

fn is_script(path: &str) -> bool {
    path.rsplit_once('.')
        .is_some_and(|(_, ext)| SCRIPT_EXTENSIONS.contains(&ext))
}

/// Every live generation by id, the most recent few kept after they end.
#[derive(Default)]
pub struct LiveFiles {
    generations: Mutex<Kept>,
}

/// The generations by id, and their ids oldest first.
#[derive(Default)]
struct Kept {
    by_id: HashMap<u32, Arc<LiveGeneration>>,
    order: VecDeque<u32>,
}

impl LiveFiles {
    pub fn insert(&self, id: u32, generation: Arc<LiveGeneration>) {
        let mut guard = self
            .generations
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        guard.by_id.insert(id, generation);
        guard.order.push_back(id);
        while guard.order.len() > KEEP_GENERATIONS {
            if let Some(old) = guard.order.pop_front() {
                guard.by_id.remove(&old);
            }
        }
    }

    pub fn get(&self, id: u32) -> Option<Arc<LiveGeneration>> {
        let guard = self
            .generations
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        guard.by_id.get(&id).cloned()
    }
}
