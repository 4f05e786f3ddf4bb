use super::*;

#[test]
fn answers_without_text_say_why() {
    let blocked = r#"{"promptFeedback": {"blockReason": "SAFETY"}}"#;
    assert_eq!(
        answer_text(blocked),
        Err(OneShotError::NoAnswer("SAFETY".to_owned()))
    );
    let thoughts_only = r#"{"candidates": [{"content": {"parts": [{"text": "hmm", "thought": true}]}, "finishReason": "MAX_TOKENS"}]}"#;
    assert_eq!(
        answer_text(thoughts_only),
        Err(OneShotError::NoAnswer("MAX_TOKENS".to_owned()))
    );
    let ok = r#"{"candidates": [{"content": {"parts": [{"text": "{\"detections\""}, {"text": ": []}"}]}}]}"#;
    assert_eq!(answer_text(ok).as_deref(), Ok(r#"{"detections": []}"#));
}

#[test]
fn error_messages_never_carry_a_key() {
    let body = r#"{"error": {"code": 400, "message": "API key not valid: AIzaSyA1234567890abcdefghijklmnopqrstuv"}}"#;
    let message = error_message(body);
    assert!(message.starts_with("API key not valid"));
    assert!(!message.contains("AIzaSy"), "{message}");
}
