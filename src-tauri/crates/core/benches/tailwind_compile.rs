//! What a preview costs the app now that Tailwind is compiled outside the page: a ~300 KB
//! Tailwind v4 page (the footprint run's shape) served with its CSS in place of the browser
//! build. "first page" starts the compiler; "next version" is a streaming page one step on
//! (a new class, so no cache answers); "same version" is the preview, its thumbnail and its
//! screenshot asking for a page already compiled.

use criterion::{criterion_group, criterion_main, Criterion};
use s2c_core::render::tailwind::inline_compiled_css;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn page(extra: &str) -> String {
    let mut out = String::from(
        "<!DOCTYPE html><html><head><script src=\"https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4\"></script>\
         <style type=\"text/tailwindcss\">@theme { --color-brand: #0a84ff; }</style></head><body class=\"bg-slate-100\">",
    );
    let mut i = 0;
    while out.len() < 300 * 1024 {
        out.push_str(&format!(
            "<section class=\"mx-auto grid max-w-5xl grid-cols-3 gap-6 px-6 py-12 md:py-16\" id=\"s{i}\">\
             <h2 class=\"col-span-3 text-3xl font-bold text-slate-900 md:text-4xl\">Section {i}</h2>"
        ));
        for j in 0..3 {
            out.push_str(&format!(
                "<article class=\"rounded-2xl bg-white p-6 shadow hover:shadow-lg lg:col-span-{}\">\
                 <h3 class=\"text-lg font-semibold text-brand\">Feature {i}.{j}</h3>\
                 <p class=\"mt-2 leading-relaxed text-slate-600\">Ship dashboards your whole team understands.</p>\
                 <a class=\"mt-4 inline-block text-indigo-600 hover:underline\" href=\"#s{i}\">Learn more</a></article>",
                1 + j
            ));
        }
        out.push_str("</section>");
        i += 1;
    }
    out.push_str(&format!("<p class=\"{extra}\">end</p></body></html>"));
    out
}

fn bench(c: &mut Criterion) {
    let started = Instant::now();
    assert!(inline_compiled_css(&page("p-1")).is_some(), "compiles");
    println!("first page (the compiler starts): {:?}", started.elapsed());

    let mut group = c.benchmark_group("tailwind_300kb_page");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    let mut step = 0_u32;
    group.bench_function("next version", |b| {
        b.iter_batched(
            || {
                step += 1;
                page(&format!("w-[{step}px]"))
            },
            |html| black_box(inline_compiled_css(&html)),
            criterion::BatchSize::LargeInput,
        );
    });
    let same = page("p-2");
    group.bench_function("same version", |b| {
        b.iter(|| black_box(inline_compiled_css(&same)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
