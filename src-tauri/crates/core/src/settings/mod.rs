//! User settings: compiled-in defaults plus only what the user changed, as JSON in the app's
//! config folder.
//!
//! The file holds a sparse object: just the fields that differ from [`Settings::default`], so a
//! later release can improve a default the user never touched. Writes are atomic; loading
//! validates, and a file that does not parse or validate is moved aside
//! (`settings.json.bad-<unix seconds>`) rather than overwritten, with a warning for the UI.
//! [`SettingsStore::subscribe`] tells front ends about every change.

mod diff;
mod error;
mod fallback;
mod store;
mod types;
mod validate;

pub use error::{Result, SettingsError};
pub use store::{SettingsStore, SettingsView};
pub use types::{
    BaseUrls, CustomProvider, DesignSystem, PublishingSettings, Settings, Stack, Theme,
    UpdateChannel, UpdateSettings, VariantSettings, DEFAULT_FIDELITY_ROUNDS, MAX_FIDELITY_ROUNDS,
};
pub use validate::{validate, SettingsLimits, SETTINGS_LIMITS};
