//! A running generation's options pictured for their cards while they write (the core's
//! `render::live_pictures`), each picture announced as [`LivePictureReady`].

use super::thumbnail::LivePictureReady;
use s2c_core::render::live::LiveGeneration;
use s2c_core::render::live_pictures::{picture_while_writing, Pacing};
use s2c_core::render::thumbnail::data_url;
use s2c_core::render::Renderer;
use std::sync::Arc;
use tokio_util::sync::{CancellationToken, DropGuard};

/// Start picturing `live`'s options on the shared browser; they stop when the guard is dropped
/// (the generation ended). None without a browser, or with one option (it has no card).
pub(super) fn start(
    live: &Arc<LiveGeneration>,
    variants: usize,
    renderer: Option<Arc<Renderer>>,
    (project_id, generation_id): (String, u32),
    announce: Arc<dyn Fn(LivePictureReady) + Send + Sync>,
) -> Option<DropGuard> {
    let renderer = renderer.filter(|_| variants > 1)?;
    let stop = CancellationToken::new();
    let pictured = move |index: u32, jpeg: Vec<u8>| {
        announce(LivePictureReady {
            project_id: project_id.clone(),
            generation_id,
            index,
            data_url: data_url("image/jpeg", &jpeg),
        });
    };
    tauri::async_runtime::spawn(picture_while_writing(
        live.clone(),
        renderer,
        Pacing::CARDS,
        stop.clone(),
        pictured,
    ));
    Some(stop.drop_guard())
}
