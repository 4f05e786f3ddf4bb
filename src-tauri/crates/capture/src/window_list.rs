//! Which windows the "pick a window" list offers: visible, big enough to be a page, titled, and
//! none of the app's own (the app hides while it captures, so a picture of it would be blank).

use serde::Serialize;

/// Windows smaller than this on either side are tool tips, docks and tray icons.
const MIN_SIDE: u32 = 48;
/// The list is for a person to read.
const MAX_CHOICES: usize = 40;

/// What the capture crate says about one window, gathered before filtering.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowFacts {
    pub id: u32,
    pub pid: u32,
    pub title: String,
    pub app_name: String,
    pub width: u32,
    pub height: u32,
    pub minimized: bool,
}

/// A window the user can pick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct WindowChoice {
    pub id: u32,
    /// The window's title, or its application's name when it has none.
    pub title: String,
    pub app_name: String,
    pub width: u32,
    pub height: u32,
}

/// The windows worth offering, front to back as given, without the app's own (`own_pid`).
pub fn choices(windows: impl IntoIterator<Item = WindowFacts>, own_pid: u32) -> Vec<WindowChoice> {
    windows
        .into_iter()
        .filter(|w| w.pid != own_pid && !w.minimized)
        .filter(|w| w.width >= MIN_SIDE && w.height >= MIN_SIDE)
        .filter_map(|w| {
            let title = clean(&w.title);
            let app_name = clean(&w.app_name);
            let shown = if title.is_empty() {
                app_name.clone()
            } else {
                title
            };
            (!shown.is_empty()).then_some(WindowChoice {
                id: w.id,
                title: shown,
                app_name,
                width: w.width,
                height: w.height,
            })
        })
        .take(MAX_CHOICES)
        .collect()
}

/// A title as the list shows it: one line, no control characters, at most 120 characters.
fn clean(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let trimmed = one_line.split_whitespace().collect::<Vec<_>>().join(" ");
    match trimmed.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &trimmed[..at]),
        None => trimmed,
    }
}

#[cfg(test)]
#[path = "window_list_tests.rs"]
mod tests;
