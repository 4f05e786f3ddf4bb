//! Capturing a live page the user names: a local web server stands in for the site.

mod render_support;

use s2c_core::render::capture_url;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::time::Duration;

/// Serves `html` to every request on 127.0.0.1 from a thread.
fn serve(html: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut stream = stream;
            let mut buf = [0u8; 4096];
            let _ = stream.read(&mut buf);
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{html}",
                html.len()
            );
        }
    });
    format!("http://{addr}/")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_page_is_captured_full_page_at_desktop_width() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let url = serve(
        "<!doctype html><html><body style=\"margin:0\"><div style=\"height:1500px;background:#4f46e5\"></div></body></html>",
    );
    let png = capture_url(&chromium, &url, Duration::from_secs(15))
        .await
        .expect("captured");
    let image = image::load_from_memory(&png).expect("a PNG");
    assert_eq!(image.width(), 1280);
    assert_eq!(image.height(), 1500, "the whole page, not the screen");
    let top = image.to_rgb8().get_pixel(10, 10).0;
    assert_eq!(top, [0x4f, 0x46, 0xe5]);

    let error = capture_url(&chromium, "file:///etc/passwd", Duration::from_secs(5))
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("only http"), "{error}");
    let error = capture_url(&chromium, "http://127.0.0.1:9/", Duration::from_secs(10))
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("did not load"), "{error}");
}
