//! The project pipeline's speed (docs/PERFORMANCE.md, "Projects"): a 40-module project served
//! cold (every module parsed, transformed, tagged, linked: the bytes the preview sends), one
//! cached module served warm, and the offline static build of the same project.
//!
//! `cargo bench -p s2c-webproject --bench transform`

#[path = "../tests/support/sample.rs"]
mod sample;

use criterion::{criterion_group, criterion_main, Criterion};
use s2c_webproject::graph;
use s2c_webproject::transform::Options;
use s2c_webproject::{build, path, serve, Cache};
use std::hint::black_box;

const MODULES: usize = 40;

fn urls(tree: &s2c_webproject::Tree) -> Vec<String> {
    let report = graph::check(
        tree,
        &Cache::new(),
        Options {
            tag_locations: true,
        },
    );
    assert!(
        report.is_ok() && report.modules.len() == MODULES,
        "{:?} {}",
        report.errors,
        report.modules.len()
    );
    report.modules.iter().map(|m| path::to_url(m)).collect()
}

fn pipeline(c: &mut Criterion) {
    let tree = sample::generated(MODULES);
    let urls = urls(&tree);
    let bytes: usize = urls
        .iter()
        .map(|u| tree.get(u.trim_start_matches('/')).map_or(0, |b| b.len()))
        .sum();
    eprintln!("{} modules, {bytes} bytes of source", urls.len());

    c.bench_function("serve 40 modules cold", |b| {
        b.iter(|| {
            let cache = Cache::new();
            for url in &urls {
                black_box(serve(&tree, &cache, url));
            }
        });
    });

    let cache = Cache::new();
    for url in &urls {
        serve(&tree, &cache, url);
    }
    let one = &urls[urls.len() - 1];
    c.bench_function("serve 1 cached module warm", |b| {
        b.iter(|| black_box(serve(&tree, &cache, one)));
    });

    c.bench_function("static build of 40 modules", |b| {
        b.iter(|| black_box(build(&tree, &Cache::new()).expect("builds")));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = pipeline
}
criterion_main!(benches);
