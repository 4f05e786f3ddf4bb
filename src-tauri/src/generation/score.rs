//! The UI's event for a variant's fidelity score (computed and stored by the core's
//! `versions::AfterEffects`).

use s2c_core::project::VersionId;
use serde::{Deserialize, Serialize};

/// A variant's fidelity score was computed and stored.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct VariantScored {
    pub project_id: String,
    pub version_id: VersionId,
    pub variant_id: u32,
    pub total: f64,
}

impl From<s2c_core::versions::VariantScored> for VariantScored {
    fn from(s: s2c_core::versions::VariantScored) -> Self {
        Self {
            project_id: s.project_id,
            version_id: s.version_id,
            variant_id: s.variant_id,
            total: s.total,
        }
    }
}
