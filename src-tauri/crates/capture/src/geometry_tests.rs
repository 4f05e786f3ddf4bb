use super::*;

fn sel(x: f64, y: f64, width: f64, height: f64, view: (f64, f64)) -> Selection {
    Selection {
        x,
        y,
        width,
        height,
        view_width: view.0,
        view_height: view.1,
    }
}

#[test]
fn a_crop_on_a_2x_screen_is_twice_the_css_size() {
    // A 1440×900 CSS overlay over a 2880×1800 screen.
    let rect = crop_rect(&sel(100.0, 50.0, 300.0, 200.0, (1440.0, 900.0)), 2880, 1800);
    assert_eq!(
        rect,
        Ok(PixelRect {
            x: 200,
            y: 100,
            width: 600,
            height: 400
        })
    );
}

#[test]
fn a_crop_at_1x_keeps_the_css_pixels() {
    let rect = crop_rect(&sel(10.0, 20.0, 64.0, 32.0, (1440.0, 900.0)), 1440, 900);
    assert_eq!(
        rect,
        Ok(PixelRect {
            x: 10,
            y: 20,
            width: 64,
            height: 32
        })
    );
}

#[test]
fn a_fractional_ratio_widens_to_whole_pixels() {
    // 1.5×: 10.0..20.5 CSS px → 15..30.75 → 15..31.
    let rect = crop_rect(&sel(10.0, 10.0, 10.5, 10.5, (100.0, 100.0)), 150, 150).expect("rect");
    assert_eq!((rect.x, rect.width), (15, 16));
}

#[test]
fn a_drag_up_and_left_is_the_same_rectangle() {
    let forward = crop_rect(&sel(10.0, 10.0, 50.0, 40.0, (200.0, 100.0)), 400, 200);
    let backward = crop_rect(&sel(60.0, 50.0, -50.0, -40.0, (200.0, 100.0)), 400, 200);
    assert_eq!(forward, backward);
}

#[test]
fn a_drag_past_the_edges_is_clamped_to_the_screen() {
    let rect = crop_rect(&sel(-20.0, 80.0, 100.0, 100.0, (100.0, 100.0)), 200, 200).expect("rect");
    assert_eq!(
        rect,
        PixelRect {
            x: 0,
            y: 160,
            width: 160,
            height: 40
        }
    );
}

#[test]
fn a_click_without_a_drag_is_refused_with_its_size() {
    let err = crop_rect(&sel(10.0, 10.0, 2.0, 30.0, (100.0, 100.0)), 100, 100).unwrap_err();
    assert_eq!(
        err,
        SelectionError::TooSmall {
            width: 2,
            height: 30
        }
    );
    assert!(err.to_string().contains("at least 8 px"));
}

#[test]
fn nonsense_numbers_are_refused() {
    for bad in [
        sel(f64::NAN, 0.0, 10.0, 10.0, (100.0, 100.0)),
        sel(0.0, 0.0, f64::INFINITY, 10.0, (100.0, 100.0)),
        sel(0.0, 0.0, 50.0, 50.0, (0.0, 100.0)),
        sel(0.0, 0.0, 50.0, 50.0, (100.0, -1.0)),
    ] {
        assert_eq!(crop_rect(&bad, 100, 100), Err(SelectionError::NotFinite));
    }
    assert_eq!(
        crop_rect(&sel(0.0, 0.0, 50.0, 50.0, (100.0, 100.0)), 0, 100),
        Err(SelectionError::NotFinite)
    );
}

#[test]
fn the_file_name_notes_the_pixel_ratio() {
    assert_eq!(capture_file_name("s", 1.0, "png"), "capture-s.png");
    assert_eq!(capture_file_name("s", 2.0, "png"), "capture-s@2x.png");
    assert_eq!(capture_file_name("s", 1.5, "png"), "capture-s@1.5x.png");
    assert_eq!(capture_file_name("s", 1.0000001, "png"), "capture-s.png");
    assert_eq!(capture_file_name("s", f64::NAN, "mp4"), "capture-s.mp4");
}
