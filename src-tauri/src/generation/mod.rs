//! Generations in the app: `generation_start` records a version, runs the core engine and
//! streams its events to the UI over an ipc Channel; the variants' files are served live by the
//! preview scheme and stored with the version when the generation ends.

pub mod commands;
mod finish;
mod live_pictures;
mod models;
mod plan;
pub mod request;
pub(crate) mod run;
pub mod score;
mod sink;
pub mod thumbnail;

use s2c_core::engine::GenerationCanceller;
use s2c_core::project::{ProjectService, VersionInfo};
use s2c_core::render::Renderer;
use s2c_core::versions::{AfterEffects, Change, VersionEvent};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// A generation ended and everything it made is stored: the UI refreshes the version list.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct GenerationRecorded {
    pub project_id: String,
    pub generation_id: u32,
    pub version_id: u32,
}

/// The running generations and the browser they share.
pub struct Generations {
    next_id: AtomicU32,
    running: Arc<Mutex<HashMap<u32, GenerationCanceller>>>,
    /// Announces [`GenerationRecorded`], [`score::VariantScored`] and the pictures of versions
    /// and variants (set up with the app handle at startup).
    on_recorded: Arc<dyn Fn(GenerationRecorded) + Send + Sync>,
    pub(crate) on_scored: Arc<dyn Fn(score::VariantScored) + Send + Sync>,
    pub(crate) on_thumbnail: Arc<dyn Fn(thumbnail::VersionThumbnailReady) + Send + Sync>,
    on_variant_picture: Arc<dyn Fn(thumbnail::VariantPictureReady) + Send + Sync>,
    /// Announces a running option's newest picture (`live_pictures`).
    pub(crate) on_live_picture: Arc<dyn Fn(thumbnail::LivePictureReady) + Send + Sync>,
    /// Where variants' tools write assets while they run: a folder per generation, one in it
    /// per variant.
    scratch: PathBuf,
    /// One headless browser for every generation's screenshot_preview, with the path it was
    /// found at (a changed Chromium setting starts a new one).
    renderer: Mutex<Option<(Option<String>, Arc<Renderer>)>>,
}

impl Generations {
    pub fn new(
        scratch: PathBuf,
        on_recorded: Arc<dyn Fn(GenerationRecorded) + Send + Sync>,
        on_scored: Arc<dyn Fn(score::VariantScored) + Send + Sync>,
        on_thumbnail: Arc<dyn Fn(thumbnail::VersionThumbnailReady) + Send + Sync>,
        on_variant_picture: Arc<dyn Fn(thumbnail::VariantPictureReady) + Send + Sync>,
        on_live_picture: Arc<dyn Fn(thumbnail::LivePictureReady) + Send + Sync>,
    ) -> Self {
        Self {
            next_id: AtomicU32::new(1),
            running: Arc::default(),
            on_recorded,
            on_scored,
            on_thumbnail,
            on_variant_picture,
            on_live_picture,
            scratch,
            renderer: Mutex::default(),
        }
    }

    /// The core's after-effects of a new version, their events forwarded to the UI.
    pub(crate) fn after_effects(&self, service: Arc<ProjectService>) -> AfterEffects {
        let (scored, thumbnail) = (self.on_scored.clone(), self.on_thumbnail.clone());
        let picture = self.on_variant_picture.clone();
        AfterEffects::new(
            service,
            Arc::new(move |event| match event {
                VersionEvent::Scored(s) => scored(s.into()),
                VersionEvent::ThumbnailReady(t) => thumbnail(t.into()),
                VersionEvent::VariantPictured(p) => picture(p.into()),
            }),
        )
    }

    /// A version no generation made (a hand edit, visual edits, a restore, outside edits
    /// kept): the core makes it, then pictures and scores it in the background on the shared
    /// browser (`versions::AfterEffects::make`).
    pub(crate) async fn make_version(
        &self,
        state: &crate::state::AppState,
        project_id: &str,
        change: Change,
    ) -> Result<VersionInfo, crate::IpcError> {
        let renderer = self.renderer(state.settings.get().chromium_path.as_deref());
        let after = self.after_effects(state.projects.clone());
        Ok(after.make(project_id, change, renderer).await?)
    }

    fn next_id(&self) -> u32 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// A new, empty scratch folder's path for one generation. Its name is made here: nothing
    /// read from a project (whose database anyone may have written) becomes part of a path
    /// that is deleted and filled.
    pub(crate) fn fresh_scratch(&self) -> PathBuf {
        self.scratch.join(uuid::Uuid::new_v4().simple().to_string())
    }

    pub(crate) fn running(&self) -> std::sync::MutexGuard<'_, HashMap<u32, GenerationCanceller>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The browser already started, if any (tests shut it down).
    #[cfg(test)]
    pub(crate) fn shared_renderer(&self) -> Option<Arc<Renderer>> {
        let slot = self.renderer.lock().unwrap_or_else(PoisonError::into_inner);
        slot.as_ref().map(|(_, r)| r.clone())
    }

    /// The shared browser for `configured` (the settings' path), found now if need be; `None`
    /// when there is no Chromium (the tool is then not offered).
    pub(crate) fn renderer(&self, configured: Option<&str>) -> Option<Arc<Renderer>> {
        let mut slot = self.renderer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((path, renderer)) = &*slot {
            if path.as_deref() == configured {
                return Some(renderer.clone());
            }
        }
        match s2c_core::tools::locate_renderer(configured.map(std::path::Path::new)) {
            Ok(renderer) => {
                *slot = Some((configured.map(str::to_owned), renderer.clone()));
                Some(renderer)
            }
            Err(e) => {
                tracing::info!("preview screenshots are off: {e}");
                None
            }
        }
    }
}
