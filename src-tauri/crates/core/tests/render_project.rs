//! A React + Vite project rendered in real headless Chromium through the preview's resolver
//! (the path the app's screenshot tools, fidelity checks and `s2c render` take): two routes of
//! a BrowserRouter site show different pages, the modules compile in process, Tailwind styles
//! them, nothing is logged as an error and no request leaves the machine. Needs a Chromium
//! (Debian's `chromium` in CI, where S2C_REQUIRE_CHROMIUM=1).

mod render_support;

use s2c_core::render::{
    FileSnapshot, ImageEncoding, PreviewSource, Renderer, RendererConfig, ScreenSize, Shot,
    ShotRequest, Viewport,
};
use s2c_core::vocab::paths::normalize;
use std::sync::Arc;

const APP: &str = r#"import { BrowserRouter, Routes, Route } from "react-router-dom";
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

const HEADER: &str = r#"import { Link } from "react-router-dom";
import { Sparkles } from "lucide-react";

export default function Header() {
  return (
    <header className="flex items-center gap-6 bg-[#0f172a] p-6 text-white">
      <Sparkles className="size-6" />
      <Link to="/">Home</Link>
      <Link to="/pricing">Pricing</Link>
    </header>
  );
}
"#;

const HOME: &str = r#"export default function Home() {
  return (
    <main className="p-10">
      <h1 className="text-5xl font-bold">Ship faster</h1>
    </main>
  );
}
"#;

const PRICING: &str = r#"export default function Pricing() {
  return (
    <main className="grid grid-cols-3 gap-6 p-10">
      <h1 className="col-span-3 text-4xl font-bold">Plans</h1>
      {["Starter", "Team", "Scale"].map((name) => (
        <section key={name} className="h-64 rounded-xl bg-[#ff0000] p-6 text-white">{name}</section>
      ))}
    </main>
  );
}
"#;

fn project() -> Arc<dyn PreviewSource> {
    let mut tree = s2c_webproject::shape::starter_tree("Site").expect("starter");
    for (path, text) in [
        ("src/App.tsx", APP),
        ("src/components/Header.tsx", HEADER),
        ("src/pages/Home.tsx", HOME),
        ("src/pages/Pricing.tsx", PRICING),
    ] {
        tree.insert(path, text).expect("file");
    }
    let texts = tree
        .iter()
        .map(|(p, b)| {
            (
                normalize(p).expect("path"),
                String::from_utf8_lossy(b).into_owned(),
            )
        })
        .collect();
    Arc::new(FileSnapshot::new(texts, None))
}

async fn shoot(renderer: &Renderer, route: &str) -> Shot {
    let mut request = ShotRequest::new(route, &[Viewport::Desktop]);
    request.desktop_screen = Some(ScreenSize {
        width: 1280,
        height: 800,
    });
    request.encoding = ImageEncoding::Png;
    request.probe = Some(
        "({ h1: document.querySelector('h1')?.textContent, \
           header: getComputedStyle(document.querySelector('header')).backgroundColor, \
           icon: !!document.querySelector('svg.lucide'), \
           tagged: document.querySelector('h1')?.getAttribute('data-s2c-loc') })"
            .to_owned(),
    );
    let mut shots = renderer.shoot(project(), &request).await.expect("renders");
    shots.remove(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_routes_of_a_project_render_offline_through_the_resolver() {
    let Some(chromium) = render_support::chromium() else {
        return;
    };
    let renderer = Renderer::new(RendererConfig::new(chromium));
    let home = shoot(&renderer, "/").await;
    let pricing = shoot(&renderer, "/pricing").await;
    renderer.shutdown().await;

    for (route, shot, h1, tag) in [
        ("/", &home, "Ship faster", "src/pages/Home.tsx:4:7"),
        ("/pricing", &pricing, "Plans", "src/pages/Pricing.tsx:4:7"),
    ] {
        let probe = shot.probe.clone().unwrap_or_default();
        assert_eq!(probe["h1"], h1, "{route} shows its page: {probe}");
        assert_eq!(
            probe["header"], "rgb(15, 23, 42)",
            "{route}: Tailwind styled the shared header: {probe}"
        );
        assert_eq!(probe["icon"], true, "{route}: the lucide icon: {probe}");
        assert_eq!(
            probe["tagged"], tag,
            "{route}: the source location: {probe}"
        );
        assert!(
            shot.console_errors.is_empty(),
            "{route} logged: {:?}",
            shot.console_errors
        );
        assert!(
            shot.blocked.is_empty(),
            "{route} asked the network: {:?}",
            shot.blocked
        );
        assert!(shot.missing.is_empty(), "{route}: {:?}", shot.missing);
        assert!(shot.loaded, "{route} finished loading");
    }
    let red = |shot: &Shot| {
        let image = image::load_from_memory(&shot.image).expect("png").to_rgb8();
        image
            .pixels()
            .filter(|p| p[0] > 200 && p[1] < 50 && p[2] < 50)
            .count()
    };
    assert!(red(&pricing) > 50_000, "the pricing cards are drawn");
    assert_eq!(red(&home), 0, "the home page has none");
}
