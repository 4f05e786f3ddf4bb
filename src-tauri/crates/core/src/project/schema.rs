//! The project database: connection setup and versioned migrations (`PRAGMA user_version`).
//! A migration runs in one transaction with its version bump, so a crash mid-migration leaves
//! the previous schema.

use super::error::{DbContext, ProjectError, Result};
use rusqlite::Connection;
use std::path::Path;

/// Each entry moves the schema from version `i` to `i + 1`. Append; never edit a shipped one.
const MIGRATIONS: &[&str] = &[
    r#"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE versions (
    id                 INTEGER PRIMARY KEY,
    parent_id          INTEGER REFERENCES versions(id),
    kind               TEXT NOT NULL CHECK (kind IN
                         ('generation','edit','import','manual_save','external_edit','restore')),
    prompt             TEXT,
    stack              TEXT,
    request_json       TEXT,
    selected_variant   INTEGER,
    source_version     INTEGER REFERENCES versions(id),
    source_variant     INTEGER,
    created_at         INTEGER NOT NULL
);
CREATE INDEX versions_parent ON versions(parent_id);
CREATE TABLE variants (
    id                 INTEGER PRIMARY KEY,
    version_id         INTEGER NOT NULL REFERENCES versions(id),
    idx                INTEGER NOT NULL,
    model              TEXT,
    provider           TEXT,
    status             TEXT NOT NULL CHECK (status IN
                         ('pending','generating','complete','error','cancelled','interrupted')),
    error              TEXT,
    history_json       TEXT,
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    cost_usd           REAL NOT NULL DEFAULT 0,
    started_at         INTEGER,
    finished_at        INTEGER,
    UNIQUE (version_id, idx)
);
-- File contents are stored once, by hash: a manual save copies every file of its parent.
CREATE TABLE blobs (
    hash  TEXT PRIMARY KEY,
    size  INTEGER NOT NULL,
    data  BLOB NOT NULL
) WITHOUT ROWID;
CREATE TABLE variant_files (
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    path       TEXT NOT NULL,
    hash       TEXT NOT NULL REFERENCES blobs(hash),
    PRIMARY KEY (variant_id, path)
) WITHOUT ROWID;
CREATE TABLE events (
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    seq        INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    at         INTEGER NOT NULL,
    payload    TEXT NOT NULL,
    PRIMARY KEY (variant_id, seq)
) WITHOUT ROWID;
CREATE TABLE inputs (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL UNIQUE,
    media_type  TEXT NOT NULL,
    size        INTEGER NOT NULL,
    hash        TEXT NOT NULL,
    created_at  INTEGER NOT NULL
);
CREATE TABLE version_inputs (
    version_id INTEGER NOT NULL REFERENCES versions(id),
    input_id   INTEGER NOT NULL REFERENCES inputs(id),
    PRIMARY KEY (version_id, input_id)
) WITHOUT ROWID;
-- What the app last wrote to each working file, to tell our writes from another editor's.
CREATE TABLE working_files (
    path TEXT PRIMARY KEY,
    hash TEXT NOT NULL
) WITHOUT ROWID;
"#,
    r#"
-- How close a finished variant came to the screenshot it was made from (s2c-core fidelity):
-- the report as JSON and the side-by-side diff image, computed once in the background.
CREATE TABLE variant_scores (
    variant_id  INTEGER PRIMARY KEY REFERENCES variants(id),
    input_id    INTEGER NOT NULL REFERENCES inputs(id),
    total       REAL NOT NULL,
    report_json TEXT NOT NULL,
    diff_png    BLOB,
    created_at  INTEGER NOT NULL
);
-- What each version looks like (its selected variant, rendered), for the history panel.
CREATE TABLE version_thumbnails (
    version_id INTEGER PRIMARY KEY REFERENCES versions(id),
    png        BLOB NOT NULL,
    created_at INTEGER NOT NULL
);
"#,
    r#"
-- A variant the output limit cut off after every continuation: its status stays 'complete'
-- (it has a page, and may be selected), the flag says the page may be incomplete and `error`
-- holds the message shown with it. (A CHECK constraint cannot be changed in place.)
ALTER TABLE variants ADD COLUMN truncated INTEGER NOT NULL DEFAULT 0;
-- What create_file calls that never ran (cancelled, interrupted, cut off) had streamed: kept
-- with the variant, apart from its files, so nothing that reads files mistakes them for the page.
CREATE TABLE variant_drafts (
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    path       TEXT NOT NULL,
    hash       TEXT NOT NULL REFERENCES blobs(hash),
    PRIMARY KEY (variant_id, path)
) WITHOUT ROWID;
"#,
    r#"
-- What a visual edit set by hand and where it wrote it (JSON, one list per version): the next
-- prompt tells the model, so it changes those values where they are instead of fighting them.
CREATE TABLE version_hand_edits (
    version_id  INTEGER PRIMARY KEY REFERENCES versions(id),
    styles_json TEXT NOT NULL
);
-- The page as it was rendered for its score: the comparison view lays it over the screenshot.
ALTER TABLE variant_scores ADD COLUMN render_png BLOB;
"#,
    r#"
