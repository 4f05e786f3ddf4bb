//! Gathering everything a page needs into one set of files: its own files, local assets it
//! references, `data:` URLs turned into files, and remote images fetched through the SSRF guard.
//! References are rewritten to the new relative paths.

use super::admit::{self, ImportLimits, ImportSummary, SkippedFile};
use super::locate::{climbs_out, extension_for, locate, relative, Target};
use super::refs::{collect_css, collect_html, rewrite_css, rewrite_html, RefKind};
use crate::project::blobs::hash;
use crate::project::paths::join;
use crate::safe_fetch::SafeFetcher;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::path::Path;

/// Limits on what an export fetches from the network.
#[derive(Debug, Clone, Copy)]
pub struct RemoteLimits {
    pub max_images: usize,
    pub max_total_bytes: u64,
}

impl Default for RemoteLimits {
    fn default() -> Self {
        Self {
            max_images: 50,
            max_total_bytes: 100 * 1024 * 1024,
        }
    }
}

#[derive(Debug, Default)]
pub struct Bundle {
    pub files: BTreeMap<String, Vec<u8>>,
    pub data_urls: u32,
    pub remote_images: u32,
    pub warnings: Vec<String>,
    /// For an import: what was pulled in from the folder and what was not.
    pub summary: ImportSummary,
}

/// Where missing local files may be looked up (the project folder), and how to reach the network.
pub struct Sources<'a> {
    pub disk_root: Option<&'a Path>,
    /// `None`: remote images stay as links.
    pub fetcher: Option<&'a SafeFetcher>,
    pub limits: RemoteLimits,
    /// Set for an import: files from `disk_root` are pulled in only under its rules.
    pub import: Option<ImportLimits>,
}

pub async fn gather(files: Vec<(String, Vec<u8>)>, sources: &Sources<'_>) -> Bundle {
    let mut bundle = Bundle {
        files: files.into_iter().collect(),
        ..Bundle::default()
    };
    let mut queue: VecDeque<String> = bundle
        .files
        .keys()
        .filter(|p| is_document(p))
        .cloned()
        .collect();
    let mut fetched: HashMap<String, Option<String>> = HashMap::new();
    let mut fetched_bytes = 0u64;
    let mut imported_bytes = 0u64;
    while let Some(doc) = queue.pop_front() {
        let Some(text) = bundle
            .files
            .get(&doc)
            .and_then(|b| String::from_utf8(b.clone()).ok())
        else {
            continue;
        };
        let is_html = is_html(&doc);
        let refs = if is_html {
            collect_html(&text)
        } else {
            collect_css(&text)
                .into_iter()
                .map(|u| (u, RefKind::Image))
                .collect()
        };
        let mut map = HashMap::new();
        for (reference, kind) in refs {
            if map.contains_key(&reference) {
                continue;
            }
            let new_path = match locate(&doc, &reference) {
                Target::Ignore => None,
                Target::Hidden => {
                    if sources.import.is_some() {
                        skip(&mut bundle, &reference, admit::HIDDEN);
                    } else {
                        bundle.warnings.push(format!(
                            "{doc} references {reference}, a hidden file, which is never copied"
                        ));
                    }
                    None
                }
                Target::Local(path) => {
                    let present = match &sources.import {
                        Some(limits) => import_local(
                            &mut bundle,
                            sources.disk_root,
                            (&doc, &reference, &path),
                            limits,
                            &mut imported_bytes,
                            &mut queue,
                        ),
                        None => {
                            let present = bundle.files.contains_key(&path)
                                || add_from_disk(&mut bundle, sources.disk_root, &path, &mut queue);
                            if !present {
                                bundle.warnings.push(format!(
                                    "{doc} references {reference}, which does not exist"
                                ));
                            }
                            present
                        }
                    };
                    // A root-relative "/assets/x" breaks when opened from disk: make it relative.
                    present
                        .then_some(path)
                        .filter(|_| reference.trim().starts_with('/'))
                }
                Target::Data { media_type, bytes } => {
                    let path = format!(
                        "assets/inline-{}.{}",
                        &hash(&bytes)[..12],
                        extension_for(&media_type)
                    );
                    bundle.files.entry(path.clone()).or_insert(bytes);
                    bundle.data_urls += 1;
                    Some(path)
                }
                Target::Remote(url) => {
                    if kind != RefKind::Image {
                        None
                    } else if let Some(fetcher) = sources.fetcher {
                        if let Some(done) = fetched.get(&url) {
                            done.clone()
                        } else {
                            let got = fetch_image(
                                &mut bundle,
                                fetcher,
                                &url,
                                &sources.limits,
                                fetched.len(),
                                &mut fetched_bytes,
                            )
                            .await;
                            fetched.insert(url, got.clone());
                            got
                        }
                    } else {
                        None
                    }
                }
            };
            if let Some(path) = new_path {
                map.insert(reference, relative(&doc, &path));
            }
        }
        if map.is_empty() {
            continue;
        }
        let rewritten = if is_html {
            match rewrite_html(&text, &map) {
                Ok(t) => t,
                Err(e) => {
                    bundle
                        .warnings
                        .push(format!("{doc} could not be rewritten: {e}"));
                    continue;
                }
            }
        } else {
            rewrite_css(&text, &|u| map.get(u).cloned())
        };
        bundle.files.insert(doc, rewritten.into_bytes());
    }
    bundle
}

