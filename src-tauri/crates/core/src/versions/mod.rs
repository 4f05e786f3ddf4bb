//! One door for "a new version was made", above `project`, `render` and `fidelity`: the
//! version is made (a generation stored, a save, a visual edit, a restore, outside edits kept)
//! and [`AfterEffects`] pictures it for the history and the recent list and, when its lineage
//! was made from a screenshot, scores it against that screenshot, announcing each result as a
//! [`VersionEvent`]. Every version but a generation's is made through [`AfterEffects::make`]
//! (a [`Change`]); front ends run the after-effects in the background and forward the events;
//! the policy of a visual edit (how many changes, which style mode a stack edits) is here too.

mod after;
mod door;
mod error;
mod score;
mod stored;
mod thumbnail;
mod visual_edits;

pub use after::{AfterEffects, ThumbnailReady, VariantPictured, VariantScored, VersionEvent};
pub use door::Change;
pub use error::VersionError;
pub use stored::StoredVariant;
pub use visual_edits::{style_mode, FileVisualEdits, MAX_EDITS};
