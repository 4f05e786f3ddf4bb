use super::*;

fn boxes(texts: &[&str]) -> Vec<TextBox> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| TextBox {
            text: (*t).to_owned(),
            x: 0.0,
            y: i as f64 * 20.0,
            width: 100.0,
            height: 16.0,
        })
        .collect()
}

#[test]
fn same_text_scores_one_in_any_order() {
    let a = boxes(&["Welcome back", "Sign in", "Forgot password?"]);
    let b = boxes(&["Sign in", "Forgot password?", "Welcome back"]);
    assert!((text_score(&a, &b) - 1.0).abs() < 1e-9);
}

#[test]
fn changed_missing_and_extra_text_cost_in_proportion() {
    let reference = boxes(&["Ship beautiful dashboards in minutes", "Get started"]);
    let changed = text_score(
        &reference,
        &boxes(&["Ship gorgeous dashboards in minutes", "Get started"]),
    );
    let missing = text_score(&reference, &boxes(&["Get started"]));
    let extra = text_score(
        &reference,
        &boxes(&[
            "Ship beautiful dashboards in minutes",
            "Get started",
            "Lorem ipsum dolor sit amet",
        ]),
    );
    assert!(changed > 0.8 && changed < 1.0, "changed: {changed}");
    assert!(missing < 0.5, "missing: {missing}");
    assert!(extra > 0.7 && extra < 0.95, "extra: {extra}");
}

#[test]
fn no_text_on_either_side() {
    assert_eq!(text_score(&[], &[]), 1.0);
    assert_eq!(text_score(&boxes(&["Hi"]), &[]), 0.0);
}
