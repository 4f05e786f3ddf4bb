use super::*;

#[test]
fn every_message_names_the_service_and_says_what_to_do() {
    let service = Service::Netlify;
    let cases: Vec<(PublishError, &str, ErrorCode)> = vec![
        (
            PublishError::NoToken(service),
            "Settings → Publishing",
            ErrorCode::MissingKey,
        ),
        (
            PublishError::BadToken { service },
            "Make a new one",
            ErrorCode::Unauthorized,
        ),
        (
            PublishError::SiteGone {
                service,
                site: "bright-page".into(),
            },
            "Publish to a new site",
            ErrorCode::NotFound,
        ),
        (
            PublishError::NameTaken {
                service,
                name: "bright-page".into(),
            },
            "Choose another name",
            ErrorCode::Conflict,
        ),
        (
            PublishError::RateLimited {
                service,
                wait: Some(Duration::from_secs(120)),
            },
            "Try again in 2 minutes",
            ErrorCode::Network,
        ),
        (
            PublishError::FileTooLarge {
                service,
                path: "assets/video.mp4".into(),
                size: 31 * 1024 * 1024,
                limit: Some(25 * 1024 * 1024),
            },
            "“assets/video.mp4” is 31.0 MB",
            ErrorCode::InvalidInput,
        ),
        (
            PublishError::Offline {
                service,
                detail: "connection refused".into(),
            },
            "check the internet connection",
            ErrorCode::Network,
        ),
        (
            PublishError::DeployFailed {
                service,
                detail: "build error".into(),
            },
            "still shows the previous version",
            ErrorCode::Network,
        ),
    ];
    for (error, says, code) in cases {
        let text = error.to_string();
        assert!(text.contains("Netlify"), "names the service: {text}");
        assert!(text.contains(says), "{text}");
        assert_eq!(error.code(), code, "{text}");
    }
    assert_eq!(PublishError::Cancelled.code(), ErrorCode::Cancelled);
}

#[test]
fn waits_read_as_a_person_would_say_them() {
    assert_eq!(
        wait_advice(Some(Duration::from_secs(30))),
        "Try again in 30 seconds."
    );
    assert_eq!(
        wait_advice(Some(Duration::from_secs(61 * 60))),
        "Try again in 61 minutes."
    );
    assert_eq!(
        wait_advice(Some(Duration::from_secs(3 * 3600))),
        "Try again in 3 hours."
    );
    assert_eq!(wait_advice(None), "Try again in a few minutes.");
}
