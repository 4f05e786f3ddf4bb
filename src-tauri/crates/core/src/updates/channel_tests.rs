use super::*;

const REPO: &str = "https://github.com/s2cdesktop/s2c-desktop";

#[test]
fn each_channel_reads_its_own_release_feed() {
    let cases = [
        (
            UpdateChannel::Stable,
            "https://github.com/s2cdesktop/s2c-desktop/releases/latest/download/latest.json",
        ),
        (
            UpdateChannel::Nightly,
            "https://github.com/s2cdesktop/s2c-desktop/releases/download/nightly/latest.json",
        ),
    ];
    for (channel, want) in cases {
        assert_eq!(
            feed_urls(&[], REPO, channel),
            vec![want.to_owned()],
            "{channel:?}"
        );
        assert_eq!(
            feed_urls(&[], &format!("{REPO}/"), channel),
            vec![want.to_owned()],
            "{channel:?} with a trailing slash"
        );
    }
}

#[test]
fn configured_feeds_win_with_the_channel_filled_in() {
    let configured = vec![
        "http://127.0.0.1:4000/{{channel}}/latest.json".to_owned(),
        "http://127.0.0.1:4000/%7B%7Bchannel%7D%7D/x.json".to_owned(),
    ];
    assert_eq!(
        feed_urls(&configured, REPO, UpdateChannel::Nightly),
        vec![
            "http://127.0.0.1:4000/nightly/latest.json".to_owned(),
            "http://127.0.0.1:4000/nightly/x.json".to_owned()
        ]
    );
}

#[test]
fn channels_are_stored_by_name() {
    assert_eq!(
        serde_json::to_string(&UpdateChannel::Nightly).unwrap(),
        "\"nightly\""
    );
    assert_eq!(
        serde_json::from_str::<UpdateChannel>("\"stable\"").unwrap(),
        UpdateChannel::Stable
    );
}
