//! What a module exports, and which names it imports from each specifier, read from oxc's module
//! record (before the transform, which adds and drops imports). The preview uses them to tell a
//! streamed file that compiles but is not finished — `import …` lines and no `export default`
//! yet — from one the rest of the tree can import (`crate::exports`).

use oxc::syntax::module_record::{
    ExportEntry, ExportExportName, ExportImportName, ImportImportName, ModuleRecord,
};
use std::collections::{BTreeSet, HashMap};

/// The names a module exports (`default` for its default export). Type exports count too: an
/// importer may name a type without `import type`, and the transform drops that import.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Exports {
    pub names: BTreeSet<String>,
    /// It has `export * from "…"`: it may export any name.
    pub open: bool,
}

impl Exports {
    /// Whether an importer that asks for `name` finds it.
    pub fn has(&self, name: &str) -> bool {
        self.open || self.names.contains(name)
    }
}

pub(super) fn exports_of(record: &ModuleRecord) -> Exports {
    let mut exports = Exports::default();
    let entries: [&[ExportEntry]; 3] = [
        &record.local_export_entries,
        &record.indirect_export_entries,
        &record.star_export_entries,
    ];
    for entry in entries.into_iter().flatten() {
        match &entry.export_name {
            ExportExportName::Name(name) => {
                exports.names.insert(name.name.to_string());
            }
            ExportExportName::Default(_) => {
                exports.names.insert("default".to_string());
            }
            ExportExportName::Null => {
                if matches!(entry.import_name, ExportImportName::AllButDefault) {
                    exports.open = true;
                }
            }
        }
    }
    exports
}

/// Specifier → the names a value import or a re-export takes from it (namespace imports and
/// type-only imports take no particular name).
pub(super) fn imported_names(record: &ModuleRecord) -> HashMap<String, Vec<String>> {
    let mut names: HashMap<String, Vec<String>> = HashMap::new();
    for entry in record.import_entries.iter().filter(|e| !e.is_type) {
        let name = match &entry.import_name {
            ImportImportName::Name(name) => name.name.to_string(),
            ImportImportName::Default(_) => "default".to_string(),
            ImportImportName::NamespaceObject => continue,
        };
        names
            .entry(entry.module_request.name.to_string())
            .or_default()
            .push(name);
    }
    for entry in record.indirect_export_entries.iter().filter(|e| !e.is_type) {
        if let (Some(request), ExportImportName::Name(name)) =
            (&entry.module_request, &entry.import_name)
        {
            names
                .entry(request.name.to_string())
                .or_default()
                .push(name.name.to_string());
        }
    }
    names
}
