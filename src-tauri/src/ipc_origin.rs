//! Only the app's own page may call its commands.
//!
//! Tauri's ACL grants the capabilities of `main` to every "local" origin, and it counts every
//! registered custom protocol as local: a page on `preview://localhost` (generated or imported
//! HTML) would pass it. So each invoke is checked again before its command runs: the origin the
//! request came from (the `Origin` header of the IPC request, which Tauri's own ACL reads too)
//! and the page the webview shows must both be the app's own (`tauri://localhost`, or
//! `http(s)://tauri.localhost` on Windows; the dev server in a dev build). Anything else gets a
//! `forbidden` error and the command never runs. Plugins' commands (dialog, clipboard, opener…)
//! do not pass through the app's invoke handler, so each plugin is wrapped in [`OwnPageOnly`],
//! which makes the same check before the plugin sees the invoke.

use crate::IpcError;
use s2c_core::ErrorCode;
use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};
use tauri::ipc::{Invoke, InvokeMessage};
use tauri::plugin::Plugin;
use tauri::webview::PageLoadPayload;
use tauri::{AppHandle, Manager, RunEvent, Runtime, Url, Webview, Window};
use tauri_runtime::webview::InitializationScript;

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

/// The webviews whose own page is not the app's, from the moment such a page is theirs until
/// the app's page is again (the navigation guard keeps it). While a webview goes back to the
/// app, WebKit already gives the app's address as its URL though the other page still runs:
/// this mark is what refuses that page then.
#[derive(Default)]
pub struct AwayFromApp(Mutex<HashSet<String>>);

impl AwayFromApp {
    pub fn left(&self, label: &str) {
        self.labels().insert(label.to_owned());
    }

    pub fn back(&self, label: &str) {
        self.labels().remove(label);
    }

    pub fn is_away(&self, label: &str) -> bool {
        self.labels().contains(label)
    }

    fn labels(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// A plugin whose commands answer the app's own page only; everything else it does is its own.
pub struct OwnPageOnly<P>(pub P);

impl<R: Runtime, P: Plugin<R>> Plugin<R> for OwnPageOnly<P> {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn initialize(
        &mut self,
        app: &AppHandle<R>,
        config: serde_json::Value,
    ) -> Result<(), Box<dyn std::error::Error>> {
        self.0.initialize(app, config)
    }

    fn initialization_script_2(&self) -> Option<InitializationScript> {
        self.0.initialization_script_2()
    }

    fn window_created(&mut self, window: Window<R>) {
        self.0.window_created(window)
    }

    fn webview_created(&mut self, webview: Webview<R>) {
        self.0.webview_created(webview)
    }

    fn on_navigation(&mut self, webview: &Webview<R>, url: &Url) -> bool {
        self.0.on_navigation(webview, url)
    }

    fn on_page_load(&mut self, webview: &Webview<R>, payload: &PageLoadPayload<'_>) {
        self.0.on_page_load(webview, payload)
    }

    fn on_event(&mut self, app: &AppHandle<R>, event: &RunEvent) {
        self.0.on_event(app, event)
    }

    fn extend_api(&mut self, invoke: Invoke<R>) -> bool {
        if let Err(refusal) = check(&invoke.message) {
            tracing::warn!(
                plugin = Plugin::<R>::name(&self.0),
                command = invoke.message.command(),
                "a plugin invoke from outside the app's page was refused"
            );
            invoke.resolver.reject(refusal);
            return true;
        }
        self.0.extend_api(invoke)
    }
}

fn check<R: Runtime>(message: &InvokeMessage<R>) -> Result<(), IpcError> {
    let webview = message.webview_ref();
    if webview
        .try_state::<AwayFromApp>()
        .is_some_and(|away| away.is_away(webview.label()))
    {
        return Err(refused(message.command()));
    }
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
