//! The view itself: GTK and WebKit objects, made and touched only on the window's main thread
//! (they are not `Send`; each call reaches it through Tauri's `with_webview`).

use super::{judge, stage_html, Navigation, PageHost, PreviewBounds, Scale, Shared};
use crate::preview::{Previews, SCHEME};
use crate::state::AppState;
use gtk::gio;
use gtk::glib;
use gtk::prelude::*;
use javascriptcore::ValueExt;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use tauri::http::Response;
use tauri::{AppHandle, Manager, Runtime};
use webkit2gtk::{
    CacheModel, DownloadExt, LoadEvent, NavigationPolicyDecision, NavigationPolicyDecisionExt,
    PermissionRequestExt, PolicyDecisionExt, PolicyDecisionType, SecurityManagerExt, SettingsExt,
    URIRequestExt, URISchemeRequest, URISchemeRequestExt, URISchemeResponse, URISchemeResponseExt,
    WebContext, WebContextExt, WebView, WebViewExt,
};

/// Ask the page to follow its newest version in place (the bridge's `s2c-refresh`, answered to
/// the stage that frames it). Settles false when it could not (a page with scripts of its own):
/// the app then loads it again, if it is still the page asked for. A page that never answers
/// (its own scripts broke the bridge) is given up on after a while.
const FOLLOW: &str = r#"return new Promise((settle) => {
  const page = document.querySelector("iframe")?.contentWindow;
  if (!page) return settle(false);
  const answered = (e) => {
    if (e.source !== page || !e.data || e.data.type !== "s2c-refreshed") return;
    window.removeEventListener("message", answered);
    settle(e.data.ok === true);
  };
  window.addEventListener("message", answered);
  setTimeout(() => settle(true), 10000);
  page.postMessage({ type: "s2c-refresh" }, "*");
});"#;

/// Resolves once the page has drawn a frame at the view's new size and scale (`width`,
/// `height`: the box the view was just given; `layout`: the scale's key, see [`Scale`]): the
/// animation frame after the first one that sees both, so that one has been laid out and
/// painted. In a world of its own, so the page's scripts can neither stall nor fake it (they
/// run in a frame of another origin besides).
const DRAWN: &str = r#"return new Promise((drawn) => {
  const until = performance.now() + 5000;
  const check = () => {
    const frame = document.querySelector("iframe");
    const at = frame !== null && document.body?.dataset.scale === layout
      && Math.abs(innerWidth - width) <= 2 && Math.abs(innerHeight - height) <= 2;
    if (at || performance.now() > until) requestAnimationFrame(() => drawn(at));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
});"#;

/// Gives the stage's frame a new layout size and scale (`width`, `height`, `zoom`, and `key`,
/// which [`DRAWN`] looks for).
const RESCALE: &str = r#"if (!document.body) return false;
const s = document.body.style;
s.setProperty("--w", width + "px");
s.setProperty("--h", height + "px");
s.setProperty("--z", String(zoom));
document.body.dataset.scale = key;
return true;"#;

/// The world the app's scripts run in on the stage, apart from anything the stage holds.
const STAGE_WORLD: &str = "s2c-stage";

/// A page that does not draw in this long (busy, or loading) is shown as it is. Pages drew
/// within 41–816 ms of a change while three options wrote (docs/PERFORMANCE.md, tenth pass).
const SETTLE_AT_MOST_MS: u64 = 1_200;

/// Where a view waiting for its page to be laid out again goes: beside the window's left
/// edge, out of sight but still on screen for WebKit, which keeps drawing it.
const WAITING_X_GAP: i32 = 64;

/// The sandbox a frame's `sandbox="allow-scripts"` gives, for a page that is its own window.
const PAGE_SANDBOX: &str = "sandbox allow-scripts";

/// How many of the pages the app asked for lately are known as its own (superseded) loads.
const RECENT_ASKED: usize = 8;

