use super::*;
use crate::fidelity::FidelityComponents;
use crate::vocab::paths::normalize;

fn files(content: &str) -> AgentFileState {
    AgentFileState::with_files(
        "/nonexistent",
        [(normalize("index.html").expect("path"), content.to_owned())],
    )
}

fn check(total: f64) -> FidelityCheck {
    FidelityCheck {
        round: 1,
        max_rounds: 3,
        total,
        previous: None,
        components: FidelityComponents {
            block: total,
            position: total,
            visual: total,
            color: total,
            text: None,
        },
        regions: Vec::new(),
        automatic: true,
        widths: Vec::new(),
        route: None,
        pages: Vec::new(),
    }
}

#[test]
fn no_rounds_without_the_tool_or_with_zero_rounds() {
    assert_eq!(
        FidelityRounds::new(2, false).at_rest(&files("a")),
        AtRest::Done
    );
    assert_eq!(
        FidelityRounds::new(0, true).at_rest(&files("a")),
        AtRest::Done
    );
    assert_eq!(
        FidelityRounds::new(2, true).at_rest(&AgentFileState::new("/x")),
        AtRest::Done
    );
    assert_eq!(
        FidelityRounds::new(2, true).at_rest(&files("a")),
        AtRest::Check
    );
}

#[test]
fn rounds_go_on_while_the_score_improves_and_stop_at_the_limit() {
    let mut rounds = FidelityRounds::new(2, true);
    rounds.record(&check(70.0), &files("v1"));
    assert_eq!(rounds.after_check(), AfterCheck::Fix);
    assert_eq!(
        rounds.at_rest(&files("v1")),
        AtRest::Done,
        "nothing changed"
    );
    assert_eq!(rounds.at_rest(&files("v2")), AtRest::Check);
    rounds.record(&check(80.0), &files("v2"));
    assert_eq!(rounds.after_check(), AfterCheck::Fix);
    rounds.record(&check(85.0), &files("v3"));
    match rounds.after_check() {
        AfterCheck::Stop { message } => {
            assert!(message.contains("the most Settings allow"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        rounds.at_rest(&files("v4")),
        AtRest::Done,
        "3 checks is the most for 2 rounds"
    );
    assert_eq!(rounds.scores(), [70.0, 80.0, 85.0]);
}

#[test]
fn a_round_that_does_not_improve_ends_them() {
    let mut rounds = FidelityRounds::new(5, true);
    rounds.record(&check(70.0), &files("v1"));
    rounds.record(&check(70.3), &files("v2"));
    match rounds.after_check() {
        AfterCheck::Stop { message } => assert!(message.contains("stopped improving"), "{message}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_round_that_made_the_page_worse_gives_way_to_the_best_page() {
    let mut rounds = FidelityRounds::new(5, true);
    rounds.record(&check(82.0), &files("good"));
    rounds.record(&check(60.0), &files("worse"));
    match rounds.after_check() {
        AfterCheck::KeepEarlier { message, files } => {
            assert!(message.contains("82.0"), "{message}");
            assert_eq!(files[0].1, "good");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_page_good_enough_needs_no_round() {
    let mut rounds = FidelityRounds::new(5, true);
    rounds.record(&check(98.5), &files("v1"));
    assert!(matches!(rounds.after_check(), AfterCheck::Stop { .. }));
    assert_eq!(rounds.at_rest(&files("v2")), AtRest::Done);
}
