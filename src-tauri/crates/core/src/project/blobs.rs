//! Content-addressed file storage inside the project database, and variant file lists.

use super::error::{DbContext, ProjectError, Result};
use super::paths::{keep_stored, stored};
use super::types::VariantId;
use rusqlite::{params, Connection, OptionalExtension};
use sha2::{Digest, Sha256};

/// Hex SHA-256 of `bytes`: the key of a blob and how working files are compared.
pub fn hash(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest.iter() {
        out.push(char::from(HEX[usize::from(b >> 4)]));
        out.push(char::from(HEX[usize::from(b & 0xf)]));
    }
    out
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Store `bytes` once; returns its hash.
pub fn put(conn: &Connection, bytes: &[u8]) -> Result<String> {
    let h = hash(bytes);
    conn.prepare_cached("INSERT OR IGNORE INTO blobs (hash, size, data) VALUES (?1, ?2, ?3)")
        .and_then(|mut s| s.execute(params![h, bytes.len() as i64, bytes]))
        .db("storing file content")?;
    Ok(h)
}

pub fn get(conn: &Connection, hash: &str) -> Result<Vec<u8>> {
    conn.prepare_cached("SELECT data FROM blobs WHERE hash = ?1")
        .and_then(|mut s| s.query_row([hash], |r| r.get(0)).optional())
        .db("reading file content")?
        .ok_or_else(|| ProjectError::Corrupt(format!("file content {hash} is missing")))
}

/// `(path, hash, size)` of every file of a variant, sorted by path. A row whose path the app
/// will not touch (a crafted database) is left out with a warning, so the rest still shows.
pub fn list(conn: &Connection, variant: VariantId) -> Result<Vec<(String, String, u32)>> {
    Ok(keep_stored(
        rows(conn, variant)?,
        &format!("variant {variant}"),
        |r| &r.0,
    ))
}

fn rows(conn: &Connection, variant: VariantId) -> Result<Vec<(String, String, u32)>> {
    let mut stmt = conn
        .prepare_cached(
            "SELECT f.path, f.hash, b.size FROM variant_files f JOIN blobs b ON b.hash = f.hash
             WHERE f.variant_id = ?1 ORDER BY f.path",
        )
        .db("listing files")?;
    let rows = stmt
        .query_map([variant], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get::<_, i64>(2)?.try_into().unwrap_or(u32::MAX),
            ))
        })
        .db("listing files")?;
    rows.collect::<std::result::Result<_, _>>()
        .db("listing files")
}

/// A variant's drafts as (path, hash, size), by path; rows naming a path the app will not touch
/// are left out, like the files'.
pub fn list_drafts(conn: &Connection, variant: VariantId) -> Result<Vec<(String, String, u32)>> {
    let rows: Vec<(String, String, u32)> = conn
        .prepare_cached(
            "SELECT d.path, d.hash, b.size FROM variant_drafts d JOIN blobs b ON b.hash = d.hash
         WHERE d.variant_id = ?1 ORDER BY d.path",
        )
        .and_then(|mut s| {
            s.query_map([variant], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect()
        })
        .db("listing drafts")?;
    Ok(keep_stored(
        rows,
        &format!("variant {variant}: draft"),
        |r| &r.0,
    ))
}

/// Replace a variant's drafts with `drafts` (paths already normalized).
pub fn replace_drafts(
    conn: &Connection,
    variant: VariantId,
    drafts: &[(String, Vec<u8>)],
) -> Result<()> {
    conn.execute(
        "DELETE FROM variant_drafts WHERE variant_id = ?1",
        [variant],
    )
    .db("clearing drafts")?;
    for (path, bytes) in drafts {
        let h = put(conn, bytes)?;
        conn.prepare_cached(
            "INSERT INTO variant_drafts (variant_id, path, hash) VALUES (?1, ?2, ?3)
             ON CONFLICT (variant_id, path) DO UPDATE SET hash = excluded.hash",
        )
        .and_then(|mut s| s.execute(params![variant, path, h]))
        .db("recording a draft")?;
    }
    Ok(())
}

/// Every file of a variant with its content. A path the app will not touch refuses the whole
/// variant: its files are about to be written somewhere, and a partial set would be wrong.
pub fn load_all(conn: &Connection, variant: VariantId) -> Result<Vec<(String, Vec<u8>)>> {
    rows(conn, variant)?
        .into_iter()
        .map(|(path, h, _)| Ok((stored(&path)?, get(conn, &h)?)))
        .collect()
}

/// Replace a variant's files with `files` (paths already normalized).
pub fn replace(conn: &Connection, variant: VariantId, files: &[(String, Vec<u8>)]) -> Result<()> {
    conn.execute("DELETE FROM variant_files WHERE variant_id = ?1", [variant])
        .db("clearing files")?;
    for (path, bytes) in files {
        set_one(conn, variant, path, bytes)?;
    }
    Ok(())
}

pub fn set_one(conn: &Connection, variant: VariantId, path: &str, bytes: &[u8]) -> Result<()> {
    let h = put(conn, bytes)?;
    conn.prepare_cached(
        "INSERT INTO variant_files (variant_id, path, hash) VALUES (?1, ?2, ?3)
         ON CONFLICT (variant_id, path) DO UPDATE SET hash = excluded.hash",
    )
    .and_then(|mut s| s.execute(params![variant, path, h]))
    .db("recording a file")?;
    Ok(())
}
