//! A version made without a generation (a hand edit in the code, a visual edit, a restore, an
//! outside edit kept) became the working copy: picture it for the history and, when its lineage
//! was made from a screenshot, score it against that screenshot, in the background, as a
//! generation's page is. A thin trigger: the scoring itself is `score.rs`'s.

use super::Generations;
use crate::state::{blocking, AppState};
use s2c_core::project::{Project, VersionInfo};

pub(crate) fn picture_and_score(
    state: &AppState,
    generations: &Generations,
    project: Project,
    version: VersionInfo,
) {
    let Some(renderer) = generations.renderer(state.settings.get().chromium_path.as_deref()) else {
        return;
    };
    let service = state.projects.clone();
    let on_thumbnail = generations.on_thumbnail.clone();
    let on_scored = generations.on_scored.clone();
    tauri::async_runtime::spawn(async move {
        super::thumbnail::refresh(
            service,
            project.clone(),
            Some(version.id),
            Some(renderer.clone()),
            None,
            on_thumbnail,
        )
        .await;
        let reading = project.clone();
        let id = version.id;
        let reference = blocking(move || {
            let Some(input) = reading.reference_screenshot(id)? else {
                return Ok::<_, crate::IpcError>(None);
            };
            Ok(Some((input, reading.input_bytes(input)?)))
        })
        .await;
        match reference {
            Ok(Some((input, shot))) => {
                super::score::score_version(project, version, input, shot, renderer, |s| {
                    on_scored(s)
                })
                .await
            }
            Ok(None) => {}
            Err(e) => tracing::info!("no screenshot to score against: {}", e.message),
        }
    });
}
