use super::diff::{changes, overlay};
use super::error::{Result, SettingsError};
use super::types::Settings;
use super::validate::validate;
use crate::atomic_file::write_atomic;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// The settings file's name inside the app config folder.
pub const FILE_NAME: &str = "settings.json";

/// What the UI gets: the effective settings, and why the user's file was set aside, if it was.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct SettingsView {
    pub settings: Settings,
    pub warning: Option<String>,
}

/// The settings of one app or CLI process, backed by `settings.json`.
pub struct SettingsStore {
    path: PathBuf,
    // Serialises updates so two writers cannot interleave read-modify-write.
    write_lock: Mutex<()>,
    current: watch::Sender<Arc<Settings>>,
    warning: Option<String>,
}

impl SettingsStore {
    /// Load `dir/settings.json`. A missing file means defaults. A file that does not parse or
    /// validate is renamed to `settings.json.bad-<seconds>` and defaults are used; the returned
    /// store carries a warning that says so.
    pub fn load(dir: &Path) -> Result<Self> {
        let path = dir.join(FILE_NAME);
        let (settings, warning) = match std::fs::read(&path) {
            Ok(bytes) => match parse(&bytes) {
                Ok(settings) => (settings, None),
                Err(reason) => {
                    let aside = set_aside(&path)?;
                    let warning = format!(
                        "Your settings file could not be used ({reason}). It was kept as {} and the defaults are in effect.",
                        aside.display()
                    );
                    tracing::warn!("{warning}");
                    (Settings::default(), Some(warning))
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (Settings::default(), None),
            Err(e) => return Err(SettingsError::io(format!("reading {}", path.display()), e)),
        };
        let (current, _) = watch::channel(Arc::new(settings));
        Ok(Self {
            path,
            write_lock: Mutex::new(()),
            current,
            warning,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn get(&self) -> Arc<Settings> {
        self.current.borrow().clone()
    }

    pub fn view(&self) -> SettingsView {
        SettingsView {
            settings: (*self.get()).clone(),
            warning: self.warning.clone(),
        }
    }

    /// Every change, starting with the current value.
    pub fn subscribe(&self) -> watch::Receiver<Arc<Settings>> {
        self.current.subscribe()
    }

    /// Validate and store `settings`; only what differs from the defaults reaches the disk.
    pub fn update(&self, settings: Settings) -> Result<Arc<Settings>> {
        validate(&settings)?;
        let _guard = self.write_lock.lock().unwrap_or_else(|e| e.into_inner());
        let defaults = serde_json::to_value(Settings::default())?;
        let wanted = serde_json::to_value(&settings)?;
        let sparse = changes(&defaults, &wanted)
            .unwrap_or_else(|| serde_json::Value::Object(Default::default()));
        let mut text = serde_json::to_string_pretty(&sparse)?;
        text.push('\n');
        write_atomic(&self.path, text.as_bytes())
            .map_err(|e| SettingsError::io(format!("writing {}", self.path.display()), e))?;
        let settings = Arc::new(settings);
        self.current.send_replace(settings.clone());
        Ok(settings)
    }

    /// Back to the defaults: the file is emptied (to `{}`), not deleted, so its place is clear.
    pub fn reset(&self) -> Result<Arc<Settings>> {
        self.update(Settings::default())
    }
}

fn parse(bytes: &[u8]) -> std::result::Result<Settings, String> {
    let user: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| format!("not valid JSON: {e}"))?;
    if !user.is_object() {
        return Err("the top level is not a JSON object".into());
    }
    let mut merged = serde_json::to_value(Settings::default()).map_err(|e| e.to_string())?;
    overlay(&mut merged, &user);
    let settings: Settings =
        serde_json::from_value(merged).map_err(|e| format!("a value has the wrong type: {e}"))?;
    validate(&settings).map_err(|e| e.to_string())?;
    Ok(settings)
}

fn set_aside(path: &Path) -> Result<PathBuf> {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let mut aside = path.with_file_name(format!("{FILE_NAME}.bad-{seconds}"));
    let mut n = 1;
    while aside.exists() {
        aside = path.with_file_name(format!("{FILE_NAME}.bad-{seconds}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &aside)
        .map_err(|e| SettingsError::io(format!("moving aside {}", path.display()), e))?;
    Ok(aside)
}

#[cfg(test)]
#[path = "store_tests.rs"]
mod tests;
