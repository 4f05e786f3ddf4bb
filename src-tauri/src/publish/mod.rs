//! Publishing, the git repository of a project's history, "Push to GitHub" and opening a
//! project in an editor, over IPC: commands over `s2c_core::publish`. What is running is kept
//! here, one publish or push per project at a time, so it can be cancelled.

pub mod commands;

use crate::IpcError;
use s2c_core::ErrorCode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio_util::sync::CancellationToken;

/// The publishes and pushes running, by project.
#[derive(Default)]
pub struct Publishes {
    running: Arc<Mutex<HashMap<String, CancellationToken>>>,
}

/// A running publish; dropping it frees its project for the next one.
pub struct Running {
    project_id: String,
    token: CancellationToken,
    running: Arc<Mutex<HashMap<String, CancellationToken>>>,
}

impl Running {
    pub fn token(&self) -> CancellationToken {
        self.token.clone()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.project_id);
    }
}

impl Publishes {
    /// Register a publish of `project_id`, unless one is running already.
    pub fn start(&self, project_id: &str) -> Result<Running, IpcError> {
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        if running.contains_key(project_id) {
            return Err(IpcError::new(
                ErrorCode::Conflict,
                "This project is being published already: wait for it to finish, or cancel it.",
            ));
        }
        let token = CancellationToken::new();
        running.insert(project_id.to_owned(), token.clone());
        Ok(Running {
            project_id: project_id.to_owned(),
            token,
            running: self.running.clone(),
        })
    }

    /// Stop the publish of `project_id`; nothing happens when none is running.
    pub fn cancel(&self, project_id: &str) {
        if let Some(token) = self
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(project_id)
        {
            token.cancel();
        }
    }
}