pub struct GtkHost<R: Runtime> {
    app: AppHandle<R>,
    shared: Shared,
}

impl<R: Runtime> GtkHost<R> {
    pub fn new(app: AppHandle<R>, shared: Shared) -> Self {
        Self { app, shared }
    }

    /// Run `job` on the main thread with the window's own web view.
    fn on_main(&self, job: impl FnOnce(&AppHandle<R>, &Shared, &WebView) + Send + 'static) {
        let Some(window) = self.app.get_webview_window("main") else {
            return;
        };
        let app = self.app.clone();
        let shared = self.shared.clone();
        if let Err(error) =
            window.with_webview(move |platform| job(&app, &shared, &platform.inner()))
        {
            tracing::warn!(%error, "the preview's view could not be reached");
        }
    }
}

impl<R: Runtime> PageHost for GtkHost<R> {
    fn show(&self, url: String, folder: String, bounds: PreviewBounds, zoom: f64) {
        self.on_main(move |app, shared, window_view| {
            let Some(view) = page_view(app, shared, window_view) else {
                return;
            };
            // A view out of sight shows nothing of the page it had: a new page there would show
            // blank until its first frame (~0.5 s on opening a project, the web process
            // starting), over the picture the box beneath shows meanwhile.
            let was_hidden = !view.web.is_visible();
            place(&view, bounds, zoom);
            let new_page = view.asked.borrow().as_deref() != Some(url.as_str());
            if new_page {
                let mut asked = view.recent.borrow_mut();
                asked.push(url.clone());
                if asked.len() > RECENT_ASKED {
                    asked.remove(0);
                }
                drop(asked);
                *view.folder.borrow_mut() = folder;
                *view.asked.borrow_mut() = Some(url.clone());
                view.follow_after_load.set(false);
                load_stage(&view, &url);
                if was_hidden {
                    wait_until_drawn(&view, rect_of(bounds), Ask::WhenLoaded);
                    shared.update(|s| s.page_waits += 1);
                }
            }
            view.web.show();
            shared.update(|s| {
                s.url = Some(url);
                s.shown = true;
                s.bounds = Some(bounds);
                s.zoom = zoom;
                if new_page {
                    s.loads += 1;
                }
            });
        });
    }

    fn refresh(&self) {
        self.on_main(|_, shared, _| {
            if let Some(view) = existing() {
                follow(&view, shared);
            }
        });
    }

    fn hide(&self) {
        self.on_main(|_, shared, _| {
            if let Some(view) = existing() {
                view.web.hide();
            }
            shared.update(|s| s.shown = false);
        });
    }
}

/// The view and what it was asked to show; cheap to clone (GTK objects are references).
#[derive(Clone)]
struct PageView {
    web: WebView,
    /// The variant folder its navigations stay in.
    folder: Rc<RefCell<String>>,
    /// The pages the app asked for lately, newest last (see [`Navigation::Superseded`]).
    recent: Rc<RefCell<Vec<String>>>,
    asked: Rc<RefCell<Option<String>>>,
    follow_after_load: Rc<Cell<bool>>,
    /// Counts the view's changes of size and scale: a wait ends the latest one only.
    resizes: Rc<Cell<u64>>,
    /// The page's layout size and scale on the stage, as last given.
    scale: Rc<Cell<Option<Scale>>>,
    shared: Shared,
}

thread_local! {
    static VIEW: RefCell<Option<PageView>> = const { RefCell::new(None) };
    /// Where the view goes in the overlay: x, y, width, height in the window's pixels.
    static PLACE: Cell<Option<(i32, i32, i32, i32)>> = const { Cell::new(None) };
    /// The view is waiting beside the window until its page has been drawn at a new size.
    static WAITING: Cell<bool> = const { Cell::new(false) };
    static WAIT_SINCE: Cell<Option<std::time::Instant>> = const { Cell::new(None) };
    /// Scheme requests waiting for their answer from a worker thread.
    static PENDING: RefCell<HashMap<u64, URISchemeRequest>> = RefCell::new(HashMap::new());
}

