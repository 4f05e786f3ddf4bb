//! Byte offsets → 1-based line and column (in characters), as editors and error overlays count.

pub struct LineIndex<'s> {
    source: &'s str,
    starts: Vec<usize>,
}

impl<'s> LineIndex<'s> {
    pub fn new(source: &'s str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(source));
        Self { source, starts }
    }

    /// The line and column of byte `offset` (clamped to the source).
    pub fn position(&self, offset: u32) -> (u32, u32) {
        let offset = (offset as usize).min(self.source.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let column = self
            .source
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count());
        (
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(column + 1).unwrap_or(u32::MAX),
        )
    }
}

impl LineIndex<'_> {
    /// The byte offset of 1-based `line` and `column` (in characters, as [`Self::position`]
    /// counts them), when the source has that place.
    pub fn offset(&self, line: u32, column: u32) -> Option<usize> {
        let start = *self
            .starts
            .get(usize::try_from(line).ok()?.checked_sub(1)?)?;
        let end = self
            .starts
            .get(usize::try_from(line).ok()?)
            .map_or(self.source.len(), |next| next - 1);
        let skip = usize::try_from(column).ok()?.checked_sub(1)?;
        let text = self.source.get(start..end)?;
        if skip == text.chars().count() {
            return Some(end);
        }
        text.char_indices().nth(skip).map(|(i, _)| start + i)
    }
}

fn memchr_newlines(source: &str) -> impl Iterator<Item = usize> + '_ {
    source
        .bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'\n')
        .map(|(i, _)| i + 1)
}
