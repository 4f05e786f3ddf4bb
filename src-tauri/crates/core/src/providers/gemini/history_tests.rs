use super::*;
use crate::providers::neutral::sample;
use crate::providers::types::UserContent;

fn roles(contents: &[Value]) -> Vec<&str> {
    contents
        .iter()
        .map(|c| c["role"].as_str().unwrap_or("?"))
        .collect()
}

#[test]
fn a_neutral_transcript_becomes_contents_with_responses_matched_by_name() {
    let config = sample::config("gemini-3-pro-preview");

    let contents = opening_contents(&config, true);

    assert_eq!(
        roles(&contents),
        ["user", "model", "user", "model", "user", "model", "user", "model", "user"]
    );
    assert_eq!(
        contents[3]["parts"],
        json!([{"text": "I'll write the page."},
            {"functionCall": {"name": "create_file", "args": {"path": "index.html", "content": "<p>v2</p>"}},
                "thoughtSignature": FOREIGN_SIGNATURE}])
    );
    assert_eq!(
        contents[4]["parts"],
        json!([{"functionResponse": {"name": "create_file", "response": {"result": "Created index.html"}}}])
    );
    let calls = contents[7]["parts"].as_array().expect("parts");
    assert_eq!(calls.len(), 2);
    assert!(
        calls[1].get("thoughtSignature").is_none(),
        "only the first call of a turn carries one"
    );
    assert_eq!(
        calls[1]["functionCall"]["args"],
        json!({"INVALID_JSON": "{\"old_text\":\"v1"})
    );
    let answers = contents[8]["parts"].as_array().expect("parts");
    let names: Vec<&str> = answers
        .iter()
        .map(|p| p["functionResponse"]["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        ["screenshot_preview", "edit_file"],
        "the calls' order"
    );
    assert_eq!(
        answers[0]["functionResponse"]["parts"][0]["inlineData"]["mimeType"],
        json!("image/png")
    );
    assert_eq!(
        answers[1]["functionResponse"]["response"],
        json!({"error": "The arguments were cut off."})
    );
    let text = serde_json::to_string(&contents).expect("json");
    assert!(!text.contains("\"id\""), "no ids: {text}");
}

#[test]
fn older_models_get_result_images_after_the_responses() {
    let config = sample::config("gemini-2.5-pro");
    let contents = opening_contents(&config, false);
    let answers = contents[8]["parts"].as_array().expect("parts");
    assert_eq!(answers.len(), 3);
    assert!(answers[2].get("inlineData").is_some());
}

#[test]
fn contents_of_one_role_merge_and_empty_ones_are_left_out() {
    let mut config = SessionConfig::new("gemini-2.5-flash");
    config.history = vec![
        NeutralMessage::assistant_text("<html></html>"),
        NeutralMessage::user(UserContent::text("")),
        NeutralMessage::user(UserContent::text("earlier")),
    ];
    config.user_content = UserContent::text("now");
    let contents = opening_contents(&config, true);
    assert_eq!(
        contents,
        vec![
            json!({"role": "model", "parts": [{"text": "<html></html>"}]}),
            json!({"role": "user", "parts": [{"text": "earlier"}, {"text": "now"}]}),
        ]
    );
}