static NEXT_REQUEST: AtomicU64 = AtomicU64::new(0);

fn existing() -> Option<PageView> {
    VIEW.with(|v| v.borrow().clone())
}

/// The page follows its newest version: in place, or by loading again when it cannot. A page
/// still loading follows once it has loaded (what it loads may already be older).
fn follow(view: &PageView, shared: &Shared) {
    if view.asked.borrow().is_none() {
        return;
    }
    if view.web.is_loading() {
        view.follow_after_load.set(true);
        return;
    }
    let asked_then = view.asked.borrow().clone();
    let (again, reloaded) = (view.clone(), shared.clone());
    view.web.call_async_javascript_function(
        FOLLOW,
        None,
        Some(STAGE_WORLD),
        None,
        None::<&gio::Cancellable>,
        move |followed| {
            let in_place = followed.is_ok_and(|v| v.to_boolean());
            let still = again.asked.borrow().clone();
            if !in_place && still == asked_then {
                if let Some(url) = still {
                    load_stage(&again, &url);
                    reloaded.update(|s| s.loads += 1);
                }
            }
        },
    );
    shared.update(|s| s.follows += 1);
}

/// The view, made the first time: laid over the window's own view in an overlay.
fn page_view<R: Runtime>(
    app: &AppHandle<R>,
    shared: &Shared,
    window_view: &WebView,
) -> Option<PageView> {
    if let Some(view) = existing() {
        return Some(view);
    }
    let overlay = overlay_over(window_view)?;
    let folder = Rc::new(RefCell::new(String::new()));
    let recent = Rc::new(RefCell::new(Vec::new()));
    let web = new_web_view(app, shared, folder.clone(), recent.clone());
    // Filling what `get-child-position` gives it (another alignment would shrink it to its
    // natural size inside that).
    web.set_halign(gtk::Align::Fill);
    web.set_valign(gtk::Align::Fill);
    overlay.add_overlay(&web);
    let placed = web.downgrade();
    overlay.connect_get_child_position(move |_, child| {
        let web = placed.upgrade()?;
        if child != web.upcast_ref::<gtk::Widget>() {
            return None;
        }
        let (x, y, width, height) = PLACE.with(Cell::get)?;
        let x = if WAITING.with(Cell::get) {
            -width - WAITING_X_GAP
        } else {
            x
        };
        Some(gtk::gdk::Rectangle::new(x, y, width, height))
    });
    // The window's view keeps the pointer and keys it had.
    overlay.set_overlay_pass_through(&web, false);
    let view = PageView {
        web,
        folder,
        recent,
        asked: Rc::new(RefCell::new(None)),
        follow_after_load: Rc::new(Cell::new(false)),
        resizes: Rc::new(Cell::new(0)),
        scale: Rc::new(Cell::new(None)),
        shared: shared.clone(),
    };
    VIEW.with(|v| *v.borrow_mut() = Some(view.clone()));
    Some(view)
}

/// An overlay holding the window's view, put where the view was.
fn overlay_over(window_view: &WebView) -> Option<gtk::Overlay> {
    let parent = window_view.parent()?;
    if let Ok(overlay) = parent.clone().downcast::<gtk::Overlay>() {
        return Some(overlay);
    }
    let Ok(container) = parent.downcast::<gtk::Box>() else {
        tracing::warn!("the window's view is not in a box; the preview stays in the window");
        return None;
    };
    let had_focus = window_view.has_focus();
    container.remove(window_view);
    let overlay = gtk::Overlay::new();
    overlay.add(window_view);
    container.pack_start(&overlay, true, true, 0);
    overlay.show();
    window_view.show();
    if had_focus {
        window_view.grab_focus();
    }
    Some(overlay)
}

