//! Real headless Chromium rendering previews offline: Tailwind and the other vendored stacks,
//! full-page captures of 100vh layouts on both viewports, pages that never finish, and the
//! network wall. Needs a Chromium (Debian's `chromium` in CI, where S2C_REQUIRE_CHROMIUM=1).

mod render_support;

use s2c_core::render::{
    FileSnapshot, PreviewSource, Renderer, RendererConfig, ShotRequest, SourceError, Viewport,
};
use s2c_core::vocab::paths::{normalize, RelPath};
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn pages(files: &[(&str, &str)]) -> Arc<dyn PreviewSource> {
    let texts: BTreeMap<RelPath, String> = files
        .iter()
        .map(|(p, c)| (normalize(p).expect("path"), (*c).to_owned()))
        .collect();
    Arc::new(FileSnapshot::new(texts, None))
}

fn renderer(load_timeout: Duration, viewport_timeout: Duration) -> Option<Renderer> {
    let chromium = render_support::chromium()?;
    let mut config = RendererConfig::new(chromium);
    config.load_timeout = load_timeout;
    config.viewport_timeout = viewport_timeout;
    Some(Renderer::new(config))
}

fn rgb_at(jpeg: &[u8], x: u32, y: u32) -> [u8; 3] {
    let image = image::load_from_memory(jpeg).expect("jpeg").to_rgb8();
    image.get_pixel(x, y).0
}

fn close_to(actual: [u8; 3], expected: [u8; 3]) -> bool {
    actual
        .iter()
        .zip(expected)
        .all(|(a, e)| (i16::from(*a) - i16::from(e)).abs() <= 24)
}

const TAILWIND_PAGE: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script></head>
<body class="m-0">
  <section id="hero" class="h-screen bg-[#ff0000] flex items-center justify-center">
    <h1 class="text-5xl font-bold text-white">Hero</h1>
  </section>
  <main class="bg-[#0000ff] h-[2000px] p-4"><div id="resp" class="w-10 md:w-20 h-4 bg-white"></div></main>
  <footer id="footer" class="bg-[#00ff00] h-[100px] p-4">end</footer>
</body></html>"#;

const TAILWIND_PROBE: &str = r#"(() => {
  const hero = document.getElementById('hero');
  const footer = document.getElementById('footer');
  return {
    heroBackground: getComputedStyle(hero).backgroundColor,
    heroHeight: hero.getBoundingClientRect().height,
    footerPadding: getComputedStyle(footer).paddingTop,
    responsiveWidth: document.getElementById('resp').getBoundingClientRect().width,
    online: navigator.onLine,
  };
})()"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tailwind_renders_offline_full_page_on_desktop_and_mobile_with_100vh_intact() {
    let Some(renderer) = renderer(Duration::from_secs(10), Duration::from_secs(30)) else {
        return;
    };
    let mut request = ShotRequest::new("/index.html", &Viewport::ALL);
    request.probe = Some(TAILWIND_PROBE.to_owned());

    let shots = renderer
        .shoot(pages(&[("index.html", TAILWIND_PAGE)]), &request)
        .await
        .expect("renders");

    assert_eq!(shots.len(), 2);
    for shot in &shots {
        let v = shot.viewport;
        let probe = shot.probe.clone().expect("probe");
        let name = v.as_str();
        assert_eq!(
            probe["heroBackground"], "rgb(255, 0, 0)",
            "{name}: Tailwind ran"
        );
        assert_eq!(probe["footerPadding"], "16px", "{name}");
        assert_eq!(
            probe["heroHeight"].as_f64(),
            Some(f64::from(v.height())),
            "{name}: h-screen is the screen height"
        );
        let expected_width = if v.is_mobile() { 40.0 } else { 80.0 };
        assert_eq!(
            probe["responsiveWidth"].as_f64(),
            Some(expected_width),
            "{name}: md: breakpoint"
        );
        let page = v.height() + 2000 + 100;
        assert_eq!(shot.page_height, page, "{name}: page height");
        let dpr = v.device_scale_factor() as u32;
        assert_eq!(
            (shot.image_width, shot.image_height),
            (v.width() * dpr, page * dpr),
            "{name}: the whole page at the device pixel ratio"
        );
        assert!(
            shot.loaded && shot.console_errors.is_empty(),
            "{name}: {:?}",
            shot.console_errors
        );
        assert!(shot.blocked.is_empty() && shot.missing.is_empty(), "{name}");
        // The hero ends exactly one screen down: red above, blue below, green at the bottom.
        let hero_end = v.height() * dpr;
        let x = 5 * dpr;
        assert!(
            close_to(rgb_at(&shot.image, x, hero_end - 4 * dpr), [255, 0, 0]),
            "{name}: red hero"
        );
        assert!(
            close_to(rgb_at(&shot.image, x, hero_end + 4 * dpr), [0, 0, 255]),
            "{name}: blue main"
        );
        assert!(
            close_to(
                rgb_at(&shot.image, x, shot.image_height - 2 * dpr),
                [0, 255, 0]
            ),
            "{name}: the footer below the fold was painted"
        );
    }
}

