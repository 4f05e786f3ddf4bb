use super::*;

fn ffmpeg() -> RecorderFacts {
    RecorderFacts {
        demuxers: vec!["x11grab".into(), "lavfi".into()],
        encoders: vec!["libx264".into(), "mpeg4".into()],
    }
}

#[test]
fn the_desktop_comes_from_the_session() {
    assert_eq!(
        Desktop::detect("linux", Some("x11"), None, Some(":0")),
        Desktop::X11
    );
    assert_eq!(
        Desktop::detect("linux", Some("wayland"), Some("wayland-0"), Some(":0")),
        Desktop::Wayland,
        "XWayland's DISPLAY does not make a Wayland session X11"
    );
    assert_eq!(
        Desktop::detect("linux", None, Some("wayland-1"), None),
        Desktop::Wayland
    );
    assert_eq!(
        Desktop::detect("linux", None, None, Some(" ")),
        Desktop::None
    );
    assert_eq!(Desktop::detect("macos", None, None, None), Desktop::MacOs);
    assert_eq!(
        Desktop::detect("windows", None, None, None),
        Desktop::Windows
    );
    assert_eq!(Desktop::detect("android", None, None, None), Desktop::None);
}

#[test]
fn x11_with_ffmpeg_can_do_everything() {
    let s = decide(
        Desktop::X11,
        Ok(1),
        Some(&ffmpeg()),
        Some("Ctrl+Alt+Shift+C".into()),
        30,
    );
    assert!(s.screenshot.available && s.windows.available && s.recording.available);
    assert_eq!(s.recording.reason, None);
    assert_eq!(s.shortcut.as_deref(), Some("Ctrl+Alt+Shift+C"));
}

#[test]
fn each_missing_piece_says_why() {
    let no_display = decide(Desktop::None, Ok(0), Some(&ffmpeg()), None, 30);
    assert!(!no_display.screenshot.available && !no_display.recording.available);
    assert!(no_display
        .screenshot
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("no display"));

    let broken = decide(
        Desktop::X11,
        Err("cannot open display".into()),
        None,
        None,
        30,
    );
    assert!(broken
        .screenshot
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("cannot open display"));
    assert!(!broken.windows.available);

    let wayland = decide(Desktop::Wayland, Ok(1), Some(&ffmpeg()), None, 30);
    assert!(
        wayland.screenshot.available,
        "the portal captures the screen"
    );
    assert!(!wayland.windows.available);
    assert!(wayland
        .recording
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("Wayland"));

    let without_ffmpeg = decide(Desktop::X11, Ok(1), None, None, 30);
    assert!(without_ffmpeg
        .recording
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("ffmpeg"));

    let mut no_grab = ffmpeg();
    no_grab.demuxers.retain(|d| d != "x11grab");
    let s = decide(Desktop::X11, Ok(1), Some(&no_grab), None, 30);
    assert!(s
        .recording
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("x11grab"));

    let mut no_codec = ffmpeg();
    no_codec.encoders.clear();
    let s = decide(
        Desktop::MacOs,
        Ok(1),
        Some(&RecorderFacts {
            demuxers: vec!["avfoundation".into()],
            ..no_codec
        }),
        None,
        30,
    );
    assert!(s
        .recording
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("encoder"));
}

#[test]
fn the_codec_prefers_h264_then_vp9_then_mpeg4() {
    let with = |names: &[&str]| RecorderFacts {
        demuxers: vec![],
        encoders: names.iter().map(|s| s.to_string()).collect(),
    };
    assert_eq!(video_codec(&ffmpeg()).map(|c| c.encoder), Some("libx264"));
    assert_eq!(
        video_codec(&with(&["mpeg4", "libvpx-vp9"])),
        Some(VideoCodec {
            encoder: "libvpx-vp9",
            extension: "webm"
        })
    );
    assert_eq!(
        video_codec(&with(&["mpeg4"])).map(|c| c.extension),
        Some("mp4")
    );
    assert_eq!(video_codec(&with(&["h264_nvenc"])), None);
}

#[test]
fn ffmpeg_listings_are_read_below_the_rule() {
    let devices = "Devices:\n D. = Demuxing supported\n .E = Muxing supported\n --\n DE alsa            ALSA audio output\n  E fbdev           Linux framebuffer\n D  lavfi           Libavfilter virtual input device\n D  x11grab         X11 screen capture, using XCB\n";
    assert_eq!(
        parse_listing(devices, 'D'),
        vec!["alsa", "lavfi", "x11grab"]
    );
    let encoders = "Encoders:\n V..... = Video\n ------\n V....D libx264              libx264 H.264\n A....D aac                  AAC\n V..... mpeg4                MPEG-4 part 2\n";
    assert_eq!(parse_listing(encoders, 'V'), vec!["libx264", "mpeg4"]);
    assert!(parse_listing("garbage", 'D').is_empty());
}
