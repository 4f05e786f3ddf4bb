use super::*;

#[test]
fn reads_the_start_time_after_a_command_name_with_spaces_and_parentheses() {
    // Fields 3–21 are filler; field 22 (the start time) is 12345 ticks = 123.45 s after boot.
    let filler = (3..22).map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
    let stat = format!("4242 (s2c (dev) app) {filler} 12345 0 0");

    let uptime = uptime_from(&stat, "130.00 250.00\n", 100);

    assert_eq!(uptime, Some(Duration::from_millis(6550)));
}

#[test]
fn refuses_what_does_not_parse() {
    assert_eq!(uptime_from("garbage", "1.0 1.0", 100), None);
    assert_eq!(uptime_from("1 (x) S 1 2", "1.0 1.0", 100), None);
    assert_eq!(uptime_from("1 (x) S", "not a number", 100), None);
}

#[test]
fn the_uptime_of_this_process_never_goes_back() {
    mark_start();
    let first = process_uptime();
    assert!(process_uptime() >= first, "{first:?}");
    assert!(first < Duration::from_secs(24 * 3600), "{first:?}");
}