/// Answers like a folder, except that one file never arrives (until the test ends).
struct Hanging {
    inner: Arc<dyn PreviewSource>,
    hang: RelPath,
    release: std::sync::Mutex<std::sync::mpsc::Receiver<()>>,
}

impl PreviewSource for Hanging {
    fn read(&self, path: &RelPath) -> Result<Option<Vec<u8>>, SourceError> {
        if *path == self.hang {
            let release = self.release.lock().expect("lock");
            let _ = release.recv_timeout(Duration::from_secs(60));
        }
        self.inner.read(path)
    }
}

/// A thumbnail needs only the page's first screen: a shot cut at 816 px (the 800 px a 480 × 300
/// picture keeps, and a JPEG block row) captures (and the app decodes) just that, and makes the
/// same thumbnail as the whole page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shot_of_the_top_only_is_that_tall_and_pictures_the_page_as_the_whole_does() {
    let Some(renderer) = renderer(Duration::from_secs(10), Duration::from_secs(30)) else {
        return;
    };
    let page = pages(&[("index.html", TAILWIND_PAGE)]);
    let request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
    let whole = renderer
        .shoot(page.clone(), &request)
        .await
        .expect("renders");
    let mut top_only = request.clone();
    top_only.max_height = Some(816);
    let top = renderer.shoot(page, &top_only).await.expect("renders");
    let (whole, top) = (&whole[0], &top[0]);
    assert!(whole.image_height > 2000, "{}", whole.image_height);
    assert_eq!((top.image_width, top.image_height), (1280, 816));
    assert_eq!(top.captured_height, 816);
    assert_eq!(
        top.page_height, whole.page_height,
        "the page is measured whole"
    );
    let thumbnail = |jpeg: &[u8]| {
        let png = s2c_core::render::thumbnail::png_thumbnail(jpeg, 480, 300).expect("thumbnail");
        image::load_from_memory(&png).expect("png").to_rgb8()
    };
    let (a, b) = (thumbnail(&whole.image), thumbnail(&top.image));
    assert_eq!(a.dimensions(), (480, 300));
    assert_eq!(a.dimensions(), b.dimensions());
    let worst = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| x.abs_diff(*y))
        .max()
        .unwrap_or(0);
    let differing: Vec<u32> = (0..300)
        .filter(|&y| {
            (0..480).any(|x| {
                a.get_pixel(x, y)
                    .0
                    .iter()
                    .zip(b.get_pixel(x, y).0)
                    .any(|(p, q)| p.abs_diff(q) > 8)
            })
        })
        .collect();
    assert!(
        worst <= 8,
        "the thumbnails differ by up to {worst}, on rows {differing:?}"
    );
    renderer.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_script_that_never_loads_still_returns_a_shot_within_the_timeout() {
    // The script hangs for 60 s and the viewport may take as long: only the 2 s load timeout
    // can make the shot come back well before that, however busy the machine.
    let Some(renderer) = renderer(Duration::from_secs(2), Duration::from_secs(60)) else {
        return;
    };
    let html = r#"<body style="margin:0;background:#ff0000"><h1>Before the script</h1>
        <script src="/never.js"></script></body>"#;
    let (release, wait) = std::sync::mpsc::channel();
    let source = Arc::new(Hanging {
        inner: pages(&[("index.html", html), ("never.js", "1")]),
        hang: normalize("never.js").expect("path"),
        release: std::sync::Mutex::new(wait),
    });
    renderer.warm_up().await.expect("launches");
    let started = Instant::now();

    let shots = renderer
        .shoot(source, &ShotRequest::new("/", &[Viewport::Desktop]))
        .await
        .expect("a shot even so");

    let elapsed = started.elapsed();
    drop(release);
    // 2 s load timeout, ~2 s of capped settling, then the capture: a few seconds on a quiet
    // machine, far less than the 60 s the script hangs.
    assert!(
        elapsed < Duration::from_secs(30),
        "the load timeout did not cut the wait: took {elapsed:?}"
    );
    let shot = &shots[0];
    assert!(!shot.loaded, "reported as not loaded");
    assert!(
        close_to(rgb_at(&shot.image, 600, 700), [255, 0, 0]),
        "what had rendered was captured"
    );
}

