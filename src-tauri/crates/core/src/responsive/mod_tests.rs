use super::*;

fn shot(index: u32, pixels: u32) -> WidthShot {
    WidthShot {
        index,
        width: infer_width(pixels, None),
    }
}

#[test]
fn a_group_is_widest_first_and_labelled() {
    let group = WidthGroup::new(vec![shot(0, 390), shot(1, 1440), shot(2, 768)]).expect("group");
    let order: Vec<u32> = group.shots.iter().map(|s| s.index).collect();
    assert_eq!(order, vec![1, 2, 0]);
    assert_eq!(group.label(), "desktop 1440, tablet 768, mobile 390");
    assert_eq!(group.narrowest().map(|s| s.index), Some(0));
}

#[test]
fn a_group_needs_two_widths() {
    assert!(WidthGroup::new(vec![shot(0, 390)]).is_none(), "one shot");
    assert!(
        WidthGroup::new(vec![shot(0, 390), shot(1, 390)]).is_none(),
        "two shots of one width are not a responsive page"
    );
    assert!(
        WidthGroup::new(vec![shot(0, 375), shot(1, 430)]).is_none(),
        "two phones are one breakpoint"
    );
    assert!(
        WidthGroup::new(vec![shot(0, 390), shot(0, 390)]).is_none(),
        "one shot named twice"
    );
}

#[test]
fn groups_are_checked_against_the_screenshots() {
    let group = WidthGroup::new(vec![shot(0, 390), shot(1, 1440)]).expect("group");
    assert_eq!(validate_groups(std::slice::from_ref(&group), 2), Ok(()));
    assert!(validate_groups(std::slice::from_ref(&group), 1)
        .expect_err("out of range")
        .contains("only 1"));
    let other = WidthGroup::new(vec![shot(1, 1440), shot(2, 768)]).expect("group");
    assert!(validate_groups(&[group, other], 3)
        .expect_err("twice")
        .contains("screenshot 2 is in two groups"));
    let lone = WidthGroup {
        shots: vec![shot(0, 390)],
    };
    assert!(validate_groups(&[lone], 1).is_err(), "a group of one");
    let phones = WidthGroup {
        shots: vec![shot(0, 430), shot(1, 375)],
    };
    assert!(validate_groups(&[phones], 2)
        .expect_err("one breakpoint twice")
        .contains("one screenshot per breakpoint"));
}
