// Keep Windows release builds from opening a console next to the window.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    s2c_core::uptime::mark_start();
    s2c_desktop::webview_env::configure();
    match s2c_desktop::run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Screenshot to Code could not start: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
