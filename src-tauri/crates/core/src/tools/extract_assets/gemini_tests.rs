use super::*;

#[test]
fn detections_are_read_leniently() {
    let text = r#"```json
{"detections": [
  {"id": "a1", "image_index": 0, "box_2d": [10, 20, 30, 40]},
  {"id": "a2", "image_index": "1", "box_2d": ["5", 6, 7, 8]},
  {"id": "a3", "image_index": 0, "box_2d": [NaN, 1, 2, -Infinity]},
  {"id": "a4", "image_index": null, "box_2d": null},
  {"id": 5, "image_index": 0, "box_2d": [1, 2]},
  {"no_id": true}
]}
```"#;
    let got = parse_detections(text).expect("parses");
    assert_eq!(got.len(), 5);
    assert_eq!(
        got[0].box_2d,
        Some(vec![Some(10.0), Some(20.0), Some(30.0), Some(40.0)])
    );
    assert_eq!(got[1].image_index, Some(1.0));
    assert_eq!(got[1].box_2d.as_ref().and_then(|b| b[0]), Some(5.0));
    assert_eq!(got[2].box_2d, Some(vec![None, Some(1.0), Some(2.0), None]));
    assert_eq!((got[3].image_index, got[3].box_2d.clone()), (None, None));
    assert_eq!(got[4].id, "5");
    assert!(parse_detections("[]").expect("bare array").is_empty());
    assert!(matches!(
        parse_detections("not json"),
        Err(GeminiError::Malformed(_))
    ));
}

#[test]
fn the_request_asks_for_json_with_a_schema_and_carries_every_image() {
    let body = request_body(
        &[vec![1, 2, 3], vec![4]],
        &[("a1".to_owned(), "the logo".to_owned())],
        Some(0),
    );
    let generation = &body["generationConfig"];
    assert_eq!(generation["responseMimeType"], "application/json");
    assert_eq!(generation["responseSchema"]["required"][0], "detections");
    assert_eq!(generation["thinkingConfig"]["thinkingBudget"], 0);
    let parts = body["contents"][0]["parts"].as_array().expect("parts");
    let images: Vec<&str> = parts
        .iter()
        .filter_map(|p| p["inline_data"]["data"].as_str())
        .collect();
    assert_eq!(images, ["AQID", "BA=="]);
    assert!(parts.last().expect("last")["text"]
        .as_str()
        .is_some_and(|t| t.contains("- a1: the logo")));
    let no_thinking = request_body(&[], &[], None);
    assert!(no_thinking["generationConfig"]
        .get("thinkingConfig")
        .is_none());
}

#[test]
fn asset_extraction_calls_the_gemini_vendor_host() {
    // The sessions' base URL, API version included: one settings override serves both.
    assert!(crate::vocab::Vendor::Gemini
        .default_base_url()
        .starts_with(DEFAULT_GEMINI_BASE_URL));
}
