//! Inputs of generations (screenshots, video, reference images), kept under `inputs/` and
//! stored once each.

use super::blobs::hash;
use super::error::{DbContext, ProjectError, Result};
use super::handle::Project;
use super::paths::{keep_stored, normalize, resolve, stored, INPUTS_DIR};
use super::types::{now_ms, InputId, InputInfo};
use crate::atomic_file::write_atomic;
use rusqlite::{params, OptionalExtension};

/// Inputs are screenshots and short recordings; anything bigger is a mistake.
pub const MAX_INPUT_BYTES: usize = 200 * 1024 * 1024;

impl Project {
    /// Keep `bytes` as an input named after `file_name` (made unique). The same content added
    /// twice is stored once and returns the first input.
    pub fn add_input(&self, file_name: &str, media_type: &str, bytes: &[u8]) -> Result<InputInfo> {
        if bytes.len() > MAX_INPUT_BYTES {
            return Err(ProjectError::InvalidInput(format!(
                "{file_name} is larger than {} MB",
                MAX_INPUT_BYTES / 1024 / 1024
            )));
        }
        let h = hash(bytes);
        if let Some(existing) = self.find_input(&h)? {
            return Ok(existing);
        }
        let base = file_name.rsplit(['/', '\\']).next().unwrap_or_default();
        let base = normalize(base).map_err(|_| {
            ProjectError::InvalidInput(format!("“{file_name}” is not a usable file name"))
        })?;
        let (stem, ext) = match base.rsplit_once('.') {
            Some((s, e)) if !s.is_empty() => (s.to_owned(), format!(".{e}")),
            _ => (base.clone(), String::new()),
        };
        let mut rel = format!("{INPUTS_DIR}/{base}");
        let mut n = 2;
        while resolve(self.root(), &rel)?.exists() {
            rel = format!("{INPUTS_DIR}/{stem}-{n}{ext}");
            n += 1;
        }
        let target = resolve(self.root(), &rel)?;
        write_atomic(&target, bytes)
            .map_err(|e| ProjectError::io(format!("saving {}", target.display()), e))?;
        let conn = self.conn();
        conn.execute(
            "INSERT INTO inputs (path, media_type, size, hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![rel, media_type, bytes.len() as i64, h, now_ms()],
        )
        .db("recording an input")?;
        let id = InputId::try_from(conn.last_insert_rowid())
            .map_err(|_| ProjectError::Corrupt("input ids ran out".into()))?;
        let (width, height) = image_size(bytes);
        Ok(InputInfo {
            id,
            path: rel,
            media_type: media_type.to_owned(),
            size: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
            width,
            height,
        })
    }

    /// The inputs, without any whose recorded path the app will not touch (a crafted database).
    pub fn inputs(&self) -> Result<Vec<InputInfo>> {
        let all: Vec<InputInfo> = self
            .conn()
            .prepare("SELECT id, path, media_type, size FROM inputs ORDER BY id")
            .and_then(|mut s| s.query_map([], input_row)?.collect())
            .db("listing inputs")?;
        let mut kept = keep_stored(all, "inputs", |input| &input.path);
        for input in &mut kept {
            self.read_size(input);
        }
        Ok(kept)
    }

    /// Fills in an image's size from its file's header (only the header is read).
    fn read_size(&self, input: &mut InputInfo) {
        if !input.media_type.starts_with("image/") {
            return;
        }
        let Ok(abs) = stored(&input.path).and_then(|p| resolve(self.root(), &p)) else {
            return;
        };
        let size = image::ImageReader::open(abs)
            .ok()
            .and_then(|r| r.with_guessed_format().ok())
            .and_then(|r| r.into_dimensions().ok());
        (input.width, input.height) = size.map_or((None, None), |(w, h)| (Some(w), Some(h)));
    }

    /// The bytes of an input, read from `inputs/`.
    pub fn input_bytes(&self, id: InputId) -> Result<Vec<u8>> {
        let path: Option<String> = self
            .conn()
            .query_row("SELECT path FROM inputs WHERE id = ?1", [id], |r| r.get(0))
            .optional()
            .db("finding an input")?;
        let path = path.ok_or_else(|| ProjectError::NotFound(format!("there is no input {id}")))?;
        let abs = resolve(self.root(), &stored(&path)?)?;
        std::fs::read(&abs).map_err(|e| ProjectError::io(format!("reading {}", abs.display()), e))
    }

    fn find_input(&self, h: &str) -> Result<Option<InputInfo>> {
        let found = self
            .conn()
            .query_row(
                "SELECT id, path, media_type, size FROM inputs WHERE hash = ?1",
                [h],
                input_row,
            )
            .optional()
            .db("finding an input")?;
        Ok(found.map(|mut input| {
            self.read_size(&mut input);
            input
        }))
    }
}

fn input_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<InputInfo> {
    Ok(InputInfo {
        id: r.get(0)?,
        path: r.get(1)?,
        media_type: r.get(2)?,
        size: r.get::<_, i64>(3)?.clamp(0, i64::from(u32::MAX)) as u32,
        width: None,
        height: None,
    })
}

/// An image's size from its header, or nothing for what is not a readable image.
fn image_size(bytes: &[u8]) -> (Option<u32>, Option<u32>) {
    image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .ok()
        .and_then(|r| r.into_dimensions().ok())
        .map_or((None, None), |(w, h)| (Some(w), Some(h)))
}