fn new_web_view<R: Runtime>(
    app: &AppHandle<R>,
    shared: &Shared,
    folder: Rc<RefCell<String>>,
    recent: Rc<RefCell<Vec<String>>>,
) -> WebView {
    // Ephemeral: nothing a page stores outlives the view, and no other view shares it.
    let context = WebContext::new_ephemeral();
    context.set_cache_model(CacheModel::DocumentViewer);
    if let Some(security) = context.security_manager() {
        security.register_uri_scheme_as_secure(SCHEME);
        security.register_uri_scheme_as_cors_enabled(SCHEME);
    }
    let serving = app.clone();
    context.register_uri_scheme(SCHEME, move |request| serve(&serving, request));
    context.connect_download_started(|_, download| download.cancel());

    let web = WebView::with_context(&context);
    if let Some(settings) = WebViewExt::settings(&web) {
        settings.set_enable_developer_extras(false);
        settings.set_javascript_can_open_windows_automatically(false);
        settings.set_enable_webrtc(false);
        settings.set_enable_media_stream(false);
        settings.set_enable_html5_database(false);
        settings.set_allow_file_access_from_file_urls(false);
        settings.set_allow_universal_access_from_file_urls(false);
    }
    let decided = shared.clone();
    web.connect_decide_policy(move |_, decision, kind| match kind {
        PolicyDecisionType::NavigationAction => {
            let target = decision
                .downcast_ref::<NavigationPolicyDecision>()
                .and_then(|d| d.navigation_action())
                .and_then(|a| a.request())
                .and_then(|r| r.uri())
                .map(|u| u.to_string())
                .unwrap_or_default();
            match judge(&folder.borrow(), &recent.borrow(), &target) {
                Navigation::Go => {
                    // The stage's own load is `about:blank`; the page's are its frame's.
                    if target != "about:blank" {
                        decided.update(|s| s.at = Some(target));
                    }
                    false
                }
                Navigation::Superseded => {
                    decision.ignore();
                    true
                }
                Navigation::Refused => {
                    decision.ignore();
                    decided.update(|s| s.refused += 1);
                    tracing::warn!("the preview's page tried to leave its variant; refused");
                    true
                }
            }
        }
        PolicyDecisionType::NewWindowAction => {
            decision.ignore();
            decided.update(|s| s.refused += 1);
            true
        }
        _ => false,
    });
    let loaded = shared.clone();
    web.connect_load_changed(move |_, event| {
        if event == LoadEvent::Finished {
            let Some(view) = existing() else {
                return;
            };
            // The stage was written with the scale of its load's start; the box may have moved
            // since.
            rescale(&view);
            if view.follow_after_load.replace(false) {
                follow(&view, &loaded);
            }
            // A wait for the page to draw at a new size asked the document this load replaced.
            if let Some(rect) = PLACE.with(Cell::get).filter(|_| WAITING.with(Cell::get)) {
                ask_drawn(&view, rect);
            }
        }
    });
    web.connect_create(|_, _| None);
    web.connect_permission_request(|_, request| {
        request.deny();
        true
    });
    web.connect_context_menu(|_, _, _, _| true);
    let restarted = shared.clone();
    web.connect_web_process_terminated(move |_, reason| {
        tracing::warn!(
            ?reason,
            "the preview's web process ended; loading the page again"
        );
        restarted.update(|s| s.restarts += 1);
        if let Some(view) = existing() {
            if let Some(url) = view.asked.borrow().clone() {
                load_stage(&view, &url);
            }
        }
    });
    web
}

/// The box in the window's pixels: x, y, width, height.
fn rect_of(bounds: PreviewBounds) -> (i32, i32, i32, i32) {
    (
        bounds.x.round() as i32,
        bounds.y.round() as i32,
        (bounds.width.round() as i32).max(1),
        (bounds.height.round() as i32).max(1),
    )
}

