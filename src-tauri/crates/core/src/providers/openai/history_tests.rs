use super::*;
use crate::providers::neutral::sample;

#[test]
fn a_neutral_transcript_becomes_input_items_with_every_output_answering_a_call() {
    let config = sample::config("gpt-5.4");

    let input = opening_items(&config);

    let kinds: Vec<String> = input
        .iter()
        .map(|item| match item["type"].as_str() {
            Some("message") => item["role"].as_str().unwrap_or("?").to_owned(),
            Some(other) => format!("{other} {}", item["call_id"].as_str().unwrap_or("")),
            None => "?".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "user",
            "assistant",
            "user",
            "assistant",
            "function_call call_1",
            "function_call_output call_1",
            "assistant",
            "user",
            "function_call call_2",
            "function_call call_3",
            "function_call_output call_2",
            "function_call_output call_3",
        ]
    );
    assert_eq!(
        input[4],
        json!({"type": "function_call", "call_id": "call_1", "name": "create_file",
            "arguments": "{\"path\":\"index.html\",\"content\":\"<p>v2</p>\"}"}),
        "no item id: it would need the reasoning item it came with"
    );
    assert_eq!(
        input[9]["arguments"],
        json!("{\"INVALID_JSON\":\"{\\\"old_text\\\":\\\"v1\"}")
    );
    assert_eq!(input[10]["output"][1]["type"], json!("input_image"));
    assert_eq!(input[11]["output"], json!("The arguments were cut off."));
    assert_eq!(input[2]["content"][1]["type"], json!("input_image"));
    for (at, item) in input.iter().enumerate() {
        if item["type"] == "function_call_output" {
            let answered = input[..at]
                .iter()
                .any(|c| c["type"] == "function_call" && c["call_id"] == item["call_id"]);
            assert!(answered, "output {at} answers a call before it");
        }
    }
}

#[test]
fn empty_messages_are_left_out() {
    let mut config = SessionConfig::new("gpt-5.4");
    config.history = vec![
        NeutralMessage::assistant_text(""),
        NeutralMessage::user(Default::default()),
    ];
    assert!(opening_items(&config).is_empty());
}
