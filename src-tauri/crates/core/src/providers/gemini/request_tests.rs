use super::*;
use crate::providers::catalog::ModelCatalog;
use crate::providers::session::ReasoningEffort;
use crate::vocab::CanonicalTool;

#[test]
fn the_body_has_system_tools_generation_config_and_media() {
    let mut config = SessionConfig::new("gemini-3-pro-preview");
    config.system_prompt = "You write web pages.".into();
    config.max_output_tokens = Some(8192);
    config.reasoning_effort = Some(ReasoningEffort::Low);
    config.tools = vec![
        CanonicalTool {
            name: "create_file".into(),
            description: "Create".into(),
            parameters: json!({"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}),
        },
        CanonicalTool {
            name: "screenshot_preview".into(),
            description: "Look".into(),
            parameters: json!({"type": "object", "properties": {}}),
        },
    ];
    config.videos = vec![VideoAttachment {
        media_type: "video/mp4".into(),
        data: vec![0, 0, 0, 1],
        fps: Some(5.0),
    }];
    let mut content = UserContent::text("Rebuild this");
    content.push_image(ImageAttachment {
        media_type: "image/png".into(),
        data: vec![1, 2, 3],
    });
    config.user_content = content;
    let catalog = ModelCatalog::bundled();
    let fixed = fixed_fields(&config, catalog.get(&config.model));
    let contents = super::super::history::opening_contents(&config, true);
    let body: Value =
        serde_json::from_slice(&body(&fixed, &contents).expect("encodes")).expect("json");
    assert_eq!(
        body["systemInstruction"],
        json!({"parts": [{"text": "You write web pages."}]})
    );
    assert_eq!(
        body["generationConfig"],
        json!({"maxOutputTokens": 8192, "thinkingConfig": {"includeThoughts": true, "thinkingLevel": "low"},
            "mediaResolution": "MEDIA_RESOLUTION_HIGH"})
    );
    let declarations = &body["tools"][0]["functionDeclarations"];
    assert_eq!(declarations[0]["parameters"]["type"], json!("OBJECT"));
    assert!(declarations[1].get("parameters").is_none());
    assert_eq!(
        body["toolConfig"],
        json!({"functionCallingConfig": {"mode": "AUTO"}})
    );
    assert_eq!(
        body["contents"],
        json!([{"role": "user", "parts": [
            {"inlineData": {"mimeType": "video/mp4", "data": "AAAAAQ=="}, "videoMetadata": {"fps": 5.0}},
            {"text": "Rebuild this"},
            {"inlineData": {"mimeType": "image/png", "data": "AQID"}}
        ]}])
    );
}

#[test]
fn auto_detail_sends_no_media_resolution_and_2_5_thinks_by_family() {
    let mut config = SessionConfig::new("gemini-2.5-flash");
    config.image_detail = ImageDetail::Auto;
    let fixed = fixed_fields(&config, None);
    assert_eq!(
        fixed.get("generationConfig"),
        Some(&json!({"thinkingConfig": {"includeThoughts": true}})),
        "family fallback: 2.5 thinks; auto detail sends no media resolution"
    );
}
