//! How a variant reads its siblings' code (retrieve_option). The engine owns the variants, so
//! it implements the trait; [`SharedOptions`] is a ready-made one it can use.

use std::collections::BTreeMap;
use std::sync::RwLock;

/// A file of another option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiblingFile {
    pub path: String,
    pub content: String,
}

pub trait SiblingFiles: Send + Sync {
    /// How many options this generation has.
    fn option_count(&self) -> u32;

    /// The current files of option `option_number` (from 1); `None` if there is no such option,
    /// an empty list if it has written nothing yet.
    fn files(&self, option_number: u32) -> Option<Vec<SiblingFile>>;
}

/// A generation with a single variant.
pub struct NoSiblings;

impl SiblingFiles for NoSiblings {
    fn option_count(&self) -> u32 {
        1
    }

    fn files(&self, _option_number: u32) -> Option<Vec<SiblingFile>> {
        None
    }
}

/// The latest files of every variant, updated by the engine whenever it emits `set_code`.
pub struct SharedOptions {
    options: RwLock<Vec<BTreeMap<String, String>>>,
}

impl SharedOptions {
    pub fn new(option_count: u32) -> Self {
        Self {
            options: RwLock::new(vec![BTreeMap::new(); option_count as usize]),
        }
    }

    /// Records `content` as variant `variant`'s (from 0) file `path`.
    pub fn set_file(&self, variant: u32, path: &str, content: &str) {
        let mut options = self
            .options
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(files) = options.get_mut(variant as usize) {
            files.insert(path.to_owned(), content.to_owned());
        }
    }
}

impl SiblingFiles for SharedOptions {
    fn option_count(&self) -> u32 {
        let options = self
            .options
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        u32::try_from(options.len()).unwrap_or(u32::MAX)
    }

    fn files(&self, option_number: u32) -> Option<Vec<SiblingFile>> {
        let options = self
            .options
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let index = (option_number as usize).checked_sub(1)?;
        options.get(index).map(|files| {
            files
                .iter()
                .map(|(path, content)| SiblingFile {
                    path: path.clone(),
                    content: content.clone(),
                })
                .collect()
        })
    }
}
