//! A Replicate model as the API addresses it: official models by `owner/name` (always their
//! current version), community models by a pinned `version`.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplicateModel {
    pub owner: &'static str,
    pub name: &'static str,
    /// Pinned version for community models; `None` for official models (always current).
    pub version: Option<&'static str>,
}

impl ReplicateModel {
    pub fn slug(&self) -> String {
        format!("{}/{}", self.owner, self.name)
    }
}
