use super::*;

fn window(id: u32, pid: u32, title: &str, size: (u32, u32)) -> WindowFacts {
    WindowFacts {
        id,
        pid,
        title: title.into(),
        app_name: "App".into(),
        width: size.0,
        height: size.1,
        minimized: false,
    }
}

#[test]
fn the_apps_own_minimized_and_tiny_windows_are_left_out() {
    let mut minimized = window(3, 20, "Minimized", (800, 600));
    minimized.minimized = true;
    let list = choices(
        [
            window(1, 10, "Screenshot to Code", (1280, 820)),
            window(2, 20, "Figma — Landing", (1440, 900)),
            minimized,
            window(4, 20, "Tooltip", (120, 20)),
            window(5, 30, "Terminal", (48, 48)),
        ],
        10,
    );
    let ids: Vec<u32> = list.iter().map(|w| w.id).collect();
    assert_eq!(ids, vec![2, 5], "front-to-back order is kept");
}

#[test]
fn an_untitled_window_shows_its_app_and_a_nameless_one_is_dropped() {
    let mut nameless = window(2, 20, "", (800, 600));
    nameless.app_name = "  ".into();
    let list = choices([window(1, 20, "  ", (800, 600)), nameless], 0);
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].title, "App");
}

#[test]
fn titles_are_one_short_line() {
    let long = format!("Tab\none\t{}", "x".repeat(300));
    let list = choices([window(1, 20, &long, (800, 600))], 0);
    assert!(list[0].title.starts_with("Tab one x"));
    assert!(!list[0].title.contains('\n'));
    assert_eq!(
        list[0].title.chars().count(),
        121,
        "120 characters and an ellipsis"
    );
}

#[test]
fn the_list_is_capped() {
    let many = (0..100).map(|i| window(i, 20, "w", (800, 600)));
    assert_eq!(choices(many, 0).len(), 40);
}
