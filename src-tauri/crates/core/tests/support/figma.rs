//! A mock of Figma's REST API and of its image store, on two local ports (two hosts: the image
//! store is never the API host). Answers are shaped as Figma's REST API reference documents
//! them: `GET /v1/images/:key` → `{"err":null,"images":{"1:2":"https://…"}}`,
//! `GET /v1/files/:key/nodes` → `{"name":…,"nodes":{"1:2":{"document":…}}}` (the fixture in
//! `fixtures/figma/nodes.json`), `GET /v1/me` → the user, errors as `{"status":403,"err":…}`.

use super::{Captured, MockServer, Reply};
use s2c_core::figma::{FigmaClient, FigmaConfig};
use s2c_core::safe_fetch::{FetchLimits, SafeFetcher};
use s2c_core::vocab::ApiKey;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub const TOKEN: &str = "figd_mock-token-0123456789abcdefghij";
pub const FILE_KEY: &str = "AbC123xyz";
pub const NODE_ID: &str = "1:2";
pub const LINK: &str = "https://www.figma.com/design/AbC123xyz/Marketing-site?node-id=1-2&t=abc";

pub fn nodes_fixture() -> Value {
    serde_json::from_str(include_str!("../fixtures/figma/nodes.json")).expect("fixture")
}

/// A real PNG of `w`×`h` (the mock renders the frame at each scale).
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_pixel(w, h, image::Rgba([30, 64, 175, 255]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encode png");
    out.into_inner()
}

pub type Route = Arc<dyn Fn(&Captured, &str) -> Reply + Send + Sync>;

pub struct FigmaMock {
    pub api: MockServer,
    pub images: MockServer,
}

/// The answers of a working file: both scales render, the node is the fixture's frame.
pub fn working_api(request: &Captured, images_base: &str) -> Reply {
    let path = request.path.split('?').next().unwrap_or("");
    let query = request.path.split_once('?').map(|(_, q)| q).unwrap_or("");
    match path {
        "/v1/me" => Reply::json(
            200,
            &json!({"id": "1", "email": "ada@example.com", "handle": "Ada", "img_url": "https://s3-alpha.figma.com/profile/1"}),
        ),
        p if p == format!("/v1/images/{FILE_KEY}") => {
            let scale = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("scale="))
                .unwrap_or("1");
            Reply::json(
                200,
                &json!({"err": null, "images": {NODE_ID: format!("{images_base}/images/frame@{scale}x.png")}}),
            )
        }
        p if p == format!("/v1/files/{FILE_KEY}/nodes") => Reply::json(200, &nodes_fixture()),
        _ => Reply::json(404, &json!({"status": 404, "err": "Not found"})),
    }
}

impl FigmaMock {
    pub async fn start(route: impl Fn(&Captured, &str) -> Reply + Send + Sync + 'static) -> Self {
        let api = MockServer::start(vec![]).await;
        let images = MockServer::start(vec![]).await;
        let images_base = images.url("");
        api.respond_with(move |r| route(r, &images_base));
        images.respond_with(|r| {
            let path = r.path.split('?').next().unwrap_or("");
            match path {
                "/images/frame@2x.png" => Reply::new(200, "image/png", png(64, 40)),
                "/images/frame@1x.png" => Reply::new(200, "image/png", png(32, 20)),
                // A preview at a fractional scale.
                p if p.starts_with("/images/frame@0.") => Reply::new(200, "image/png", png(16, 10)),
                _ => Reply::new(404, "text/plain", "no such image"),
            }
        });
        Self { api, images }
    }

    pub fn images_addr(&self) -> SocketAddr {
        self.images
            .url("")
            .trim_start_matches("http://")
            .parse()
            .expect("addr")
    }

    /// A client for the mock: the API at the mock's base URL, images allowed from the image
    /// mock only (by address, as the safe fetcher's test exception).
    pub fn client(&self, token: &str) -> FigmaClient {
        self.client_allowing(token, &[&self.images_addr().to_string()])
    }

    /// A client for the mock whose image hosts are `hosts` only; the image mock stays reachable
    /// through the fetcher, so only the host list can keep a download away from it.
    pub fn client_allowing(&self, token: &str, hosts: &[&str]) -> FigmaClient {
        let downloads =
            SafeFetcher::with_exceptions(FetchLimits::default(), vec![self.images_addr()])
                .expect("fetcher");
        let mut cfg = FigmaConfig::new(self.api.url(""), ApiKey::new(token), downloads);
        cfg.image_hosts = hosts.iter().map(|h| (*h).to_owned()).collect();
        cfg.max_wait = Duration::from_secs(2);
        FigmaClient::new(cfg).expect("client")
    }

    /// Every API request carried the token; no image request carried it (or any auth).
    pub fn assert_token_only_on_the_api(&self, token: &str) {
        for r in self.api.requests() {
            assert_eq!(
                r.header("x-figma-token"),
                Some(token),
                "API request {} without the token",
                r.path
            );
            assert_eq!(r.method, "GET", "{}", r.path);
        }
        for r in self.images.requests() {
            assert!(
                r.header("x-figma-token").is_none(),
                "the image host got the token: {}",
                r.path
            );
            assert!(
                r.header("authorization").is_none(),
                "the image host got credentials: {}",
                r.path
            );
            let all = format!("{} {:?}", r.path, r.headers);
            assert!(
                !all.contains(token),
                "the image request carries the token: {all}"
            );
        }
    }

    pub fn api_paths(&self) -> Vec<String> {
        self.api.requests().into_iter().map(|r| r.path).collect()
    }
}
