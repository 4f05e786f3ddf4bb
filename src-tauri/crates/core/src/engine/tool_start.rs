//! When a streamed call's `tool_start` goes out, and with which title. The card should name
//! what the call works on ("Editing about.html", "Generating 3 images"), so the start waits
//! for the first arguments: a file tool's for its path (bounded: the content, or a few hundred
//! bytes without a path, end the wait), any other tool's for its first piece, which is the
//! whole call when the vendor sends calls whole (Gemini).

use super::partial_json::CreateFileArgsDecoder;
use crate::vocab::ToolName;
use serde_json::{json, Value};

/// Bytes of arguments a file tool's start waits for the path before going out without it.
const PATH_WAIT_BYTES: usize = 256;

/// A call whose `tool_start` has not gone out yet.
pub(crate) struct PendingStart {
    pub call_id: String,
    pub name: String,
    /// Waits for a path (create_file, edit_file, and a project's read_file and delete_file).
    file_tool: bool,
    /// Reads edit_file's path out of its arguments (create_file's is read by the preview's
    /// decoder and passed in).
    path_probe: Option<CreateFileArgsDecoder>,
    scratch: String,
    seen: usize,
}

/// The file tools whose `path` the start reads out of the arguments itself (create_file's is
/// read by the preview's decoder).
fn reads_path(name: &str) -> bool {
    [ToolName::EditFile, ToolName::ReadFile, ToolName::DeleteFile]
        .iter()
        .any(|tool| tool.as_str() == name)
}

impl PendingStart {
    pub fn new(call_id: &str, name: &str) -> Self {
        let is = |tool: ToolName| tool.as_str() == name;
        Self {
            call_id: call_id.to_owned(),
            name: name.to_owned(),
            file_tool: is(ToolName::CreateFile) || reads_path(name),
            path_probe: reads_path(name).then(CreateFileArgsDecoder::new),
            scratch: String::new(),
            seen: 0,
        }
    }

    /// Feeds one argument delta. `known_path` is create_file's path as the preview read it;
    /// `content_started` says the preview is about to get code. Returns the title once the start
    /// should go out: the path is known, the code starts, or the wait is over.
    pub fn feed(
        &mut self,
        delta: &str,
        known_path: Option<&str>,
        content_started: bool,
    ) -> Option<String> {
        if delta.is_empty() && !content_started {
            return None;
        }
        let first = self.seen == 0;
        self.seen += delta.len();
        if !self.file_tool {
            // The first piece is the whole call for vendors that send calls whole; for the
            // others it does not parse and the title goes without arguments.
            let args = first
                .then(|| serde_json::from_str::<Value>(delta).ok())
                .flatten();
            return Some(crate::tools::tool_title(&self.name, args.as_ref()));
        }
        let mut broken = false;
        if let Some(probe) = self.path_probe.as_mut() {
            self.scratch.clear();
            broken = probe.push_into(delta, &mut self.scratch).is_err();
        }
        if let Some(path) = known_path.or_else(|| self.probed_path()) {
            let args = json!({ "path": path });
            return Some(crate::tools::tool_title(&self.name, Some(&args)));
        }
        (content_started || broken || self.seen >= PATH_WAIT_BYTES)
            .then(|| crate::tools::tool_title(&self.name, None))
    }

    fn probed_path(&self) -> Option<&str> {
        self.path_probe
            .as_ref()
            .and_then(CreateFileArgsDecoder::path)
    }

    /// The title when the start cannot wait any longer (another call begins).
    pub fn title_now(&self, known_path: Option<&str>) -> String {
        let args = known_path
            .or_else(|| self.probed_path())
            .map(|path| json!({ "path": path }));
        crate::tools::tool_title(&self.name, args.as_ref())
    }
}

#[cfg(test)]
#[path = "tool_start_tests.rs"]
mod tests;
