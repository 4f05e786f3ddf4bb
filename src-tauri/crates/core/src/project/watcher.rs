//! Noticing edits made to the working files by other programs (any editor), so the app can offer
//! them as a version. Bursts of file events are debounced; our own writes are recognised by
//! content hash (see `working_copy`) and never reported.

use super::error::{ProjectError, Result};
use super::handle::Project;
use super::paths::{is_working_path, relative_to};
use notify::{RecursiveMode, Watcher};
use serde::Serialize;
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Working files changed outside the app.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct ExternalChange {
    pub project_id: String,
    /// Changed, added or deleted working files, relative to the project.
    pub paths: Vec<String>,
}

/// Watches one project folder until dropped.
pub struct ProjectWatcher {
    _watcher: notify::RecommendedWatcher,
}

impl ProjectWatcher {
    /// Call `on_change` after each burst of outside edits has been quiet for `debounce`.
    pub fn start(
        project: Project,
        debounce: Duration,
        on_change: impl Fn(ExternalChange) + Send + 'static,
    ) -> Result<Self> {
        let (tx, rx) = channel::<notify::Result<notify::Event>>();
        let mut watcher = notify::recommended_watcher(tx).map_err(|e| ProjectError::Io {
            context: "starting the file watcher".into(),
            source: std::io::Error::other(e.to_string()),
        })?;
        watcher
            .watch(project.root(), RecursiveMode::Recursive)
            .map_err(|e| ProjectError::Io {
                context: format!("watching {}", project.root().display()),
                source: std::io::Error::other(e.to_string()),
            })?;
        std::thread::Builder::new()
            .name("s2c-project-watcher".into())
            .spawn(move || {
                let mut dirty_since: Option<Instant> = None;
                loop {
                    let wait = dirty_since.map_or(Duration::from_secs(3600), |t| {
                        debounce.saturating_sub(t.elapsed())
                    });
                    match rx.recv_timeout(wait) {
                        Ok(Ok(event)) => {
                            // Reads (ours included, when we compare contents) are not edits.
                            let is_edit = !matches!(event.kind, notify::EventKind::Access(_));
                            let relevant = is_edit
                                && event.paths.iter().any(|p| {
                                    relative_to(project.root(), p)
                                        .is_some_and(|r| is_working_path(&r))
                                });
                            if relevant {
                                dirty_since = Some(Instant::now());
                            }
                        }
                        Ok(Err(e)) => tracing::warn!("file watcher: {e}"),
                        Err(RecvTimeoutError::Timeout) => {
                            if dirty_since.take().is_some() {
                                report(&project, &on_change);
                            }
                        }
                        Err(RecvTimeoutError::Disconnected) => break,
                    }
                }
            })
            .map_err(|e| ProjectError::io("starting the file watcher thread", e))?;
        Ok(Self { _watcher: watcher })
    }
}

fn report(project: &Project, on_change: &impl Fn(ExternalChange)) {
    match project.external_changes() {
        Ok(paths) if !paths.is_empty() => on_change(ExternalChange {
            project_id: project.id().to_owned(),
            paths,
        }),
        Ok(_) => {}
        Err(e) => tracing::warn!("checking for outside edits failed: {e}"),
    }
}
