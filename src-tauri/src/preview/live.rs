//! The files each variant of a running generation has so far, kept from its events so the
//! preview scheme can serve the page while it is being written. `set_code` is authoritative;
//! a `create_file` still streaming shows its draft; binary assets come from the variant's
//! scratch folder, where the tools write them.

use s2c_core::engine::{AgentEvent, EventKind};
use s2c_core::render::{PreviewSource, ProjectFolder, SourceError};
use s2c_core::vocab::RelPath;
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
                    drafts: HashMap::new(),
                })
            })
            .collect();
        Self { variants, dirs }
    }

    pub fn apply(&self, event: &AgentEvent) {
        let Some(variant) = self.variants.get(event.variant as usize) else {
            return;
        };
        let mut v = variant.lock().unwrap_or_else(PoisonError::into_inner);
        match &event.kind {
            EventKind::CodeDelta {
                call_id,
                path,
                text,
            } => {
                let draft = v
                    .drafts
                    .entry(call_id.clone())
                    .or_insert_with(|| (path.clone(), String::new()));
                // The path can change once, when the model sent content before the path.
                draft.0.clone_from(path);
                draft.1.push_str(text);
            }
            EventKind::SetCode { path, content } => {
                v.drafts.retain(|_, (p, _)| p != path);
                v.files.insert(path.clone(), content.clone());
            }
            EventKind::ToolResult { call_id, .. } => {
                v.drafts.remove(call_id);
            }
            // The turn restarts: its drafts are void (only the current turn's calls have
            // drafts), and the page goes back to its last `set_code`s until the retry refills it.
            EventKind::Retrying {
                discard_from: Some(_),
                ..
            } => v.drafts.clear(),
            _ => {}
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn event(variant: u32, kind: EventKind) -> AgentEvent {
        AgentEvent {
            event_id: 1,
            variant,
            kind,
        }
    }

    fn read(g: &Arc<LiveGeneration>, index: u32, path: &str) -> Option<String> {
        let source = g.source(index)?;
        let rel = s2c_core::vocab::paths::normalize(path).ok()?;
        source
            .read(&rel)
            .ok()
            .flatten()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    #[test]
    fn drafts_show_while_streaming_and_set_code_wins() {
        let dir = tempfile::tempdir().unwrap();
        let g = Arc::new(LiveGeneration::new(
            vec![dir.path().join("0"), dir.path().join("1")],
            &[],
        ));
        let delta = |text: &str| EventKind::CodeDelta {
            call_id: "c1".into(),
            path: "index.html".into(),
            text: text.into(),
        };
        g.apply(&event(0, delta("<h1>He")));
        g.apply(&event(0, delta("llo")));
        assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Hello"));
        assert_eq!(read(&g, 1, "index.html"), None, "variants are apart");
        g.apply(&event(
            0,
            EventKind::SetCode {
                path: "index.html".into(),
                content: "<h1>Hello</h1>".into(),
            },
        ));
        g.apply(&event(
            0,
            EventKind::ToolResult {
                call_id: "c1".into(),
                name: "create_file".into(),
                ok: true,
                summary: String::new(),
                detail: None,
            },
        ));
        assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Hello</h1>"));
        std::fs::create_dir_all(dir.path().join("0/assets")).unwrap();
        std::fs::write(dir.path().join("0/assets/logo.svg"), "<svg/>").unwrap();
        assert_eq!(read(&g, 0, "assets/logo.svg").as_deref(), Some("<svg/>"));
        assert!(g.source(2).is_none());
    }

    #[test]
    fn a_restarted_turn_drops_its_drafts_and_refills_without_doubling() {
        let dir = tempfile::tempdir().unwrap();
        let g = Arc::new(LiveGeneration::new(
            vec![dir.path().join("0")],
            &[("index.html".into(), "<h1>Before</h1>".into())],
        ));
        let delta = |text: &str| {
            event(
                0,
                EventKind::CodeDelta {
                    call_id: "toolu_01".into(),
                    path: "index.html".into(),
                    text: text.into(),
                },
            )
        };
        g.apply(&delta("<h1>Af"));
        assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Af"));
        let retry = |discard_from| {
            event(
                0,
                EventKind::Retrying {
                    attempt: 2,
                    delay_ms: 500,
                    reason: "overloaded".into(),
                    code: None,
                    discard_from,
                },
            )
        };
        // A retry before any output changes nothing.
        g.apply(&retry(None));
        assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>Af"));
        g.apply(&retry(Some(1)));
        assert_eq!(
            read(&g, 0, "index.html").as_deref(),
            Some("<h1>Before</h1>"),
            "back to the last good state"
        );
        // The retry streams the same call id again, from its start.
        g.apply(&delta("<h1>After"));
        assert_eq!(read(&g, 0, "index.html").as_deref(), Some("<h1>After"));
    }
}