fn place(view: &PageView, bounds: PreviewBounds, zoom: f64) {
    // The overlay asks where the view goes (`get-child-position`, answered in `page_view`):
    // exactly the box. Margins and a size request would only set a minimum, and a view that
    // was larger before (the Desktop preview, then a phone) would keep its old size.
    let rect = rect_of(bounds);
    let web = &view.web;
    let before = PLACE.with(|p| p.replace(Some(rect)));
    let scale = Scale::of(&bounds, zoom);
    let rescaled = view.scale.replace(Some(scale)) != Some(scale);
    let resized = before.is_some_and(|(_, _, w, h)| (w, h) != (rect.2, rect.3)) || rescaled;
    if before != Some(rect) || resized {
        web.queue_resize();
    }
    if rescaled {
        rescale(view);
    }
    // Until its process has laid the page out again at the new size (up to a second while
    // options write), WebKit shows the old picture at the old size and leaves the rest black.
    // The view waits out of sight meanwhile, and the box beneath shows the page's picture.
    // Hidden meanwhile (the Code view), it shows that old picture again when it comes back:
    // the page draws when the view is shown, and the wait ends then. A new page in a view that
    // was out of sight waits too (`show`).
    if resized && view.asked.borrow().is_some() {
        wait_until_drawn(view, rect, Ask::Now);
    }
}

/// Load the stage holding the page at `url`, at the scale last given.
fn load_stage(view: &PageView, url: &str) {
    let scale = view.scale.get().unwrap_or(Scale {
        width: 1.0,
        height: 1.0,
        zoom: 1.0,
    });
    view.web.load_html(&stage_html(url, &scale), None);
}

/// Give the stage's page the layout size and scale last given.
fn rescale(view: &PageView) {
    let Some(scale) = view.scale.get() else {
        return;
    };
    let given = glib::VariantDict::new(None);
    given.insert("width", scale.width);
    given.insert("height", scale.height);
    given.insert("zoom", scale.zoom);
    given.insert("key", scale.key());
    view.web.call_async_javascript_function(
        RESCALE,
        Some(&given.end()),
        Some(STAGE_WORLD),
        None,
        None::<&gio::Cancellable>,
        |result| {
            if let Err(error) = result {
                tracing::debug!(%error, "the stage could not take its new scale");
            }
        },
    );
}

/// When a wait asks the page whether it has drawn.
#[derive(Clone, Copy, PartialEq)]
enum Ask {
    /// The document there now is the one to draw.
    Now,
    /// A load was just started: asked now, the document it replaces would answer. The load
    /// asks when it finishes (`connect_load_changed`).
    WhenLoaded,
}

/// Take the view out of sight until its page has drawn a frame at the size and scale just
/// asked for, or `SETTLE_AT_MOST_MS` has passed.
fn wait_until_drawn(view: &PageView, rect: (i32, i32, i32, i32), ask: Ask) {
    let resize = view.resizes.get().wrapping_add(1);
    view.resizes.set(resize);
    WAITING.with(|w| w.set(true));
    WAIT_SINCE.with(|w| w.set(Some(std::time::Instant::now())));
    view.shared.update(|s| s.waits += 1);
    if ask == Ask::Now {
        ask_drawn(view, rect);
    }
    let (resizes, web, shared) = (view.resizes.clone(), view.web.clone(), view.shared.clone());
    glib::timeout_add_local_once(
        std::time::Duration::from_millis(SETTLE_AT_MOST_MS),
        move || {
            if end_wait(&resizes, &web, resize, false) {
                shared.update(|s| s.waits_capped += 1);
            }
        },
    );
}