-- A page handed over at several widths (a desktop and a mobile screenshot of it): the
-- screenshots a generation was asked to match, each with the width it was taken at. The
-- versions of its lineage are scored at each; the lowest is the variant's row in
-- variant_scores (with its report and images), every width's total is here.
CREATE TABLE version_widths (
    version_id INTEGER NOT NULL REFERENCES versions(id),
    input_id   INTEGER NOT NULL REFERENCES inputs(id),
    pixels     INTEGER NOT NULL,
    dpr        INTEGER NOT NULL,
    PRIMARY KEY (version_id, input_id)
) WITHOUT ROWID;
CREATE TABLE variant_width_scores (
    variant_id INTEGER NOT NULL REFERENCES variants(id),
    input_id   INTEGER NOT NULL REFERENCES inputs(id),
    pixels     INTEGER NOT NULL,
    dpr        INTEGER NOT NULL,
    total      REAL NOT NULL,
    PRIMARY KEY (variant_id, input_id)
) WITHOUT ROWID;
"#,
    r#"
-- A site of several pages (the project stacks): each page's name, route and screenshots (one,
-- or one per width) as a JSON list. The versions of its lineage are scored page by page; the
-- lowest page is the variant's row in variant_scores (its widths in variant_width_scores), and
-- each page's score is here.
CREATE TABLE version_pages (
    version_id INTEGER PRIMARY KEY REFERENCES versions(id),
    pages_json TEXT NOT NULL
);
CREATE TABLE variant_page_scores (
    variant_id INTEGER PRIMARY KEY REFERENCES variants(id),
    pages_json TEXT NOT NULL
);
"#,
    r#"
-- What each option of a generation looks like (its page's first screen, rendered once it is
-- stored): a finished option's card shows this picture, not its page loaded again in a frame.
CREATE TABLE variant_thumbnails (
    variant_id INTEGER PRIMARY KEY REFERENCES variants(id),
    png        BLOB NOT NULL,
    created_at INTEGER NOT NULL
);
"#,
];

/// Open (creating if asked) the database at `path`, set it up and migrate it.
pub fn open(path: &Path, create: bool) -> Result<Connection> {
    use rusqlite::OpenFlags;
    let mut flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    if create {
        flags |= OpenFlags::SQLITE_OPEN_CREATE;
    }
    let mut conn = Connection::open_with_flags(path, flags).map_err(|e| match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::CannotOpen => {
            ProjectError::NotFound(format!(
                "{} is not a Screenshot to Code project (no database)",
                path.parent()
                    .and_then(Path::parent)
                    .unwrap_or(path)
                    .display()
            ))
        }
        other => ProjectError::Db {
            context: format!("opening {}", path.display()),
            source: other,
        },
    })?;
    harden(&conn)?;
    // WAL: a crash mid-transaction leaves the last committed state; FULL: a commit reported
    // done is on disk, so "version saved" is never a lie.
    conn.pragma_update(None, "journal_mode", "WAL")
        .db("enabling the write-ahead log")?;
    conn.pragma_update(None, "synchronous", "FULL")
        .db("setting synchronous mode")?;
    conn.pragma_update(None, "foreign_keys", "ON")
        .db("enabling foreign keys")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .db("setting the busy timeout")?;
    check_integrity(&conn)?;
    migrate(&mut conn)?;
    Ok(conn)
}

/// A project's database may come from anyone (a shared folder, a zip): nothing in it may run
/// with side effects. Defensive mode refuses the schema tricks that corrupt a file on purpose;
/// an untrusted schema cannot call functions with side effects from views or triggers; the app
/// uses neither triggers nor views, so a crafted one never fires.
fn harden(conn: &Connection) -> Result<()> {
    use rusqlite::config::DbConfig;
    for (setting, on) in [
        (DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true),
        (DbConfig::SQLITE_DBCONFIG_TRUSTED_SCHEMA, false),
        (DbConfig::SQLITE_DBCONFIG_ENABLE_TRIGGER, false),
        (DbConfig::SQLITE_DBCONFIG_ENABLE_VIEW, false),
    ] {
        conn.set_db_config(setting, on)
            .db("opening the project database defensively")?;
    }
    Ok(())
}

fn check_integrity(conn: &Connection) -> Result<()> {
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(|e| ProjectError::Corrupt(format!("the project database cannot be read: {e}")))?;
    if verdict != "ok" {
        return Err(ProjectError::Corrupt(format!(
            "the project database is damaged: {verdict}"
        )));
    }
    Ok(())
}

fn migrate(conn: &mut Connection) -> Result<()> {
    let current: usize = conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .db("reading the schema version")?
        .try_into()
        .unwrap_or(usize::MAX);
    if current > MIGRATIONS.len() {
        return Err(ProjectError::Corrupt(format!(
            "this project was saved by a newer version of the app (schema {current}, this build knows {})",
            MIGRATIONS.len()
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current) {
        let tx = conn.transaction().db("starting a migration")?;
        tx.execute_batch(sql)
            .db(&format!("migrating to schema {}", i + 1))?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)
            .db("recording the schema version")?;
        tx.commit().db("committing a migration")?;
    }
    Ok(())
}
