use super::*;
use std::path::PathBuf;

const H264: VideoCodec = VideoCodec {
    encoder: "libx264",
    extension: "mp4",
};

fn text(args: &[OsString]) -> String {
    args.iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

fn area() -> GrabArea {
    GrabArea {
        display: ":99".into(),
        x: 1440,
        y: 0,
        rect: PixelRect {
            x: 0,
            y: 0,
            width: 1920,
            height: 1080,
        },
    }
}

#[test]
fn x11_grabs_the_screen_at_its_place_on_the_display() {
    let args = record_args(Desktop::X11, &area(), H264, 30, Path::new("/tmp/r.mp4")).expect("x11");
    let line = text(&args);
    assert!(line.contains("-f x11grab"), "{line}");
    assert!(
        line.contains("-video_size 1920x1080 -i :99+1440,0"),
        "{line}"
    );
    assert!(line.contains("-t 30"), "{line}");
    assert!(line.contains("-c:v libx264"), "{line}");
    assert!(line.contains("-movflags +faststart"), "{line}");
    assert!(line.ends_with("-y /tmp/r.mp4"), "{line}");
}

#[test]
fn macos_and_windows_use_their_own_grabbers() {
    let mac =
        text(&record_args(Desktop::MacOs, &area(), H264, 30, Path::new("r.mp4")).expect("mac"));
    assert!(
        mac.contains("-f avfoundation") && mac.contains("-i Capture screen 0:none"),
        "{mac}"
    );
    let win =
        text(&record_args(Desktop::Windows, &area(), H264, 10, Path::new("r.mp4")).expect("win"));
    assert!(
        win.contains("-f gdigrab") && win.contains("-offset_x 1440") && win.contains("-i desktop"),
        "{win}"
    );
    assert!(record_args(Desktop::Wayland, &area(), H264, 30, Path::new("r.mp4")).is_none());
}

#[test]
fn webm_gets_vp9_and_no_mp4_flags() {
    let vp9 = VideoCodec {
        encoder: "libvpx-vp9",
        extension: "webm",
    };
    let line =
        text(&record_args(Desktop::X11, &area(), vp9, 30, Path::new("r.webm")).expect("x11"));
    assert!(
        line.contains("-c:v libvpx-vp9") && !line.contains("faststart"),
        "{line}"
    );
}

#[test]
fn a_trim_seeks_then_keeps_its_length() {
    let line = text(&trim_args(
        Path::new("in.mp4"),
        1250,
        4000,
        H264,
        &PathBuf::from("out.mp4"),
    ));
    assert!(line.contains("-ss 1.250 -i in.mp4 -t 2.750"), "{line}");
    assert!(line.ends_with("-y out.mp4"), "{line}");
}

#[test]
fn trims_are_checked_against_the_recording() {
    assert_eq!(check_trim(0, 2000, 2000), Ok((0, 2000)));
    assert_eq!(
        check_trim(500, 2100, 2080),
        Ok((500, 2080)),
        "rounding past the end"
    );
    assert_eq!(check_trim(1000, 1000, 2000), Err(TrimError::Reversed));
    assert_eq!(check_trim(1500, 1000, 2000), Err(TrimError::Reversed));
    assert_eq!(check_trim(1000, 1200, 2000), Err(TrimError::TooShort(200)));
    assert_eq!(
        check_trim(0, 9000, 2000),
        Err(TrimError::PastTheEnd {
            end_ms: 9000,
            duration_ms: 2000
        })
    );
}

#[test]
fn ffprobe_durations_are_read_in_milliseconds() {
    assert_eq!(parse_duration_ms("2.066667\n"), Some(2067));
    assert_eq!(parse_duration_ms("N/A\n"), None);
    assert_eq!(parse_duration_ms(""), None);
    assert_eq!(parse_duration_ms("-1"), None);
}

#[test]
fn ffprobe_is_found_beside_ffmpeg() {
    assert_eq!(
        ffprobe_beside(Path::new("/usr/bin/ffmpeg")),
        PathBuf::from("/usr/bin/ffprobe")
    );
    assert_eq!(
        ffprobe_beside(Path::new("C:/ff/ffmpeg.exe")),
        PathBuf::from("C:/ff/ffprobe.exe")
    );
}

#[test]
fn ffprobe_frame_sizes_are_read() {
    assert_eq!(parse_frame_size("1440x900\n"), Some((1440, 900)));
    assert_eq!(parse_frame_size("N/A"), None);
    assert_eq!(parse_frame_size(""), None);
}

#[test]
fn preview_frames_are_small_jpegs_at_a_steady_rate_into_their_folder() {
    let args: Vec<String> = frame_args(
        Path::new("/c/recording-1.mp4"),
        4,
        120,
        120,
        Path::new("/c/frames-1"),
    )
    .into_iter()
    .map(|a| a.to_string_lossy().into_owned())
    .collect();
    let line = args.join(" ");
    assert!(line.contains("-i /c/recording-1.mp4"), "{line}");
    assert!(line.contains("-vf fps=4,scale=-2:120"), "{line}");
    assert!(line.contains("-frames:v 120 -c:v mjpeg"), "{line}");
    assert!(line.ends_with("/c/frames-1/frame-%03d.jpg"), "{line}");
}
