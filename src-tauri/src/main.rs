// Keep Windows release builds from opening a console next to the window.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    // Before any thread starts (arenas made earlier stay): the fidelity rounds' freed memory.
    s2c_core::allocator::bound();
    // The Linux packages install `s2c` as a link to this binary: called by that name, it is the
    // command line (one binary in the package instead of two copies of the core).
    if s2c_desktop::called_as_cli(std::env::args_os().next().as_deref()) {
        return s2c_cli::run();
    }
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
