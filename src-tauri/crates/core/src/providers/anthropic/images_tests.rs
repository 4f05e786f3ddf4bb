use super::*;
use crate::providers::imaging::dimensions;
use image::{ImageFormat, Rgb, RgbImage};
use std::io::Cursor;

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_pixel(w, h, Rgb([200, 100, 50]));
    let mut data = Vec::new();
    img.write_to(&mut Cursor::new(&mut data), ImageFormat::Png)
        .expect("encode");
    data
}

fn block(data: &[u8]) -> Value {
    json!({"type": "image", "source": {"type": "base64", "media_type": "image/png",
        "data": base64::engine::general_purpose::STANDARD.encode(data)}})
}

fn edge_of(block: &Value) -> u32 {
    let data = base64::engine::general_purpose::STANDARD
        .decode(block["source"]["data"].as_str().expect("data"))
        .expect("base64");
    let (w, h) = dimensions(&data).expect("image");
    w.max(h)
}

#[test]
fn the_many_image_rule_counts_tool_result_images_and_applies_to_earlier_ones() {
    let big = png(2400, 1200);
    // 20 images: the 8000 px limit applies and nothing changes.
    let mut user_blocks: Vec<Value> = (0..19).map(|_| block(&png(300, 200))).collect();
    user_blocks.push(block(&big));
    let mut messages = vec![
        json!({"role": "user", "content": user_blocks}),
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "shot", "input": {}}]}),
    ];
    let mut guard = ImageGuard::new();
    assert_eq!(guard.enforce(&mut messages).expect("ok"), 0);
    assert_eq!(edge_of(&messages[0]["content"][19]), 2400);

    // A tool result adds the 21st image: every image must now be at most 2000 px.
    messages.push(
        json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
        "content": [{"type": "text", "text": "shot"}, block(&png(2100, 3000))]}]}),
    );
    assert_eq!(guard.enforce(&mut messages).expect("ok"), 2);
    assert_eq!(edge_of(&messages[0]["content"][19]), 2000);
    assert_eq!(edge_of(&messages[2]["content"][0]["content"][1]), 2000);
    assert_eq!(edge_of(&messages[0]["content"][0]), 300);
    // Checked images are not looked at again.
    assert_eq!(guard.enforce(&mut messages).expect("ok"), 0);
}
