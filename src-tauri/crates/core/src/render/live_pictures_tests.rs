use super::*;

/// Round figures for the tests (the app's own are `Pacing::CARDS`).
const PACING: Pacing = Pacing {
    per_variant: Duration::from_secs(3),
    max_per_variant: Duration::from_secs(24),
    rest_factor: 2,
    min_rest: Duration::from_millis(250),
    idle: Duration::from_millis(500),
};

fn at(base: Instant, ms: u64) -> Instant {
    base + Duration::from_millis(ms)
}

/// Whether option 0, now at `revision`, is to be pictured at `now`.
fn due(schedule: &Schedule, revision: u64, now: Instant) -> bool {
    schedule.next(&[revision], now, &PACING) == Next::Shoot(0, revision)
}

#[test]
fn nothing_written_is_not_pictured() {
    let schedule = Schedule::default();
    assert_eq!(
        schedule.next(&[0, 0], Instant::now(), &PACING),
        Next::Wait(PACING.idle)
    );
}

#[test]
fn a_never_pictured_option_comes_before_one_pictured_long_ago() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    schedule.shot(0, 4, t0, Some(1), &PACING);
    // Option 0 changed and its wait is over, but option 1 has no picture yet.
    assert_eq!(
        schedule.next(&[9, 2], at(t0, 10_000), &PACING),
        Next::Shoot(1, 2)
    );
}

#[test]
fn the_option_pictured_longest_ago_goes_first() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    schedule.shot(0, 1, at(t0, 1_000), Some(1), &PACING);
    schedule.shot(1, 1, t0, Some(2), &PACING);
    assert_eq!(
        schedule.next(&[2, 2], at(t0, 5_000), &PACING),
        Next::Shoot(1, 2)
    );
}

#[test]
fn an_unchanged_option_is_not_pictured_again() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    schedule.shot(0, 7, t0, Some(1), &PACING);
    assert_eq!(
        schedule.next(&[7], at(t0, 60_000), &PACING),
        Next::Wait(PACING.idle)
    );
}

#[test]
fn a_changed_option_waits_its_turn_and_no_longer() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    schedule.shot(0, 7, t0, Some(1), &PACING);
    // 2.8 s after its picture, 0.2 s are left of its 3 s.
    assert_eq!(
        schedule.next(&[8], at(t0, 2_800), &PACING),
        Next::Wait(Duration::from_millis(200))
    );
    assert_eq!(
        schedule.next(&[8], at(t0, 3_000), &PACING),
        Next::Shoot(0, 8)
    );
}

#[test]
fn an_option_whose_picture_stays_the_same_is_pictured_less_and_less_often() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    assert!(
        schedule.shot(0, 1, t0, Some(10), &PACING),
        "the first is new"
    );
    // The page grows below its first screen: the same picture, so the wait doubles.
    assert!(!schedule.shot(0, 2, at(t0, 3_000), Some(10), &PACING));
    assert!(!due(&schedule, 3, at(t0, 8_999)), "6 s after the last");
    assert!(due(&schedule, 3, at(t0, 9_000)));
    assert!(!schedule.shot(0, 3, at(t0, 9_000), Some(10), &PACING));
    assert!(!schedule.shot(0, 4, at(t0, 21_000), Some(10), &PACING));
    assert!(!schedule.shot(0, 5, at(t0, 45_000), Some(10), &PACING));
    // Up to the most it may wait.
    assert!(!due(&schedule, 6, at(t0, 68_999)));
    assert!(due(&schedule, 6, at(t0, 69_000)));
    // Something new on screen: pictured again soon.
    assert!(schedule.shot(0, 6, at(t0, 69_000), Some(11), &PACING));
    assert!(due(&schedule, 7, at(t0, 72_000)));
}

#[test]
fn a_page_that_cannot_be_pictured_is_tried_less_and_less_often() {
    let t0 = Instant::now();
    let mut schedule = Schedule::default();
    assert!(!schedule.shot(0, 1, t0, None, &PACING));
    assert!(!schedule.shot(0, 2, at(t0, 3_000), None, &PACING));
    assert!(!due(&schedule, 3, at(t0, 8_999)));
    assert!(due(&schedule, 3, at(t0, 9_000)));
}

#[test]
fn the_browser_rests_twice_as_long_as_a_picture_took() {
    assert_eq!(
        PACING.rest_after(Duration::from_millis(600)),
        Duration::from_millis(1_200)
    );
    assert_eq!(
        PACING.rest_after(Duration::from_millis(10)),
        PACING.min_rest
    );
}

#[test]
fn the_cards_pictures_use_at_most_a_quarter_of_the_browsers_time() {
    let cards = Pacing::CARDS;
    assert!(cards.rest_factor >= 3);
    assert!(cards.per_variant >= Duration::from_secs(3));
    assert!(cards.max_per_variant >= cards.per_variant * 8);
}
