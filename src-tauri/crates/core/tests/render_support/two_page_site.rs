//! A two-page React + Vite site (Home at `/`, Pricing at `/pricing`, a shared header) for the
//! tests that score a site page by page, and its pages' screenshots rendered here: Home at a
//! desktop and a mobile width (one page handed over at two widths), Pricing at desktop.

use s2c_core::fidelity::screenshot_of;
use s2c_core::render::{FileSnapshot, PreviewSource, Renderer, ScreenSize};
use s2c_core::vocab::paths::normalize;
use std::sync::Arc;

pub const APP: &str = r#"import { BrowserRouter, Routes, Route } from "react-router-dom";
import Header from "@/components/Header";
import Home from "./pages/Home";
import Pricing from "./pages/Pricing";

export default function App() {
  return (
    <BrowserRouter>
      <Header />
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/pricing" element={<Pricing />} />
      </Routes>
    </BrowserRouter>
  );
}
"#;

pub const HEADER: &str = r#"import { Link } from "react-router-dom";

export default function Header() {
  return (
    <header className="flex items-center gap-6 bg-[#0f172a] p-6 text-white">
      <Link to="/">Home</Link>
      <Link to="/pricing">Pricing</Link>
    </header>
  );
}
"#;

/// Three columns on a desktop, stacked on a phone.
pub const HOME: &str = r#"export default function Home() {
  return (
    <main className="p-10">
      <h1 className="text-5xl font-bold">Ship faster</h1>
      <div className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-3">
        <section className="h-40 rounded-xl bg-[#1d4ed8]" />
        <section className="h-40 rounded-xl bg-[#16a34a]" />
        <section className="h-40 rounded-xl bg-[#f59e0b]" />
      </div>
    </main>
  );
}
"#;

pub const PRICING: &str = r#"export default function Pricing() {
  return (
    <main className="grid grid-cols-3 gap-6 p-10">
      <h1 className="col-span-3 text-4xl font-bold">Plans</h1>
      {["Starter", "Team", "Scale"].map((name) => (
        <section key={name} className="h-64 rounded-xl bg-[#dc2626] p-6 text-white">{name}</section>
      ))}
    </main>
  );
}
"#;

/// A pricing page a model got wrong: no plans, a pale banner where they should be.
pub const WRONG_PRICING: &str = r#"export default function Pricing() {
  return (
    <main className="p-10">
      <p className="text-sm">Pricing is coming soon.</p>
      <div className="mt-40 h-24 bg-[#fef9c3]" />
    </main>
  );
}
"#;

pub const DESKTOP: ScreenSize = ScreenSize {
    width: 1280,
    height: 800,
};
pub const MOBILE: ScreenSize = ScreenSize {
    width: 390,
    height: 844,
};

/// The files the model writes, with `pricing` as the pricing page.
pub fn written(pricing: &str) -> Vec<(&'static str, String)> {
    vec![
        ("src/App.tsx", APP.to_owned()),
        ("src/components/Header.tsx", HEADER.to_owned()),
        ("src/pages/Home.tsx", HOME.to_owned()),
        ("src/pages/Pricing.tsx", pricing.to_owned()),
    ]
}

/// The whole site (the starter's own files too), with `pricing` as the pricing page.
pub fn files(pricing: &str) -> Vec<(String, Vec<u8>)> {
    let mut tree = s2c_webproject::shape::starter_tree("Site").expect("starter");
    for (path, text) in written(pricing) {
        tree.insert(path, text.as_str()).expect("file");
    }
    tree.iter()
        .map(|(p, b)| (p.to_owned(), b.to_vec()))
        .collect()
}

pub fn source(pricing: &str) -> Arc<dyn PreviewSource> {
    let texts = files(pricing)
        .into_iter()
        .map(|(p, b)| {
            (
                normalize(&p).expect("path"),
                String::from_utf8_lossy(&b).into_owned(),
            )
        })
        .collect();
    Arc::new(FileSnapshot::new(texts, None))
}

/// The right site's `route` on `screen`, as a designer's screenshot of it.
pub async fn screenshot(renderer: &Renderer, route: &str, screen: ScreenSize) -> Vec<u8> {
    let url = s2c_webproject::path::route_url(route).expect("a route");
    screenshot_of(renderer, source(PRICING), &url, screen)
        .await
        .unwrap_or_else(|e| panic!("rendering {route} failed: {e}"))
}
