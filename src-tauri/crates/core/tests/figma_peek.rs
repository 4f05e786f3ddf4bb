//! What a pasted link is, before anything is imported: the node without its subtree and a small
//! render of a frame, against the local mock of Figma's API and image store.

mod support;

use s2c_core::figma::{parse_link, peek_frame, FigmaError};
use serde_json::json;
use support::figma::{working_api, FigmaMock, FILE_KEY, LINK, TOKEN};
use support::Reply;

#[tokio::test]
async fn a_frame_link_gives_its_name_size_and_a_small_render_from_two_light_calls() {
    let mock = FigmaMock::start(working_api).await;
    let peek = peek_frame(&mock.client(TOKEN), &parse_link(LINK).unwrap())
        .await
        .expect("peek");

    assert_eq!(peek.file_name, "Marketing site");
    assert_eq!(
        (peek.name.as_str(), peek.kind.as_str()),
        ("Pricing", "FRAME")
    );
    assert!(peek.is_frame);
    assert_eq!((peek.width, peek.height), (Some(1440.0), Some(900.0)));
    let thumbnail = peek.thumbnail_png.expect("a render of the frame");
    assert_eq!(support::images::size_of(&thumbnail), (16, 10));
    // The node without its subtree; a render at a third (480 px wide for the 1440 px frame).
    assert_eq!(
        mock.api_paths(),
        [
            format!("/v1/files/{FILE_KEY}/nodes?ids=1%3A2&depth=1"),
            format!("/v1/images/{FILE_KEY}?ids=1%3A2&format=png&scale=0.333"),
        ]
    );
    mock.assert_token_only_on_the_api(TOKEN);
}

#[tokio::test]
async fn a_text_layer_is_named_as_what_it_is_and_nothing_is_rendered() {
    let mock = FigmaMock::start(|r, base| {
        if r.path.starts_with("/v1/files/") {
            let mut nodes = support::figma::nodes_fixture();
            nodes["nodes"]["1:2"]["document"]["type"] = json!("TEXT");
            nodes["nodes"]["1:2"]["document"]["name"] = json!("Title");
            Reply::json(200, &nodes)
        } else {
            working_api(r, base)
        }
    })
    .await;
    let peek = peek_frame(&mock.client(TOKEN), &parse_link(LINK).unwrap())
        .await
        .expect("a layer is an answer, not an error");
    assert!(!peek.is_frame);
    assert_eq!((peek.name.as_str(), peek.kind.as_str()), ("Title", "TEXT"));
    assert!(peek.thumbnail_png.is_none());
    assert_eq!(mock.api_paths().len(), 1, "nothing is rendered for a layer");
}

#[tokio::test]
async fn a_frame_figma_cannot_render_still_says_what_it_is() {
    let mock = FigmaMock::start(|r, base| {
        if r.path.starts_with("/v1/images/") {
            Reply::json(200, &json!({"err": null, "images": {"1:2": null}}))
        } else {
            working_api(r, base)
        }
    })
    .await;
    let peek = peek_frame(&mock.client(TOKEN), &parse_link(LINK).unwrap())
        .await
        .expect("the preview is a courtesy");
    assert_eq!(peek.name, "Pricing");
    assert!(peek.thumbnail_png.is_none());
}

#[tokio::test]
async fn a_wrong_token_or_a_missing_node_is_the_imports_error() {
    let mock = FigmaMock::start(working_api).await;
    let link = parse_link("https://www.figma.com/design/AbC123xyz/x?node-id=9-9").unwrap();
    let missing = peek_frame(&mock.client(TOKEN), &link).await.unwrap_err();
    assert!(matches!(missing, FigmaError::NotFound(_)), "{missing:?}");
    assert_eq!(
        missing.to_string(),
        "Figma has no such node 9:9: check the link"
    );

    let forbidding =
        FigmaMock::start(|_, _| Reply::json(403, &json!({"status": 403, "err": "Invalid token"})))
            .await;
    let refused = peek_frame(&forbidding.client(TOKEN), &parse_link(LINK).unwrap())
        .await
        .unwrap_err();
    assert!(matches!(refused, FigmaError::Forbidden(_)), "{refused:?}");
    assert!(!refused.to_string().contains(TOKEN));
}
