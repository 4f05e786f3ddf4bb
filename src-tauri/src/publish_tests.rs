//! Publishing through the app layer: the token from the (in-memory) keychain to the base URL
//! the settings name, progress on the Channel, the publication remembered and listed, the same
//! site the next time, one publish per project at a time, a token Test, and a project opened in
//! an editor found on PATH.

#[path = "../crates/core/tests/publish_support/mod.rs"]
mod publish_support;
// The mock server, loaded once for the app's tests (by test_harness).
use super::test_harness::{recording_channel, support};

use super::*;
use crate::publish::commands::{open_in_editor, publish_list, publish_start};
use crate::publish::Publishes;
use crate::state::AppState;
use publish_support::netlify::{NetlifyMock, TOKEN};
use s2c_core::publish::Service;
use s2c_core::secrets::{KeyId, Sensitive};
use s2c_core::settings::Settings;
use tauri::test::MockRuntime;
use tauri::Manager;

struct Harness {
    _dir: tempfile::TempDir,
    app: tauri::App<MockRuntime>,
    project: s2c_core::project::Project,
}

impl Harness {
    async fn new(mock: &NetlifyMock, token: Option<&str>) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let app = mock_app_in(dir.path().to_path_buf());
        let state = app.state::<AppState>();
        let mut settings = Settings::default();
        settings.base_urls.netlify = Some(mock.base_url());
        state.settings.update(settings).unwrap();
        if let Some(token) = token {
            state
                .secrets
                .set(
                    &KeyId::parse("netlify").unwrap(),
                    Sensitive::new(token.to_owned()),
                )
                .await
                .unwrap();
        }
        let project = state.projects.create("Bakery", Some(dir.path())).unwrap();
        publish_support::generate(&project, None, "A landing page for a bakery", "v1");
        Self {
            _dir: dir,
            app,
            project,
        }
    }

    fn state(&self) -> tauri::State<'_, AppState> {
        self.app.state::<AppState>()
    }

    async fn publish(
        &self,
    ) -> (
        Result<s2c_core::publish::Publication, IpcError>,
        Vec<serde_json::Value>,
    ) {
        let (channel, seen) = recording_channel::<_, serde_json::Value>();
        let version = self.project.info().unwrap().current_version.unwrap();
        let result = publish_start(
            self.state(),
            self.app.state::<Publishes>(),
            self.project.id().to_owned(),
            version,
            None,
            Service::Netlify,
            None,
            false,
            channel,
        )
        .await;
        let seen = seen.lock().unwrap().clone();
        (result, seen)
    }
}

#[test]
fn publishing_goes_through_the_keychain_and_the_settings_and_is_remembered() {
    tauri::async_runtime::block_on(async {
        let mock = NetlifyMock::start().await;
        let h = Harness::new(&mock, Some(TOKEN)).await;

        let (first, progress) = h.publish().await;
        let first = first.expect("published");
        assert_eq!(first.url, "https://bakery.netlify.app");
        assert!(
            progress
                .iter()
                .any(|p| p["sent"] == 2 && p["stage"] == "uploading"),
            "{progress:?}"
        );
        let listed = publish_list(h.state(), h.project.id().to_owned())
            .await
            .unwrap();
        assert_eq!(listed, vec![first.clone()]);

        publish_support::generate(&h.project, first.version_id, "Open at 8", "v2");
        let (second, _) = h.publish().await;
        let second = second.expect("published again");
        assert_eq!(second.site_id, first.site_id);
        assert_eq!(second.uploaded, 1);
        for request in mock.server.requests() {
            assert_eq!(
                request.header("authorization"),
                Some(format!("Bearer {TOKEN}").as_str())
            );
        }
    });
}

#[test]
fn one_publish_per_project_at_a_time_and_none_without_a_token() {
    tauri::async_runtime::block_on(async {
        let mock = NetlifyMock::start().await;
        let h = Harness::new(&mock, None).await;
        let busy = h.app.state::<Publishes>().start(h.project.id()).unwrap();
        let (refused, _) = h.publish().await;
        assert_eq!(refused.unwrap_err().code, s2c_core::ErrorCode::Conflict);
        drop(busy);

        let (no_token, _) = h.publish().await;
        let err = no_token.unwrap_err();
        assert_eq!(err.code, s2c_core::ErrorCode::MissingKey);
        assert!(
            err.message.contains("no Netlify token yet"),
            "{}",
            err.message
        );
        assert!(
            mock.server.requests().is_empty(),
            "nothing was sent without a token"
        );

        let test = crate::secrets::commands::key_test(h.state(), h.app.state(), "netlify".into())
            .await
            .unwrap();
        assert!(
            !test.ok && test.message.contains("no Netlify token"),
            "{}",
            test.message
        );
    });
}

#[test]
fn test_token_asks_netlify_who_it_belongs_to() {
    tauri::async_runtime::block_on(async {
        let mock = NetlifyMock::start().await;
        let h = Harness::new(&mock, Some(TOKEN)).await;
        let test = crate::secrets::commands::key_test(h.state(), h.app.state(), "netlify".into())
            .await
            .unwrap();
        assert!(test.ok, "{}", test.message);
        assert_eq!(test.message, "The token works (Netlify Ada Lovelace)");
        let requests = mock.server.requests();
        assert_eq!(requests.len(), 1);
        assert_eq!(requests[0].path, "/api/v1/user");
    });
}

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn open_in_editor_starts_the_editor_on_the_project_folder() {
    use std::os::unix::fs::PermissionsExt;
    tauri::async_runtime::block_on(async {
        let mock = NetlifyMock::start().await;
        let h = Harness::new(&mock, None).await;
        let bin = tempfile::tempdir().unwrap();
        let seen = bin.path().join("opened.txt");
        let script = bin.path().join("code");
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\nprintf '%s' \"$1\" > '{}.tmp' && /bin/mv '{0}.tmp' '{0}'\n",
                seen.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Each test runs in its own process (nextest), so PATH is this test's alone.
        std::env::set_var("PATH", bin.path());

        open_in_editor(h.state(), h.project.id().to_owned(), "vscode".into())
            .await
            .expect("opened");

        let started = std::time::Instant::now();
        while !seen.exists() {
            assert!(
                started.elapsed() < std::time::Duration::from_secs(10),
                "the editor was not started with the folder"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(
            std::fs::read_to_string(&seen).unwrap(),
            h.project.root().display().to_string()
        );
        let missing = open_in_editor(h.state(), h.project.id().to_owned(), "cursor".into())
            .await
            .unwrap_err();
        assert_eq!(missing.code, s2c_core::ErrorCode::NotFound);
    });
}