/// The cards' pictures rest the browser for what each picture cost it: a picture that waited
/// for the browser (a fidelity check's widths rendering) says only the time it was worked on,
/// so the next one is not put off by three times the wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_that_waited_for_the_browser_counts_only_the_browsers_time_on_it() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let mut config = RendererConfig::new(chromium);
    config.load_timeout = Duration::from_secs(3);
    config.viewport_timeout = Duration::from_secs(60);
    config.max_concurrent = 1;
    let renderer = Arc::new(Renderer::new(config));
    renderer.warm_up().await.expect("launches");
    // One shot holds the browser (its script never loads: the 3 s load timeout ends it)…
    let (release, wait) = std::sync::mpsc::channel();
    let busy = Arc::new(Hanging {
        inner: pages(&[
            (
                "index.html",
                r#"<body><script src="/never.js"></script></body>"#,
            ),
            ("never.js", "1"),
        ]),
        hang: normalize("never.js").expect("path"),
        release: std::sync::Mutex::new(wait),
    });
    let holder = {
        let renderer = renderer.clone();
        tokio::spawn(async move {
            renderer
                .shoot(busy, &ShotRequest::new("/", &[Viewport::Desktop]))
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    // …while a card's picture waits for it.
    let started = Instant::now();
    let timed = s2c_core::render::thumbnail::timed_card_picture(
        &renderer,
        pages(&[(
            "index.html",
            r#"<body style="margin:0;background:#00f"><h1>Card</h1></body>"#,
        )]),
        true,
    )
    .await;
    let wall = started.elapsed();
    drop(release);
    holder
        .await
        .expect("joins")
        .expect("the first shot comes back");
    assert!(timed.picture.is_some(), "the picture was made");
    assert!(
        wall >= Duration::from_secs(2),
        "the picture did not wait for the browser ({wall:?}): the test proves nothing"
    );
    assert!(
        timed.browser_time > Duration::ZERO
            && timed.browser_time + Duration::from_millis(1500) < wall,
        "the wait was counted as the browser's time: {:?} of {wall:?}",
        timed.browser_time
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_loops_forever_times_out_and_the_browser_keeps_working() {
    let Some(renderer) = renderer(Duration::from_secs(2), Duration::from_secs(5)) else {
        return;
    };
    let source = pages(&[
        ("loop.html", "<body><script>while (true) {}</script></body>"),
        ("ok.html", "<body style='background:#0000ff'>fine</body>"),
    ]);
    let started = Instant::now();

    let stuck = renderer
        .shoot(
            source.clone(),
            &ShotRequest::new("/loop.html", &[Viewport::Desktop]),
        )
        .await;

    assert!(
        matches!(stuck, Err(s2c_core::render::RenderError::Timeout(_))),
        "{stuck:?}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(15),
        "{:?}",
        started.elapsed()
    );
    let next = renderer
        .shoot(source, &ShotRequest::new("/ok.html", &[Viewport::Desktop]))
        .await
        .expect("the same browser renders the next page");
    assert!(close_to(rgb_at(&next[0].image, 600, 400), [0, 0, 255]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_get_a_real_origin_and_nothing_reaches_the_network() {
    let Some(renderer) = renderer(Duration::from_secs(5), Duration::from_secs(20)) else {
        return;
    };
    let html = r#"<body>
      <img src="https://example.com/photo.png">
      <link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter">
      <img src="assets/missing.png">
      <script>
        localStorage.setItem('k', 'stored');
        window.fetched = 'pending';
        fetch('https://example.com/api').then(() => window.fetched = 'reached').catch(() => window.fetched = 'refused');
      </script></body>"#;
    let mut request = ShotRequest::new("/", &[Viewport::Desktop]);
    request.probe = Some(
        "new Promise(r => setTimeout(() => r({origin: location.origin, stored: localStorage.getItem('k'), fetched: window.fetched}), 300))"
            .to_owned(),
    );

    let shots = renderer
        .shoot(pages(&[("index.html", html)]), &request)
        .await
        .expect("renders");

    let shot = &shots[0];
    let probe = shot.probe.clone().expect("probe");
    assert_eq!(probe["origin"], "https://preview.s2c.invalid");
    assert_eq!(probe["stored"], "stored", "localStorage works");
    assert_eq!(probe["fetched"], "refused");
    assert_eq!(shot.missing, vec!["/assets/missing.png".to_owned()]);
    let errors = shot.console_errors.join("\n");
    assert!(
        errors.contains("example.com"),
        "the CSP refusal is reported: {errors}"
    );
}

/// The renderer opens each shot's page ahead of time (a fresh context, kept blank): whatever a
/// page stored must be gone for the next one, whether that one's page was opened ahead or, after
/// a shot that asked for no page ahead, on demand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_shot_starts_from_a_blank_page_in_a_context_of_its_own() {
    let Some(renderer) = renderer(Duration::from_secs(5), Duration::from_secs(20)) else {
        return;
    };
    let html = r#"<body><script>
        const before = {
          local: localStorage.getItem('k'),
          session: sessionStorage.getItem('k'),
          cookie: document.cookie,
          name: window.name,
        };
        localStorage.setItem('k', 'left');
        sessionStorage.setItem('k', 'left');
        document.cookie = 'k=left; path=/';
        window.name = 'left';
        window.before = before;
      </script></body>"#;
    let source = pages(&[("index.html", html)]);
    let mut request = ShotRequest::new("/", &[Viewport::Desktop]);
    request.probe = Some("window.before".to_owned());
    let mut seen = Vec::new();
    for open_next_page in [true, true, false, true] {
        request.open_next_page = open_next_page;
        let shots = renderer
            .shoot(source.clone(), &request)
            .await
            .expect("renders");
        seen.push(shots[0].probe.clone().expect("probe"));
    }
    let blank = serde_json::json!({"local": null, "session": null, "cookie": "", "name": ""});
    for (n, before) in seen.iter().enumerate() {
        assert_eq!(before, &blank, "shot {n} saw what an earlier one stored");
    }
    renderer.shutdown().await;
}

/// Each stack the prompts teach, with its libraries from the vendored copies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_vendored_stack_renders_offline() {
    let Some(renderer) = renderer(Duration::from_secs(10), Duration::from_secs(30)) else {
        return;
    };
    use s2c_core::prompts::cdn::{cdn, CdnKey};
    let tag = |k| cdn(k).tag();
    let cases: Vec<(&str, String, &str, Value)> = vec![
        (
            "react.html",
            format!(
                "{}{}{}<div id=root></div><script type=text/babel>function App(){{return <p id=\"p\">React {{1+1}}</p>}}ReactDOM.createRoot(document.getElementById('root')).render(<App/>);</script>",
                tag(CdnKey::React), tag(CdnKey::ReactDom), tag(CdnKey::Babel)
            ),
            "new Promise(r => setTimeout(() => r(document.getElementById('p')?.textContent ?? null), 200))",
            Value::from("React 2"),
        ),
        (
            "vue.html",
            format!(
                "{}<div id=app><p id=p>{{{{ message }}}}</p></div><script>Vue.createApp({{data(){{return {{message:'Vue ok'}}}}}}).mount('#app')</script>",
                tag(CdnKey::Vue)
            ),
            "document.getElementById('p').textContent",
            Value::from("Vue ok"),
        ),
        (
            "bootstrap.html",
            format!("{}{}<button id=b class='btn btn-primary'>x</button>", tag(CdnKey::BootstrapCss), tag(CdnKey::BootstrapJs)),
            "[getComputedStyle(document.getElementById('b')).backgroundColor, typeof bootstrap.Modal]",
            serde_json::json!(["rgb(13, 110, 253)", "function"]),
        ),
        (
            "fa.html",
            format!("{}<i id=i class='fa-solid fa-house'></i>", tag(CdnKey::FontAwesome)),
            "document.fonts.ready.then(() => document.fonts.check('900 16px \"Font Awesome 6 Free\"'))",
            Value::from(true),
        ),
        (
            "ionic.html",
            format!(
                "{}{}<ion-app><ion-content><ion-button id=b>Go</ion-button><ion-icon id=icon name=heart></ion-icon></ion-content></ion-app>",
                tag(CdnKey::IonicCore), tag(CdnKey::IonicCss)
            ),
            "customElements.whenDefined('ion-button').then(() => new Promise(r => setTimeout(r, 300))).then(() => [document.getElementById('b').classList.contains('hydrated'), !!document.getElementById('icon').shadowRoot?.querySelector('svg')])",
            serde_json::json!([true, true]),
        ),
        (
            "v3.html",
            format!(
                "{}<script>tailwind.config={{theme:{{extend:{{colors:{{brand:'#123456'}}}}}}}}</script><div id=d class='bg-brand p-3'>x</div>",
                tag(CdnKey::TailwindV3Play)
            ),
            "new Promise(r => setTimeout(() => r(getComputedStyle(document.getElementById('d')).backgroundColor), 100))",
            Value::from("rgb(18, 52, 86)"),
        ),
    ];
    let files: Vec<(&str, &str)> = cases.iter().map(|(p, h, _, _)| (*p, h.as_str())).collect();
    let source = pages(&files);
    for (path, _, probe, expected) in &cases {
        let mut request = ShotRequest::new(format!("/{path}"), &[Viewport::Desktop]);
        request.probe = Some((*probe).to_owned());
        let shots = renderer.shoot(source.clone(), &request).await.expect(path);
        let shot = &shots[0];
        assert_eq!(
            shot.probe.as_ref(),
            Some(expected),
            "{path}: {:?}",
            shot.console_errors
        );
        assert!(
            shot.blocked.is_empty() && shot.missing.is_empty(),
            "{path}: {:?} {:?}",
            shot.blocked,
            shot.missing
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mobile_page_without_a_viewport_tag_is_shown_zoomed_out_like_a_phone() {
    let Some(renderer) = renderer(Duration::from_secs(10), Duration::from_secs(30)) else {
        return;
    };
    // No <meta name="viewport">: phones lay this out 980 px wide and shrink it to the screen.
    let html = r#"<body style="margin:0"><div style="width:980px;height:300px;background:#ff0000"></div>
        <div style="width:980px;height:300px;background:#0000ff"></div></body>"#;

    let shots = renderer
        .shoot(
            pages(&[("index.html", html)]),
            &ShotRequest::new("/", &[Viewport::Mobile]),
        )
        .await
        .expect("renders");

    let shot = &shots[0];
    assert_eq!(shot.layout_width, 980);
    assert_eq!(
        shot.image_width, 780,
        "the whole layout, shrunk to the phone's 390 px at 2x"
    );
    assert_eq!(shot.overflow_width, None);
    // 300 CSS px at 390/980 × 2 ≈ 239 image px per block; both ends of both blocks show.
    assert!(
        close_to(rgb_at(&shot.image, 770, 100), [255, 0, 0]),
        "the right edge of the layout"
    );
    assert!(close_to(rgb_at(&shot.image, 770, 330), [0, 0, 255]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_browser_closes_and_the_next_shot_starts_it_again() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let mut config = RendererConfig::new(chromium);
    config.idle_close = Duration::from_millis(400);
    let renderer = Renderer::new(config);
    let source = pages(&[("index.html", "<h1>Hi</h1>")]);
    let request = ShotRequest::new("/index.html", &[Viewport::Desktop]);
    renderer
        .shoot(source.clone(), &request)
        .await
        .expect("renders");
    assert!(renderer.is_running().await);
    let until = Instant::now() + Duration::from_secs(20);
    while renderer.is_running().await {
        assert!(
            Instant::now() < until,
            "the browser still runs 20 s after its last shot (idle_close is 400 ms)"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let shots = renderer
        .shoot(source, &request)
        .await
        .expect("renders again");
    assert!(shots[0].loaded);
    assert!(renderer.is_running().await);
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chromium_renders_below_the_window_at_the_background_priority() {
    let Some(renderer) = renderer(Duration::from_secs(10), Duration::from_secs(30)) else {
        return;
    };
    let request = ShotRequest::new("/index.html", &[Viewport::Desktop, Viewport::Mobile]);
    let shots = renderer
        .shoot(pages(&[("index.html", TAILWIND_PAGE)]), &request)
        .await
        .expect("renders");
    assert!(shots.iter().all(|s| s.loaded));
    let chromium = || -> Vec<_> {
        render_support::procs::descendants(std::process::id())
            .into_iter()
            .filter(|p| p.name.starts_with("chrom"))
            .collect()
    };
    assert!(
        chromium().len() >= 2,
        "a browser and its renderers: {:?}",
        chromium()
    );
    // Chromium may set a new renderer back to the default priority (it may, as root): within
    // a second the app has lowered it again.
    let until = Instant::now() + Duration::from_secs(5);
    loop {
        let above: Vec<_> = chromium()
            .into_iter()
            .filter(|p| p.nice != s2c_core::render::background::BACKGROUND_NICE)
            .collect();
        if above.is_empty() {
            break;
        }
        assert!(
            Instant::now() < until,
            "still above the background priority after 5 s: {above:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    renderer.shutdown().await;
}
