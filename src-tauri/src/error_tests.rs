//! The codes and messages core errors cross IPC with, as the commands built them by hand before.

use super::*;
use s2c_core::providers::Origin;
use std::time::Duration;

fn wire(error: IpcError) -> (String, String) {
    let json = serde_json::to_value(&error).expect("an IpcError serializes");
    (
        json["code"].as_str().unwrap_or_default().to_owned(),
        error.message,
    )
}

#[test]
fn a_failed_capture_is_a_network_error() {
    let error = RenderError::Timeout(Duration::from_secs(20));
    let message = error.to_string();
    assert_eq!(wire(error.into()), ("network".to_owned(), message));
    let launch = RenderError::Launch {
        path: "/usr/bin/chromium".into(),
        message: "no such file".into(),
    };
    assert_eq!(IpcError::from(launch).code, ErrorCode::Network);
}

#[test]
fn a_missing_chromium_is_not_found() {
    let error = ChromiumNotFound::NotInstalled;
    let message = error.to_string();
    assert_eq!(wire(error.into()), ("not_found".to_owned(), message));
}

#[test]
fn a_failed_model_list_is_a_network_error_whatever_the_vendor_said() {
    let origin = Origin::new("server", "(model list)");
    let refused =
        ProviderError::from_http(&origin, 401, r#"{"error":{"message":"bad key"}}"#, None);
    let message = refused.to_string();
    assert_eq!(wire(refused.into()), ("network".to_owned(), message));
}

#[test]
fn a_plan_that_cannot_be_built_is_invalid_input() {
    let error = PlanError::NoVariants;
    let message = error.to_string();
    assert_eq!(wire(error.into()), ("invalid_input".to_owned(), message));
}

#[test]
fn keys_in_a_vendor_message_are_redacted() {
    let origin = Origin::new("server", "(model list)");
    let error = ProviderError::Network {
        origin,
        url: "http://localhost:11434/v1/models".into(),
        message: "refused for sk-proj-abcdefghijklmnopqrstuvwxyz0123456789".into(),
    };
    assert!(!IpcError::from(error).message.contains("abcdefghijklmnop"));
}
