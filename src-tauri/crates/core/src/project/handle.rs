//! Creating and opening a project folder, and its metadata.

use super::error::{DbContext, ProjectError, Result};
use super::paths::DATA_DIR;
use super::schema;
use super::types::{now_ms, ProjectInfo, VersionId};
use rusqlite::{params, Connection, OptionalExtension};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

pub const DB_FILE: &str = "project.db";
const MAX_NAME_CHARS: usize = 100;

/// An open project. Cheap to clone; every clone talks to the same database connection.
#[derive(Clone)]
pub struct Project {
    pub(crate) inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub root: PathBuf,
    pub id: String,
    conn: Mutex<Connection>,
}

impl Project {
    /// Make a new project in `root`, which must not exist yet or be an empty folder.
    pub fn create(root: &Path, name: &str) -> Result<Self> {
        let name = validate_name(name)?;
        if root.join(DATA_DIR).join(DB_FILE).exists() {
            return Err(ProjectError::Conflict(format!(
                "{} is already a project: open it instead",
                root.display()
            )));
        }
        if let Ok(mut entries) = std::fs::read_dir(root) {
            if entries.next().is_some() {
                return Err(ProjectError::Conflict(format!(
                    "the folder {} is not empty: choose a new or empty folder",
                    root.display()
                )));
            }
        }
        let data_dir = root.join(DATA_DIR);
        std::fs::create_dir_all(&data_dir)
            .map_err(|e| ProjectError::io(format!("creating {}", data_dir.display()), e))?;
        let mut conn = schema::open(&data_dir.join(DB_FILE), true)?;
        let id = uuid::Uuid::new_v4().to_string();
        let tx = conn.transaction().db("starting the project")?;
        for (key, value) in [
            ("id", id.as_str()),
            ("name", name),
            ("created_at", &now_ms().to_string()),
        ] {
            tx.execute(
                "INSERT INTO meta (key, value) VALUES (?1, ?2)",
                params![key, value],
            )
            .db("writing project metadata")?;
        }
        tx.commit().db("creating the project")?;
        Ok(Self::from_parts(root, id, conn))
    }

    /// Open an existing project. Variants that were still generating when the app last stopped
    /// are marked interrupted.
    pub fn open(root: &Path) -> Result<Self> {
        let db_path = root.join(DATA_DIR).join(DB_FILE);
        if !db_path.is_file() {
            return Err(ProjectError::NotFound(format!(
                "{} is not a Screenshot to Code project (no {DATA_DIR}/{DB_FILE})",
                root.display()
            )));
        }
        let conn = schema::open(&db_path, false)?;
        let id = trusted_id(&conn, root)?;
        let project = Self::from_parts(root, id, conn);
        remove_temp_files(root);
        let interrupted = project.mark_interrupted()?;
        if interrupted > 0 {
            tracing::warn!(
                interrupted,
                "variants were interrupted by the last shutdown"
            );
        }
        Ok(project)
    }

    fn from_parts(root: &Path, id: String, conn: Connection) -> Self {
        Self {
            inner: Arc::new(Inner {
                root: root.to_path_buf(),
                id,
                conn: Mutex::new(conn),
            }),
        }
    }

    pub fn id(&self) -> &str {
        &self.inner.id
    }

    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    /// The database connection. Held only for the few milliseconds of one operation.
    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        self.inner.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn info(&self) -> Result<ProjectInfo> {
        let conn = self.conn();
        Ok(ProjectInfo {
            id: self.inner.id.clone(),
            name: meta(&conn, "name")?.unwrap_or_default(),
            path: self.inner.root.display().to_string(),
            created_at: meta(&conn, "created_at")?
                .and_then(|v| v.parse().ok())
                .unwrap_or(0),
            current_version: current_version(&conn)?,
        })
    }

    pub fn rename(&self, name: &str) -> Result<ProjectInfo> {
        let name = validate_name(name)?;
        set_meta(&self.conn(), "name", name)?;
        self.info()
    }

    /// A small value another part of the app keeps with the project (where it was published),
    /// by key. Read back from a shared project, it is untrusted: the caller checks it.
    pub fn app_data(&self, key: &str) -> Result<Option<String>> {
        meta(&self.conn(), &format!("data.{key}"))
    }

    /// Store (or with `None` remove) a value [`Project::app_data`] reads.
    pub fn set_app_data(&self, key: &str, value: Option<&str>) -> Result<()> {
        let key = format!("data.{key}");
        match value {
            Some(value) => set_meta(&self.conn(), &key, value),
            None => {
                self.conn()
                    .execute("DELETE FROM meta WHERE key = ?1", [&key])
                    .db("removing project metadata")?;
                Ok(())
            }
        }
    }

    fn mark_interrupted(&self) -> Result<usize> {
        self.conn()
            .execute(
                "UPDATE variants SET status = 'interrupted', finished_at = ?1,
                   error = COALESCE(error, 'The app stopped while this variant was generating.')
                 WHERE status IN ('pending', 'generating')",
                [now_ms()],
            )
            .db("marking interrupted variants")
    }
}

/// The project's id, which names it in every command and in the app's own files. The database
/// may come from anyone (a shared folder), so anything but a UUID in its canonical form is
/// replaced by a fresh one, kept, before the id is used at all.
fn trusted_id(conn: &Connection, root: &Path) -> Result<String> {
    let stored = meta(conn, "id")?;
    if let Some(id) = stored.as_deref().filter(|id| is_canonical_uuid(id)) {
        return Ok(id.to_owned());
    }
    let fresh = uuid::Uuid::new_v4().to_string();
    tracing::warn!(
        "{} had no valid project id; giving it a new one",
        root.display()
    );
    set_meta(conn, "id", &fresh)?;
    Ok(fresh)
}

/// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in lowercase hex, exactly as `Project::create` writes it.
pub(crate) fn is_canonical_uuid(id: &str) -> bool {
    uuid::Uuid::try_parse(id).is_ok_and(|u| u.hyphenated().to_string() == id)
}

/// Leftovers of atomic writes cut short by a crash: never a user's file (see `atomic_file`).
fn remove_temp_files(root: &Path) {
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            match entry.file_type() {
                Ok(t) if t.is_dir() && name != DATA_DIR => stack.push(entry.path()),
                Ok(t) if t.is_file() && crate::atomic_file::is_temp_file(&name) => {
                    let _ = std::fs::remove_file(entry.path());
                }
                _ => {}
            }
        }
    }
}

fn validate_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ProjectError::InvalidInput(format!(
            "a project name needs 1–{MAX_NAME_CHARS} characters"
        )));
    }
    Ok(name)
}

pub(crate) fn meta(conn: &Connection, key: &str) -> Result<Option<String>> {
    conn.query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()
        .db("reading project metadata")
}

pub(crate) fn set_meta(conn: &Connection, key: &str, value: &str) -> Result<()> {
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params![key, value],
    )
    .db("writing project metadata")?;
    Ok(())
}

pub(crate) fn current_version(conn: &Connection) -> Result<Option<VersionId>> {
    Ok(meta(conn, "current_version")?.and_then(|v| v.parse().ok()))
}
