//! The title a tool card shows while a call runs ("Editing about.html"), for `tool_start`.
//! Works before the arguments are known (they may still be streaming).

use crate::vocab::ToolName;
use serde_json::Value;

pub fn tool_title(name: &str, args: Option<&Value>) -> String {
    let Ok(tool) = name.parse::<ToolName>() else {
        return format!("Calling {name}");
    };
    let path = || {
        args.and_then(|a| a.get("path"))
            .and_then(Value::as_str)
            .unwrap_or(crate::vocab::DEFAULT_FILE)
    };
    // The project tools have no default file: without a path the card says what it does.
    let named = |verb: &str, nothing: &str| match args
        .and_then(|a| a.get("path"))
        .and_then(Value::as_str)
    {
        Some(path) => format!("{verb} {path}"),
        None => format!("{verb} {nothing}"),
    };
    let count = |key: &str| {
        args.and_then(|a| a.get(key))
            .and_then(Value::as_array)
            .map(Vec::len)
    };
    let images = |verb: &str, key: &str| match count(key) {
        Some(1) => format!("{verb} 1 image"),
        Some(n) => format!("{verb} {n} images"),
        None => format!("{verb} images"),
    };
    match tool {
        ToolName::CreateFile => format!("Writing {}", path()),
        ToolName::EditFile => format!("Editing {}", path()),
        ToolName::RetrieveOption => match args
            .and_then(|a| a.get("option_number"))
            .and_then(Value::as_i64)
        {
            Some(n) => format!("Reading option {n}"),
            None => "Reading another option".to_owned(),
        },
        ToolName::SaveAssets => images("Saving", "asset_ids"),
        ToolName::GenerateImages => images("Generating", "prompts"),
        ToolName::EditImage => images("Editing", "image_urls"),
        ToolName::RemoveBackground => images("Removing the background of", "image_urls"),
        ToolName::ExtractAssets => match count("asset_descriptions") {
            Some(1) => "Extracting 1 asset".to_owned(),
            Some(n) => format!("Extracting {n} assets"),
            None => "Extracting assets".to_owned(),
        },
        ToolName::ScreenshotPreview => "Checking the preview".to_owned(),
        ToolName::CheckFidelity => "Comparing with the screenshot".to_owned(),
        ToolName::ReadFile => named("Reading", "a file"),
        ToolName::ListFiles => "Listing the project's files".to_owned(),
        ToolName::DeleteFile => named("Deleting", "a file"),
        ToolName::RenameFile => match (
            args.and_then(|a| a.get("from")).and_then(Value::as_str),
            args.and_then(|a| a.get("to")).and_then(Value::as_str),
        ) {
            (Some(from), Some(to)) => format!("Renaming {from} to {to}"),
            (Some(from), None) => format!("Renaming {from}"),
            _ => "Renaming a file".to_owned(),
        },
    }
}

#[cfg(test)]
#[path = "titles_tests.rs"]
mod tests;
