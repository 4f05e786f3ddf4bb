//! A tiny static file host over a built `dist/`, the way a static host with an SPA fallback
//! serves it: a file by its path, `index.html` for a path with no extension, 404 otherwise (and
//! remembered, so a test can say which requests the build could not answer).

use s2c_webproject::serve::content_type;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

pub struct StaticHost {
    url: String,
    misses: Arc<Mutex<Vec<String>>>,
    task: tokio::task::JoinHandle<()>,
}

impl StaticHost {
    pub async fn start(dist: Vec<(String, Vec<u8>)>) -> Self {
        let files: Arc<BTreeMap<String, Vec<u8>>> = Arc::new(dist.into_iter().collect());
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let misses = Arc::new(Mutex::new(Vec::new()));
        let seen = misses.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let files = files.clone();
                let seen = seen.clone();
                tokio::spawn(async move {
                    let mut request = Vec::new();
                    let mut buffer = [0u8; 4096];
                    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                        match socket.read(&mut buffer).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => request.extend_from_slice(&buffer[..n]),
                        }
                    }
                    let line = String::from_utf8_lossy(&request);
                    let target = line.split_whitespace().nth(1).unwrap_or("/");
                    let path = target
                        .split(['?', '#'])
                        .next()
                        .unwrap_or("/")
                        .trim_start_matches('/');
                    let path = if path.is_empty() { "index.html" } else { path };
                    let name = path.rsplit('/').next().unwrap_or(path);
                    let (status, file, body) = match files.get(path) {
                        Some(body) => ("200 OK", path, body.clone()),
                        None if !name.contains('.') => (
                            "200 OK",
                            "index.html",
                            files.get("index.html").cloned().unwrap_or_default(),
                        ),
                        None => {
                            if let Ok(mut seen) = seen.lock() {
                                seen.push(target.to_string());
                            }
                            ("404 Not Found", "x.txt", b"not found".to_vec())
                        }
                    };
                    let head = format!(
                        "HTTP/1.1 {status}\r\ncontent-type: {}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                        content_type(file),
                        body.len()
                    );
                    let _ = socket.write_all(head.as_bytes()).await;
                    let _ = socket.write_all(&body).await;
                    let _ = socket.shutdown().await;
                });
            }
        });
        Self { url, misses, task }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn misses(&self) -> Vec<String> {
        self.misses.lock().map(|m| m.clone()).unwrap_or_default()
    }
}

impl Drop for StaticHost {
    fn drop(&mut self) {
        self.task.abort();
    }
}