/// Ask the page whether it has drawn at `rect`'s size and the scale last given; its answer
/// ends the current wait, if it still is the current one. Asked again when a load replaces the
/// document, within the same wait (and the same deadline: a page loaded again and again cannot
/// keep it hidden).
fn ask_drawn(view: &PageView, (_, _, width, height): (i32, i32, i32, i32)) {
    let resize = view.resizes.get();
    let asked = glib::VariantDict::new(None);
    asked.insert("width", f64::from(width));
    asked.insert("height", f64::from(height));
    asked.insert(
        "layout",
        view.scale.get().map(|s| s.key()).unwrap_or_default(),
    );
    let (resizes, web) = (view.resizes.clone(), view.web.clone());
    view.web.call_async_javascript_function(
        DRAWN,
        Some(&asked.end()),
        Some(STAGE_WORLD),
        None,
        None::<&gio::Cancellable>,
        move |result| match result {
            Ok(drawn) => {
                end_wait(&resizes, &web, resize, drawn.to_boolean());
            }
            // The document asked was replaced (a load, or the page following its newest
            // version by loading again) before it drew: not an answer. The load asks again when
            // it finishes, within the same deadline; ending the wait here showed the old
            // picture at the new size.
            Err(error) => tracing::debug!(%error, "the page could not say whether it drew"),
        },
    );
}

/// The view back in its place, if `resize` is still the wait going on; whether it was.
fn end_wait(resizes: &Rc<Cell<u64>>, web: &WebView, resize: u64, drawn: bool) -> bool {
    if resizes.get() != resize || !WAITING.with(|w| w.replace(false)) {
        return false;
    }
    web.queue_resize();
    let waited = WAIT_SINCE
        .with(Cell::take)
        .map(|since| since.elapsed().as_millis());
    tracing::debug!(?waited, drawn, "the preview's view is back");
    true
}

/// Answer a request of the view's page from the preview scheme, off the main thread, as the
/// window's own frames are answered.
fn serve<R: Runtime>(app: &AppHandle<R>, request: &URISchemeRequest) {
    let uri = request.uri().map(|u| u.to_string()).unwrap_or_default();
    let Some(path_and_query) = uri.strip_prefix(crate::preview::origin()) else {
        answer(request, plain_not_found());
        return;
    };
    let path_and_query = if path_and_query.starts_with('/') {
        path_and_query.to_owned()
    } else {
        answer(request, plain_not_found());
        return;
    };
    let id = NEXT_REQUEST.fetch_add(1, Ordering::Relaxed);
    PENDING.with(|p| p.borrow_mut().insert(id, request.clone()));
    let app = app.clone();
    tauri::async_runtime::spawn_blocking(move || {
        let response = {
            let state = app.state::<AppState>();
            let previews = app.state::<Previews>();
            crate::preview::respond(&state, &previews, &path_and_query)
        };
        glib::MainContext::default().invoke(move || {
            if let Some(request) = PENDING.with(|p| p.borrow_mut().remove(&id)) {
                answer(&request, response);
            }
        });
    });
}

fn plain_not_found() -> Response<Vec<u8>> {
    let mut response = Response::new(b"no such preview".to_vec());
    *response.status_mut() = tauri::http::StatusCode::NOT_FOUND;
    response
}

fn answer(request: &URISchemeRequest, response: Response<Vec<u8>>) {
    let (parts, body) = response.into_parts();
    let length = i64::try_from(body.len()).unwrap_or(i64::MAX);
    let stream = gio::MemoryInputStream::from_bytes(&glib::Bytes::from_owned(body));
    let out = URISchemeResponse::new(&stream, length);
    out.set_status(u32::from(parts.status.as_u16()), None);
    let content_type = parts
        .headers
        .get(tauri::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("application/octet-stream");
    out.set_content_type(content_type);
    let headers = soup::MessageHeaders::new(soup::MessageHeadersType::Response);
    for (name, value) in &parts.headers {
        if let Ok(value) = value.to_str() {
            headers.append(name.as_str(), value);
        }
    }
    if content_type.starts_with("text/html") {
        headers.append("Content-Security-Policy", PAGE_SANDBOX);
    }
    out.set_http_headers(headers);
    request.finish_with_response(&out);
}
