//! Only the app's own page may call its commands.
//!
//! Tauri's ACL grants the capabilities of `main` to every "local" origin, and it counts every
//! registered custom protocol as local: a page on `preview://localhost` (generated or imported
//! HTML) would pass it. So each invoke is checked again before its command runs: the origin the
//! request came from (the `Origin` header of the IPC request, which Tauri's own ACL reads too)
//! and the page the webview shows must both be the app's own (`tauri://localhost`, or
//! `http(s)://tauri.localhost` on Windows; the dev server in a dev build). Anything else gets a
//! `forbidden` error and the command never runs.

use crate::IpcError;
use s2c_core::ErrorCode;
use tauri::ipc::{Invoke, InvokeMessage};
use tauri::{Manager, Runtime, Url};

/// `handler`, refusing every invoke that does not come from the app's own page.
pub fn guard<R: Runtime>(
    handler: impl Fn(Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke: Invoke<R>| {
        if let Err(refusal) = check(&invoke.message) {
            tracing::warn!(
                command = invoke.message.command(),
                "an invoke from outside the app's page was refused"
            );
            invoke.resolver.reject(refusal);
            return true;
        }
        handler(invoke)
    }
}

fn check<R: Runtime>(message: &InvokeMessage<R>) -> Result<(), IpcError> {
    let webview = message.webview_ref();
    let dev_url = webview.config().build.dev_url.clone();
    let is_app = |url: &Url| is_app_url(url, dev_url.as_ref().filter(|_| tauri::is_dev()));
    // The postMessage IPC has no Origin header; its request URL is the webview's, checked below.
    if let Some(origin) = message.headers().get("origin") {
        let origin = origin.to_str().ok().and_then(|o| Url::parse(o).ok());
        if !origin.as_ref().is_some_and(is_app) {
            return Err(refused(message.command()));
        }
    }
    match webview.url() {
        Ok(page) if is_app(&page) => Ok(()),
        _ => Err(refused(message.command())),
    }
}

/// The app's own custom protocol, or (in a dev build only) the dev server's origin.
pub(crate) fn is_app_url(url: &Url, dev_url: Option<&Url>) -> bool {
    let host = url.host_str();
    match url.scheme() {
        "tauri" if host == Some("localhost") => true,
        "http" | "https" if host == Some("tauri.localhost") => true,
        _ => dev_url.is_some_and(|dev| {
            dev.scheme() == url.scheme()
                && dev.host_str() == host
                && dev.port_or_known_default() == url.port_or_known_default()
        }),
    }
}

fn refused(command: &str) -> IpcError {
    IpcError::new(
        ErrorCode::Forbidden,
        &format!("“{command}” can only be called from the app's own page"),
    )
}

#[cfg(test)]
#[path = "ipc_origin_tests.rs"]
mod tests;
