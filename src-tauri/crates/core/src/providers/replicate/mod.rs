//! Replicate's HTTP API (<https://replicate.com/docs/reference/http>): predictions run to
//! their end, and the files they made fetched without the key. The image tools that use it are
//! `tools/replicate/`.

mod client;
mod model;
mod output;

pub use client::{
    download_limits, result_fetcher, Replicate, ReplicateConfig, ReplicateError,
    DEFAULT_REPLICATE_BASE_URL,
};
pub use model::ReplicateModel;
