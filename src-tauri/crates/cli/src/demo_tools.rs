//! The tools `s2c ask --tools` declares: a small stand-in for the app's canonical file tools,
//! enough to see how a provider streams tool calls. (The real definitions live with the engine.)

use s2c_core::vocab::CanonicalTool;
use serde_json::json;

pub fn tools() -> Vec<CanonicalTool> {
    vec![
        CanonicalTool {
            name: "create_file".into(),
            description: "Create a file (or replace it) with the given content.".into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "Relative path; index.html when omitted."},
                    "content": {"type": "string", "description": "The whole file."}
                },
                "required": ["content"]
            }),
        },
        CanonicalTool {
            name: "edit_file".into(),
            description: "Replace exact text in a file.".into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "path": {"type": "string", "description": "Relative path; index.html when omitted."},
                    "old_text": {"type": "string", "description": "Text to find, exactly."},
                    "new_text": {"type": "string", "description": "Replacement text."},
                    "count": {"type": "integer", "description": "Occurrences to replace; -1 for all."}
                },
                "required": ["old_text", "new_text"]
            }),
        },
    ]
}
