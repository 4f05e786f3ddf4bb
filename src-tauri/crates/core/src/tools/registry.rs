//! Tool implementations by name: the file tools built in, the image and screenshot tools added
//! by whoever can run them (`media_tools.rs`).

use super::create_file::CreateFile;
use super::edit_file::EditFile;
use super::retrieve_option::RetrieveOption;
use super::save_assets::SaveAssets;
use super::tool::Tool;
use super::tree_tools::{DeleteFile, ListFiles, ReadFile, RenameFile};
use crate::vocab::ToolName;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Tool implementations by name. The file tools are built in; the image and screenshot tools
/// register themselves, and a tool is only offered once it is registered.
#[derive(Clone, Default)]
pub struct ToolRegistry {
    tools: BTreeMap<ToolName, Arc<dyn Tool>>,
}

impl ToolRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// create_file, edit_file, retrieve_option and save_assets, and the project tree's
    /// read_file, list_files, delete_file and rename_file (offered only on a project stack:
    /// `ToolCapabilities::project`).
    pub fn with_file_tools() -> Self {
        let mut registry = Self::new();
        registry.register(Arc::new(CreateFile));
        registry.register(Arc::new(EditFile));
        registry.register(Arc::new(RetrieveOption));
        registry.register(Arc::new(SaveAssets));
        registry.register(Arc::new(ReadFile));
        registry.register(Arc::new(ListFiles));
        registry.register(Arc::new(DeleteFile));
        registry.register(Arc::new(RenameFile));
        registry
    }

    /// Adds a tool, replacing any earlier one of the same name.
    pub fn register(&mut self, tool: Arc<dyn Tool>) {
        self.tools.insert(tool.name(), tool);
    }

    pub fn contains(&self, name: ToolName) -> bool {
        self.tools.contains_key(&name)
    }

    pub(super) fn get(&self, name: ToolName) -> Option<&Arc<dyn Tool>> {
        self.tools.get(&name)
    }
}
