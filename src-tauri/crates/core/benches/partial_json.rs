//! The streaming decoder on create_file arguments of 50 / 200 / 800 KB arriving in 4-byte
//! deltas. Linear cost means the time per byte stays flat across sizes.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use s2c_core::engine::CreateFileArgsDecoder;
use std::hint::black_box;

/// A page that looks generated: markup, attributes in quotes, newlines, a few non-ASCII chars.
fn page(bytes: usize) -> String {
    let block = "  <div class=\"card p-4 rounded-lg shadow\">\n    <h2 class=\"text-xl\">Café \
                 “Title”</h2>\n    <p>Body text with a \\ backslash and a tab\there.</p>\n  </div>\n";
    let mut out = String::from("<!DOCTYPE html>\n<html>\n<body>\n");
    while out.len() < bytes {
        out.push_str(block);
    }
    out
}

/// Splits at `size` bytes, moving each cut forward to a character boundary.
fn deltas(text: &str, size: usize) -> Vec<&str> {
    let mut out = Vec::with_capacity(text.len() / size + 1);
    let mut start = 0;
    while start < text.len() {
        let mut end = (start + size).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        out.push(&text[start..end]);
        start = end;
    }
    out
}

fn decode_all(pieces: &[&str]) -> usize {
    let mut decoder = CreateFileArgsDecoder::new();
    let mut content = String::new();
    for piece in pieces {
        content.clear();
        let _ = black_box(decoder.push_into(piece, &mut content));
        black_box(&content);
    }
    decoder.content_bytes()
}

fn decode_all_allocating(pieces: &[&str]) -> usize {
    let mut decoder = CreateFileArgsDecoder::new();
    for piece in pieces {
        let _ = black_box(decoder.push(piece));
    }
    decoder.content_bytes()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("create_file_args_4_byte_deltas");
    for kb in [50usize, 200, 800] {
        let args =
            serde_json::json!({"path": "index.html", "content": page(kb * 1024)}).to_string();
        let pieces = deltas(&args, 4);
        group.throughput(Throughput::Bytes(args.len() as u64));
        group.bench_with_input(BenchmarkId::new("push_into", kb), &pieces, |b, p| {
            b.iter(|| decode_all(p))
        });
        group.bench_with_input(BenchmarkId::new("push", kb), &pieces, |b, p| {
            b.iter(|| decode_all_allocating(p))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
