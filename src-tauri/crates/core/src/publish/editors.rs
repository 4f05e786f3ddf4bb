//! Code editors this machine has, to hand a project to ("Open in VS Code"): each known editor
//! found by the command it installs on PATH (or, on macOS, as an app in /Applications), and the
//! system's default text editor. The app opens them through the opener plugin; the project
//! watcher notices the edits made there.

use crate::app_info::is_executable;
use serde::Serialize;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// An editor a project can be opened in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct Editor {
    pub id: String,
    pub label: String,
    /// What the opener runs: a program's path, or (macOS) an application's name.
    pub program: String,
    /// A code editor opens the project folder; a plain text editor opens the page.
    pub opens_folder: bool,
}

impl Editor {
    /// What it opens of a project: the folder in a code editor, the page in a text editor.
    pub fn target(&self, project_root: &Path) -> PathBuf {
        if self.opens_folder {
            project_root.to_path_buf()
        } else {
            project_root.join("index.html")
        }
    }
}

/// id, label, commands on PATH, macOS application name.
const KNOWN: &[(&str, &str, &[&str], &str)] = &[
    ("vscode", "VS Code", &["code"], "Visual Studio Code"),
    ("cursor", "Cursor", &["cursor"], "Cursor"),
    ("vscodium", "VSCodium", &["codium"], "VSCodium"),
    ("zed", "Zed", &["zed", "zeditor"], "Zed"),
    ("sublime", "Sublime Text", &["subl"], "Sublime Text"),
];

/// The editors found, known ones first, then the default text editor.
pub fn find_editors(path_var: Option<&OsStr>) -> Vec<Editor> {
    let mut found = Vec::new();
    for (id, label, commands, mac_app) in KNOWN {
        let program = if cfg!(target_os = "macos") {
            let app = PathBuf::from(format!("/Applications/{mac_app}.app"));
            app.is_dir().then(|| (*mac_app).to_owned())
        } else {
            None
        }
        .or_else(|| {
            commands
                .iter()
                .find_map(|c| on_path(c, path_var))
                .map(|p| p.display().to_string())
        });
        if let Some(program) = program {
            found.push(Editor {
                id: (*id).to_owned(),
                label: (*label).to_owned(),
                program,
                opens_folder: true,
            });
        }
    }
    if let Some(editor) = default_text_editor(path_var) {
        if !found
            .iter()
            .any(|f| same_program(&f.program, &editor.program))
        {
            found.push(editor);
        }
    }
    found
}

fn same_program(a: &str, b: &str) -> bool {
    let name = |p: &str| Path::new(p).file_name().map(|n| n.to_os_string());
    name(a) == name(b)
}

/// An executable called `command` in one of PATH's folders.
pub fn on_path(command: &str, path_var: Option<&OsStr>) -> Option<PathBuf> {
    let names: Vec<String> = if cfg!(windows) {
        vec![format!("{command}.cmd"), format!("{command}.exe")]
    } else {
        vec![command.to_owned()]
    };
    std::env::split_paths(path_var?).find_map(|dir| {
        names
            .iter()
            .map(|n| dir.join(n))
            .find(|candidate| is_executable(candidate))
    })
}

/// The system's editor for plain text: on Linux the `text/plain` handler of the desktop
/// (`xdg-mime`), on macOS TextEdit, on Windows Notepad.
fn default_text_editor(path_var: Option<&OsStr>) -> Option<Editor> {
    let editor = |label: &str, program: String| Editor {
        id: "text".into(),
        label: label.to_owned(),
        program,
        opens_folder: false,
    };
    if cfg!(target_os = "macos") {
        return Some(editor("TextEdit", "TextEdit".into()));
    }
    if cfg!(windows) {
        return Some(editor("Notepad", "notepad".into()));
    }
    let xdg_mime = on_path("xdg-mime", path_var)?;
    let out = std::process::Command::new(xdg_mime)
        .args(["query", "default", "text/plain"])
        .output()
        .ok()?;
    let desktop_id = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if desktop_id.is_empty() || desktop_id.contains('/') {
        return None;
    }
    let entry = application_dirs()
        .into_iter()
        .map(|d| d.join(&desktop_id))
        .find_map(|p| std::fs::read_to_string(p).ok())?;
    let (name, exec) = desktop_entry(&entry)?;
    let program = if exec.contains('/') {
        PathBuf::from(&exec).is_file().then_some(exec)?
    } else {
        on_path(&exec, path_var)?.display().to_string()
    };
    Some(editor(&name, program))
}

/// Where desktop entries live (XDG base directories).
fn application_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    match std::env::var_os("XDG_DATA_HOME") {
        Some(home) => dirs.push(PathBuf::from(home)),
        None => {
            if let Some(home) = std::env::var_os("HOME") {
                dirs.push(PathBuf::from(home).join(".local/share"));
            }
        }
    }
    let shared =
        std::env::var("XDG_DATA_DIRS").unwrap_or_else(|_| "/usr/local/share:/usr/share".into());
    dirs.extend(
        shared
            .split(':')
            .filter(|d| !d.is_empty())
            .map(PathBuf::from),
    );
    dirs.into_iter().map(|d| d.join("applications")).collect()
}

/// The `Name` and the program of `Exec` in a desktop entry's main group; none for an editor
/// that runs in a terminal (Vim, nano): opened from the app it would have no window.
pub fn desktop_entry(text: &str) -> Option<(String, String)> {
    let mut in_main = false;
    let (mut name, mut exec) = (None, None);
    let mut terminal = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_main = line == "[Desktop Entry]";
            continue;
        }
        if !in_main {
            continue;
        }
        if let Some(value) = line.strip_prefix("Terminal=") {
            terminal = value.trim() == "true";
        } else if let Some(value) = line.strip_prefix("Name=") {
            name.get_or_insert_with(|| value.to_owned());
        } else if let Some(value) = line.strip_prefix("Exec=") {
            // `env VAR=value program %U`: the program is the first word that is not the wrapper,
            // an assignment or a field code.
            let program = value
                .split_whitespace()
                .find(|w| *w != "env" && !w.starts_with('%') && !w.contains('='))?;
            exec.get_or_insert_with(|| program.trim_matches('"').to_owned());
        }
    }
    if terminal {
        return None;
    }
    Some((name?, exec?))
}

#[cfg(test)]
#[path = "editors_tests.rs"]
mod tests;
