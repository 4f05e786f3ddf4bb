//! The routes (pages) a project variant declares, for its card and the preview's route picker:
//! read from its files by `s2c_webproject::routes`, for a running variant as its events left it
//! or for a stored one. A single-file variant declares none.

use crate::preview::Previews;
use crate::state::{blocking, AppState};
use crate::IpcError;
use s2c_core::project::{VariantId, VersionId};
use s2c_core::render::PreviewSource;
use s2c_core::versions::StoredVariant;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tauri::State;

/// Which variant: one of a running (or just finished) generation, or a stored one.
#[derive(Debug, Clone, Deserialize, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum VariantOf {
    Live {
        generation_id: u32,
        index: u32,
    },
    Stored {
        project_id: String,
        version_id: VersionId,
        variant_id: VariantId,
    },
}

/// One page of a project.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct ProjectRoute {
    /// `/`, `/pricing`: what the address shows (after `#` with a hash router).
    pub path: String,
    /// "Pricing": the page's component in words, else from the path.
    pub name: String,
    /// The file the page is written in (`src/pages/Pricing.tsx`), when the source says.
    pub file: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct ProjectRoutes {
    /// In the order the project declares them; empty for a single-file variant.
    pub routes: Vec<ProjectRoute>,
    /// The project uses a hash router: a route is shown at `#/pricing`.
    pub hash: bool,
}

/// The routes `source` declares, read file by file.
pub fn routes_of(source: &dyn PreviewSource) -> ProjectRoutes {
    let found = s2c_webproject::routes::routes_read(|path| {
        let rel = s2c_core::vocab::paths::normalize(path).ok()?;
        source.read(&rel).ok().flatten()
    });
    ProjectRoutes {
        routes: found
            .routes
            .into_iter()
            .map(|r| ProjectRoute {
                path: r.path,
                name: r.name,
                file: r.file,
            })
            .collect(),
        hash: found.hash,
    }
}

/// The routes of a variant's project (none for a single-file page).
#[tauri::command]
#[specta::specta]
pub async fn variant_routes(
    state: State<'_, AppState>,
    previews: State<'_, Previews>,
    variant: VariantOf,
) -> Result<ProjectRoutes, IpcError> {
    let source: Arc<dyn PreviewSource> = match variant {
        VariantOf::Live {
            generation_id,
            index,
        } => {
            let Some(source) = previews
                .live
                .get(generation_id)
                .and_then(|g| g.source(index))
            else {
                // The generation ended long ago (its files are kept for a while): nothing to read.
                return Ok(ProjectRoutes::default());
            };
            Arc::new(source)
        }
        VariantOf::Stored {
            project_id,
            version_id,
            variant_id,
        } => {
            let service = state.projects.clone();
            let project = blocking(move || service.get(&project_id)).await?;
            Arc::new(StoredVariant::new(project, version_id, variant_id))
        }
    };
    blocking(move || Ok::<_, IpcError>(routes_of(source.as_ref()))).await
}