fn is_html(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".html") || lower.ends_with(".htm")
}

fn is_document(path: &str) -> bool {
    is_html(path) || path.to_ascii_lowercase().ends_with(".css")
}

/// Copy a referenced file from the project folder. Symlinks are not followed out of it.
fn add_from_disk(
    bundle: &mut Bundle,
    root: Option<&Path>,
    path: &str,
    queue: &mut VecDeque<String>,
) -> bool {
    let Some(root) = root else { return false };
    let abs = join(root, path);
    let inside = match (abs.canonicalize(), root.canonicalize()) {
        (Ok(a), Ok(r)) => a.starts_with(r),
        _ => false,
    };
    if !inside || !abs.is_file() {
        return false;
    }
    match std::fs::read(&abs) {
        Ok(bytes) => {
            bundle.files.insert(path.to_owned(), bytes);
            if is_document(path) {
                queue.push_back(path.to_owned());
            }
            true
        }
        Err(_) => false,
    }
}

/// For an import: whether the file an imported page references (document, reference, path) is
/// there, pulling it in from the folder if [`admit`]'s rules allow; a refusal goes in the summary.
fn import_local(
    bundle: &mut Bundle,
    root: Option<&Path>,
    (doc, reference, path): (&str, &str, &str),
    limits: &ImportLimits,
    total: &mut u64,
    queue: &mut VecDeque<String>,
) -> bool {
    let got = if climbs_out(doc, reference) {
        Err(admit::OUTSIDE.to_owned())
    } else if admit::is_hidden(path) {
        Err(admit::HIDDEN.to_owned())
    } else if bundle.files.contains_key(path) {
        return true;
    } else if let Some(root) = root {
        admit::read_asset(root, path, limits, total)
    } else {
        Err(admit::MISSING.to_owned())
    };
    match got {
        Ok(bytes) => {
            bundle.files.insert(path.to_owned(), bytes);
            bundle.summary.pulled_in.push(path.to_owned());
            if is_document(path) {
                queue.push_back(path.to_owned());
            }
            true
        }
        Err(reason) => {
            skip(bundle, reference, &reason);
            false
        }
    }
}

/// `reference` reported as left out, once.
fn skip(bundle: &mut Bundle, reference: &str, reason: &str) {
    let skipped = SkippedFile {
        reference: reference.trim().to_owned(),
        reason: reason.to_owned(),
    };
    if !bundle.summary.skipped.contains(&skipped) {
        bundle.summary.skipped.push(skipped);
    }
}

async fn fetch_image(
    bundle: &mut Bundle,
    fetcher: &SafeFetcher,
    url: &str,
    limits: &RemoteLimits,
    attempted: usize,
    total: &mut u64,
) -> Option<String> {
    if attempted >= limits.max_images {
        bundle.warnings.push(format!(
            "{url} was left as a link: at most {} remote images are fetched",
            limits.max_images
        ));
        return None;
    }
    match fetcher.fetch(url).await {
        Ok(got) => {
            let media_type = got.content_type.unwrap_or_default();
            if !media_type.starts_with("image/") {
                bundle.warnings.push(format!(
                    "{url} was left as a link: it is not an image ({media_type})"
                ));
                return None;
            }
            if *total + got.bytes.len() as u64 > limits.max_total_bytes {
                bundle.warnings.push(format!(
                    "{url} was left as a link: remote images are limited to {} MB in total",
                    limits.max_total_bytes / 1024 / 1024
                ));
                return None;
            }
            *total += got.bytes.len() as u64;
            let path = format!(
                "assets/remote-{}.{}",
                &hash(&got.bytes)[..12],
                extension_for(&media_type)
            );
            bundle.files.entry(path.clone()).or_insert(got.bytes);
            bundle.remote_images += 1;
            Some(path)
        }
        Err(e) => {
            bundle
                .warnings
                .push(format!("{url} was left as a link: {e}"));
            None
        }
    }
}
