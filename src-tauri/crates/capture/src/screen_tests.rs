//! The real screen, on a private Xvfb: a window with known pixels is captured as a region of
//! the frozen screen and as a picked window, and compared pixel for pixel; then ~2 s of a
//! window that changes is recorded with ffmpeg, checked with ffprobe, and trimmed.

use crate::ffmpeg_args::{self, GrabArea};
use crate::geometry::{crop_rect, PixelRect, Selection};
use crate::support::{self, Desktop};
use crate::{recorder, screen, window_list};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use xcb::x;

const RED: u32 = 0x00d0_2030;
const GREEN: u32 = 0x0020_b040;
const BLUE: u32 = 0x0030_40e0;
const WIN: (i16, i16, u16, u16) = (60, 40, 200, 120);

/// An Xvfb of its own (the display number it chose), killed when dropped.
struct Xvfb {
    child: Child,
    display: String,
}

impl Xvfb {
    fn start() -> Self {
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "640x480x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb is installed (apt: xvfb; scripts/lib.sh APT_TEST)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("Xvfb prints its display number");
        let display = format!(":{}", line.trim());
        assert!(line.trim().parse::<u32>().is_ok(), "Xvfb said {line:?}");
        Self { child, display }
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A window that claims to be another program's, listed the way a window manager lists it.
struct KnownWindow {
    conn: xcb::Connection,
    window: x::Window,
    gc: x::Gcontext,
}

impl KnownWindow {
    fn open(display: &str) -> Self {
        let (conn, screen_num) = xcb::Connection::connect(Some(display)).expect("connect");
        let screen = conn
            .get_setup()
            .roots()
            .nth(screen_num as usize)
            .expect("screen")
            .to_owned();
        let window: x::Window = conn.generate_id();
        conn.send_request(&x::CreateWindow {
            depth: x::COPY_FROM_PARENT as u8,
            wid: window,
            parent: screen.root(),
            x: WIN.0,
            y: WIN.1,
            width: WIN.2,
            height: WIN.3,
            border_width: 0,
            class: x::WindowClass::InputOutput,
            visual: screen.root_visual(),
            value_list: &[x::Cw::BackPixel(RED), x::Cw::OverrideRedirect(true)],
        });
        let atom = |name: &[u8]| {
            let cookie = conn.send_request(&x::InternAtom {
                only_if_exists: false,
                name,
            });
            conn.wait_for_reply(cookie).expect("atom").atom()
        };
        let (stacking, pid, net_name, utf8) = (
            atom(b"_NET_CLIENT_LIST_STACKING"),
            atom(b"_NET_WM_PID"),
            atom(b"_NET_WM_NAME"),
            atom(b"UTF8_STRING"),
        );
        conn.send_request(&x::ChangeProperty {
            mode: x::PropMode::Replace,
            window: screen.root(),
            property: stacking,
            r#type: x::ATOM_WINDOW,
            data: &[window],
        });
        conn.send_request(&x::ChangeProperty {
            mode: x::PropMode::Replace,
            window,
            property: pid,
            r#type: x::ATOM_CARDINAL,
            data: &[1u32],
        });
        conn.send_request(&x::ChangeProperty {
            mode: x::PropMode::Replace,
            window,
            property: net_name,
            r#type: utf8,
            data: b"Known pixels",
        });
        conn.send_request(&x::ChangeProperty {
            mode: x::PropMode::Replace,
            window,
            property: x::ATOM_WM_CLASS,
            r#type: x::ATOM_STRING,
            data: b"known\0Known\0",
        });
        let gc: x::Gcontext = conn.generate_id();
        conn.send_request(&x::CreateGc {
            cid: gc,
            drawable: x::Drawable::Window(window),
            value_list: &[x::Gc::Foreground(GREEN)],
        });
        conn.send_request(&x::MapWindow { window });
        conn.flush().expect("flush");
        Self { conn, window, gc }
    }

    /// Red, with a green block in the top-left quarter and a blue one in the bottom-right.
    fn draw(&self, swap: bool) {
        let (a, b) = if swap { (BLUE, GREEN) } else { (GREEN, BLUE) };
        let (w, h) = (WIN.2, WIN.3);
        for (colour, rect) in [
            (
                RED,
                x::Rectangle {
                    x: 0,
                    y: 0,
                    width: w,
                    height: h,
                },
            ),
            (
                a,
                x::Rectangle {
                    x: 0,
                    y: 0,
                    width: w / 2,
                    height: h / 2,
                },
            ),
            (
                b,
                x::Rectangle {
                    x: (w / 2) as i16,
                    y: (h / 2) as i16,
                    width: w / 2,
                    height: h / 2,
                },
            ),
        ] {
            self.conn.send_request(&x::ChangeGc {
                gc: self.gc,
                value_list: &[x::Gc::Foreground(colour)],
            });
            self.conn.send_request(&x::PolyFillRectangle {
                drawable: x::Drawable::Window(self.window),
                gc: self.gc,
                rectangles: &[rect],
            });
        }
        self.conn.flush().expect("flush");
    }
}

fn rgb(colour: u32) -> [u8; 3] {
    [(colour >> 16) as u8, (colour >> 8) as u8, colour as u8]
}

/// The window's picture: red, green top-left, blue bottom-right, at the window's size.
fn assert_known(image: &image::RgbaImage, what: &str) {
    assert_eq!(
        image.dimensions(),
        (u32::from(WIN.2), u32::from(WIN.3)),
        "{what}: size"
    );
    for (x, y, colour) in [
        (5, 5, GREEN),
        (150, 100, BLUE),
        (150, 10, RED),
        (10, 100, RED),
    ] {
        let p = image.get_pixel(x, y).0;
        assert_eq!([p[0], p[1], p[2]], rgb(colour), "{what}: pixel ({x}, {y})");
    }
}

/// Poll until the drawn window shows on the screen (X draws asynchronously, and a window is
/// only drawable once it is mapped).
fn wait_until_drawn(window: &KnownWindow) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        window.draw(false);
        let frozen = screen::grab_screen_at(0, 0).expect("grab the screen");
        let p = frozen.image.get_pixel(WIN.0 as u32 + 5, WIN.1 as u32 + 5).0;
        if [p[0], p[1], p[2]] == rgb(GREEN) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the test window never showed on Xvfb"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_known_window_is_captured_and_recorded_on_xvfb() {
    let xvfb = Xvfb::start();
    // xcap and ffmpeg find the display the way the app does: through DISPLAY.
    std::env::set_var("DISPLAY", &xvfb.display);
    std::env::remove_var("WAYLAND_DISPLAY");
    let window = KnownWindow::open(&xvfb.display);
    wait_until_drawn(&window);

    // 1. A region dragged over the frozen screen, at a 2× overlay (CSS 320×240 over 640×480).
    let frozen = screen::grab_screen_at(0, 0).expect("grab");
    assert_eq!(frozen.image.dimensions(), (640, 480));
    assert_eq!(screen::count_screens(), Ok(1));
    let selection = Selection {
        x: f64::from(WIN.0) / 2.0,
        y: f64::from(WIN.1) / 2.0,
        width: f64::from(WIN.2) / 2.0,
        height: f64::from(WIN.3) / 2.0,
        view_width: 320.0,
        view_height: 240.0,
    };
    let rect = crop_rect(&selection, 640, 480).expect("rect");
    assert_eq!(
        rect,
        PixelRect {
            x: 60,
            y: 40,
            width: 200,
            height: 120
        }
    );
    let crop = image::imageops::crop_imm(&frozen.image, rect.x, rect.y, rect.width, rect.height)
        .to_image();
    assert_known(&crop, "region");
    let dir = tempfile::tempdir().expect("dir");
    let png = dir.path().join("capture.png");
    screen::save_png(&crop, &png).expect("save");
    let back = image::open(&png).expect("a PNG").to_rgba8();
    assert_known(&back, "saved region");

    // 2. The window picked from the list (another program's, so it is offered).
    let choices = window_list::choices(screen::windows().expect("windows"), std::process::id());
    let known = choices
        .iter()
        .find(|c| c.title == "Known pixels")
        .unwrap_or_else(|| panic!("the window is listed: {choices:?}"));
    assert_eq!(
        (known.width, known.height, known.app_name.as_str()),
        (200, 120, "Known")
    );
    let (image, scale) = screen::grab_window(known.id).expect("grab the window");
    assert_known(&image, "window");
    assert!((scale - 1.0).abs() < 1e-6, "Xvfb is 1×: {scale}");
    let none = window_list::choices(screen::windows().expect("windows"), 1);
    assert!(
        none.is_empty(),
        "its own windows are never offered: {none:?}"
    );

    // 3. ~2 s of the window changing, recorded the way the app records.
    let ffmpeg = recorder::locate_ffmpeg(std::env::var_os("PATH").as_deref())
        .expect("ffmpeg is installed (apt: ffmpeg; scripts/lib.sh APT_BUILD)");
    let facts = recorder::probe(&ffmpeg).expect("ffmpeg answers -devices and -encoders");
    let verdict = support::decide(Desktop::X11, Ok(1), Some(&facts), None, 30);
    assert_eq!(verdict.recording.reason, None);
    let codec = support::video_codec(&facts).expect("a codec");
    let (x, y, w, h, _) = screen::screen_area(0, 0).expect("area");
    let area = GrabArea {
        display: xvfb.display.clone(),
        x,
        y,
        rect: PixelRect {
            x: 0,
            y: 0,
            width: w,
            height: h,
        },
    };
    let video = dir
        .path()
        .join(format!("recording-1-0.{}", codec.extension));
    let args = ffmpeg_args::record_args(Desktop::X11, &area, codec, 30, &video).expect("args");
    let recording = recorder::start(&ffmpeg, &args, &video).expect("recording starts");
    let began = Instant::now();
    let mut swap = false;
    // The recording's own length: the window changes every frame or two while it runs.
    while began.elapsed() < Duration::from_millis(2000) {
        window.draw(swap);
        swap = !swap;
        std::thread::sleep(Duration::from_millis(100));
    }
    let video = recording.stop().expect("the recording stops with q");
    let ffprobe = ffmpeg_args::ffprobe_beside(&ffmpeg);
    let duration = recorder::duration_ms(&ffprobe, &video).expect("ffprobe reads it");
    assert!(
        (1400..=3000).contains(&duration),
        "about 2 s were recorded: {duration} ms"
    );
    assert_eq!(
        recorder::frame_size(&ffprobe, &video).expect("size"),
        (640, 480)
    );

    // 4. Trimmed to 0.5..1.5 s.
    let (start, end) = ffmpeg_args::check_trim(500, 1500, duration).expect("trim");
    let trimmed = dir
        .path()
        .join(format!("recording-2-0.{}", codec.extension));
    let args = ffmpeg_args::trim_args(&video, start, end, codec, &trimmed);
    let (status, _, stderr) =
        recorder::write_with(&ffmpeg, &args, &trimmed, Duration::from_secs(60)).expect("trim");
    assert!(status.success(), "the trim ran: {stderr}");
    let cut = recorder::duration_ms(&ffprobe, &trimmed).expect("ffprobe reads the trim");
    assert!(
        (800..=1250).contains(&cut),
        "the trim is about 1 s: {cut} ms"
    );
    let bytes = std::fs::read(&trimmed).expect("read");
    let kind = s2c_core::project::classify_input("recording.mp4", &bytes).expect("a video input");
    // Recordings and trims are the user's alone.
    #[cfg(unix)]
    for file in [&video, &trimmed] {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(file).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", file.display());
    }
    assert!(
        matches!(kind, s2c_core::project::InputKind::Video(_)),
        "the trim is taken like a dropped video"
    );
}
