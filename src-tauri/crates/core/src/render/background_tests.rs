use super::{lower_process_tree, run, BACKGROUND_NICE};

/// The nice value of thread `tid` of this process, from /proc (field 19 of stat).
fn nice_of(path: &str) -> i32 {
    let stat = std::fs::read_to_string(path).expect("stat");
    let rest = &stat[stat.rfind(')').expect("comm") + 1..];
    rest.split_whitespace()
        .nth(16)
        .expect("nice")
        .parse()
        .expect("number")
}

fn this_thread() -> String {
    // SAFETY: gettid has no preconditions.
    let tid = unsafe { libc::gettid() };
    format!("/proc/self/task/{tid}/stat")
}

#[tokio::test]
async fn background_work_runs_below_the_window_and_the_caller_keeps_its_priority() {
    let before = nice_of(&this_thread());
    let (value, nice, inner) = run(|| {
        let nice = nice_of(&this_thread());
        // Threads the work starts (the comparison's) inherit it.
        let inner = std::thread::spawn(|| nice_of(&this_thread()))
            .join()
            .expect("joins");
        (42, nice, inner)
    })
    .await
    .expect("runs");
    assert_eq!(value, 42);
    assert_eq!((nice, inner), (BACKGROUND_NICE, BACKGROUND_NICE));
    assert_eq!(nice_of(&this_thread()), before);
}

#[tokio::test]
async fn work_that_panics_is_an_error_not_a_hang() {
    let result: Result<(), String> = run(|| panic!("boom")).await;
    assert!(result.is_err());
}

#[test]
fn a_process_tree_and_every_thread_in_it_go_to_the_background() {
    // A shell whose child is a sleep: two processes, as a browser and its renderer.
    let mut shell = std::process::Command::new("sh")
        .args(["-c", "sleep 30 & wait"])
        .spawn()
        .expect("sh");
    let root = shell.id();
    let children = || -> Vec<u32> {
        std::fs::read_to_string(format!("/proc/{root}/task/{root}/children"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|p| p.parse().ok())
            .collect()
    };
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while children().is_empty() {
        assert!(
            std::time::Instant::now() < until,
            "the shell started no child in 10 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    lower_process_tree(root);
    let child = children()[0];
    assert_eq!(nice_of(&format!("/proc/{root}/stat")), BACKGROUND_NICE);
    assert_eq!(nice_of(&format!("/proc/{child}/stat")), BACKGROUND_NICE);
    let _ = std::process::Command::new("kill")
        .arg(child.to_string())
        .status();
    let _ = shell.kill();
    let _ = shell.wait();
}
