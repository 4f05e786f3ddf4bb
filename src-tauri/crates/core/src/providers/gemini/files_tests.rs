use super::*;

fn uploader_url(base: &str) -> String {
    let client = Client::new();
    let origin = Origin::new("gemini", "m");
    let base = Url::parse(base).expect("url");
    let key = ApiKey::new("k");
    Uploader {
        client: &client,
        origin: &origin,
        base: &base,
        key: &key,
    }
    .upload_url()
    .to_string()
}

#[test]
fn uploads_go_to_the_upload_path_of_the_configured_host() {
    assert_eq!(
        uploader_url("https://generativelanguage.googleapis.com/v1beta"),
        "https://generativelanguage.googleapis.com/upload/v1beta/files"
    );
    assert_eq!(
        uploader_url("http://127.0.0.1:9/v1beta/"),
        "http://127.0.0.1:9/upload/v1beta/files"
    );
    assert_eq!(
        uploader_url("http://127.0.0.1:9"),
        "http://127.0.0.1:9/upload/files"
    );
}

#[test]
fn only_plain_file_names_are_followed() {
    assert_eq!(file_id("files/rec-123_a"), Some("rec-123_a"));
    for bad in [
        "files/",
        "files/../models",
        "files/a/b",
        "models/x",
        "files/a?b",
        "",
    ] {
        assert_eq!(file_id(bad), None, "{bad}");
    }
}
