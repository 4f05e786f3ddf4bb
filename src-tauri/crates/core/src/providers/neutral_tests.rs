use super::*;

fn call(id: &str) -> ToolCall {
    ToolCall {
        id: id.into(),
        name: "create_file".into(),
        arguments: json!({"content": "<p>hi</p>"}),
        invalid_arguments: None,
    }
}

fn result(id: &str) -> ToolResult {
    ToolResult {
        call_id: id.into(),
        name: "create_file".into(),
        ok: true,
        result: format!("done {id}"),
        summary: "Created index.html".into(),
        images: Vec::new(),
    }
}

fn calls(ids: &[&str]) -> NeutralMessage {
    NeutralMessage::Assistant {
        text: String::new(),
        tool_calls: ids.iter().map(|id| call(id)).collect(),
    }
}

fn results(ids: &[&str]) -> NeutralMessage {
    NeutralMessage::ToolResults {
        results: ids.iter().map(|id| result(id)).collect(),
    }
}

fn result_ids(message: &NeutralMessage) -> Vec<String> {
    match message {
        NeutralMessage::ToolResults { results } => {
            results.iter().map(|r| r.call_id.clone()).collect()
        }
        other => panic!("expected results, got {other:?}"),
    }
}

#[test]
fn results_follow_their_calls_in_call_order_each_once() {
    let cases: Vec<(&str, Vec<NeutralMessage>, Vec<&str>)> = vec![
        (
            "already paired",
            vec![calls(&["a", "b"]), results(&["a", "b"])],
            vec!["a", "b"],
        ),
        (
            "out of order and split in two",
            vec![calls(&["a", "b"]), results(&["b"]), results(&["a"])],
            vec!["a", "b"],
        ),
        (
            "a stray result is dropped",
            vec![calls(&["a"]), results(&["a", "zzz"])],
            vec!["a"],
        ),
        (
            "a call without a result gets one",
            vec![calls(&["a", "b"]), results(&["a"])],
            vec!["a", "b"],
        ),
        ("no results at all", vec![calls(&["a"])], vec!["a"]),
    ];
    for (case, messages, expected) in cases {
        let out = paired(&messages);
        assert_eq!(out.len(), 2, "{case}: {out:?}");
        assert_eq!(result_ids(&out[1]), expected, "{case}");
    }
    let out = paired(&[calls(&["a", "b"]), results(&["a"])]);
    let NeutralMessage::ToolResults { results } = &out[1] else {
        panic!("results");
    };
    assert!(!results[1].ok && results[1].result.contains("no result"));
}

#[test]
fn results_with_no_call_before_them_are_dropped_and_the_rest_is_kept() {
    let messages = vec![
        NeutralMessage::user(UserContent::text("make a page")),
        results(&["orphan"]),
        NeutralMessage::assistant_text("ok"),
        NeutralMessage::user(UserContent::text("continue")),
    ];
    let out = paired(&messages);
    assert_eq!(
        out,
        vec![
            messages[0].clone(),
            messages[2].clone(),
            messages[3].clone()
        ]
    );
}

#[test]
fn arguments_are_an_object_even_when_the_model_sent_broken_json() {
    let mut broken = call("a");
    broken.arguments = Value::Null;
    broken.invalid_arguments = Some("{\"content\":\"<ht".into());
    assert_eq!(
        call_arguments(&broken),
        json!({"INVALID_JSON": "{\"content\":\"<ht"})
    );
    assert_eq!(call_arguments(&call("a")), json!({"content": "<p>hi</p>"}));
    let mut empty = call("a");
    empty.arguments = Value::Null;
    assert_eq!(call_arguments(&empty), json!({}));
}

#[test]
fn serializes_with_a_role_tag() {
    let message = NeutralMessage::assistant_text("hi");
    let value = serde_json::to_value(&message).expect("serializes");
    assert_eq!(value, json!({"role": "assistant", "text": "hi"}));
    let back: NeutralMessage = serde_json::from_value(value).expect("parses");
    assert_eq!(back, message);
    assert_eq!(assistant_turns(&[message, results(&["a"])]), 1);
}
