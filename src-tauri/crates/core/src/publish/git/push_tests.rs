use super::*;

#[test]
fn dates_are_iso_8601_in_utc() {
    assert_eq!(iso_date(0), "1970-01-01T00:00:00Z");
    assert_eq!(iso_date(951_782_400), "2000-02-29T00:00:00Z");
    assert_eq!(iso_date(1_796_040_000), "2026-11-30T12:00:00Z");
    assert_eq!(iso_date(-1), "1969-12-31T23:59:59Z");
}
