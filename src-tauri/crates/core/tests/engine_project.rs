//! The React + Vite (project) stack end to end against the mock vendor (OpenAI Responses, as
//! documented): the plan builder gives the model the project's rules, the page list and the tree
//! tools; the model writes a 6-file, 2-page project (3 shared components, 2 pages, the routes),
//! is told in a tool result that a package is not available offline and fixes it; then a second
//! generation changes one shared component, starting from the tree with only the files in play.

mod support;

use s2c_core::engine::{
    self, CollectingSink, EventEmitter, GenerationOutcome, GenerationPlan, LoopLimits, PlanSource,
    PlannedVariant, VariantEnd, VendorSessions,
};
use s2c_core::prompts::{pages_from_file_names, CreateInput, SelectedElement, Stack};
use s2c_core::providers::Provider;
use s2c_core::tools::MediaTools;
use s2c_core::vocab::{ImageAttachment, RelPath};
use s2c_webproject::transform::Options;
use s2c_webproject::{graph, Cache, Tree};
use serde_json::{json, Value};
use std::sync::Arc;
use support::engine_harness::{char_chunks, sse, text_turn, AwaitOutcome, Harness};
use support::openai::{usage, ResponsesStream};

const HEADER: &str = r#"import { Link } from "react-router-dom";

export default function Header() {
  return (
    <header className="flex items-center justify-between px-8 py-4 border-b">
      <Link to="/" className="font-semibold">Acme</Link>
      <nav className="flex gap-6 text-sm">
        <Link to="/">Home</Link>
        <Link to="/pricing">Pricing</Link>
      </nav>
    </header>
  );
}
"#;

const FOOTER: &str = r#"export default function Footer() {
  return <footer className="px-8 py-6 text-sm text-slate-500">© 2026 Acme</footer>;
}
"#;

const PLAN_CARD: &str = r#"import { Check } from "lucide-react";

type Props = { name: string; price: string; features: string[] };

export default function PlanCard({ name, price, features }: Props) {
  return (
    <div className="rounded-xl border p-6">
      <h3 className="text-lg font-semibold">{name}</h3>
      <p className="text-3xl font-bold">{price}</p>
      <ul>
        {features.map((f) => (
          <li key={f} className="flex gap-2"><Check size={16} />{f}</li>
        ))}
      </ul>
    </div>
  );
}
"#;

const HOME: &str = r#"import Header from "@/components/Header";
import Footer from "@/components/Footer";
import { motion } from "framer-motion";

export default function Home() {
  return (
    <>
      <Header />
      <motion.main className="px-8 py-24"><h1 className="text-5xl font-bold">Ship faster</h1></motion.main>
      <Footer />
    </>
  );
}
"#;

const PRICING: &str = r#"import Header from "@/components/Header";
import Footer from "@/components/Footer";
import PlanCard from "@/components/PlanCard";

const plans = [
  { name: "Starter", price: "$9", features: ["1 site"] },
  { name: "Pro", price: "$29", features: ["10 sites", "Analytics"] },
];

export default function Pricing() {
  return (
    <>
      <Header />
      <main className="grid grid-cols-2 gap-6 px-8 py-16">
        {plans.map((p) => <PlanCard key={p.name} {...p} />)}
      </main>
      <Footer />
    </>
  );
}
"#;

const APP: &str = r#"import { BrowserRouter, Routes, Route } from "react-router-dom";
import Home from "./pages/Home";
import Pricing from "./pages/Pricing";

export default function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/pricing" element={<Pricing />} />
      </Routes>
    </BrowserRouter>
  );
}
"#;

/// One turn of several function calls, each call's arguments streamed in small deltas.
fn calls(calls: &[(&str, &str, Value)]) -> ResponsesStream {
    let mut s = ResponsesStream::new();
    for (call_id, name, args) in calls {
        let args = args.to_string();
        let deltas = char_chunks(&args, 7);
        let deltas: Vec<&str> = deltas.iter().map(String::as_str).collect();
        s.function_call(&format!("fc_{call_id}"), call_id, name, &deltas);
    }
    s.completed(usage(2000, 0, 600, 0));
    s
}

fn write(call_id: &str, path: &str, content: &str) -> (String, String, Value) {
    (
        call_id.to_owned(),
        "create_file".to_owned(),
        json!({"path": path, "content": content}),
    )
}

fn turn(list: &[(String, String, Value)]) -> ResponsesStream {
    let borrowed: Vec<(&str, &str, Value)> = list
        .iter()
        .map(|(c, n, a)| (c.as_str(), n.as_str(), a.clone()))
        .collect();
    calls(&borrowed)
}

fn png() -> ImageAttachment {
    support::images::flat_png(8, 8)
}

/// A project generation through the app's plan builder: one variant, no media tools.
async fn generate(
    h: &mut Harness,
    source: PlanSource,
    start_files: Vec<(String, String)>,
) -> GenerationOutcome {
    let dir = tempfile::tempdir().expect("temp dir");
    let variant = PlannedVariant {
        provider: Provider::OpenAi,
        session: h.session(None),
        dir: dir.path().to_path_buf(),
        fallback: None,
    };
    h.dirs.push(dir);
    let built = GenerationPlan {
        stack: Stack::ReactVite,
        source,
        design_system: None,
        assets: vec![],
        start_files,
        pages: pages_from_file_names(&["home.png", "pricing.png"]),
        variants: vec![variant],
        media: MediaTools::new(None, None, None),
        image_generation: false,
        limits: LoopLimits::default(),
        factory: Arc::new(VendorSessions),
    }
    .build()
    .expect("a plan");
    let sink = Arc::new(CollectingSink::new());
    h.sink = sink.clone();
    engine::start(built.spec, Arc::new(EventEmitter::new(sink)))
        .await_outcome()
        .await
}

/// The function_call_output of `call_id` in a request.
fn output_of(body: &Value, call_id: &str) -> String {
    body["input"]
        .as_array()
        .expect("input")
        .iter()
        .find(|i| i["type"] == "function_call_output" && i["call_id"] == call_id)
        .and_then(|i| i["output"].as_str())
        .unwrap_or_default()
        .to_owned()
}

fn tree_of(outcome: &GenerationOutcome) -> Tree {
    Tree::from_files(
        outcome.variants[0]
            .files
            .files()
            .map(|(p, c)| (p.as_str().to_owned(), c.as_bytes().to_vec())),
    )
    .expect("a tree")
}

fn file<'a>(outcome: &'a GenerationOutcome, path: &str) -> Option<&'a str> {
    outcome.variants[0]
        .files
        .get(&s2c_core::vocab::paths::normalize(path).expect("path"))
}

async fn first_generation() -> (Harness, GenerationOutcome) {
    let mut h = Harness::new(vec![
        sse(&turn(&[
            write("c1", "src/components/Header.tsx", HEADER),
            write("c2", "src/components/Footer.tsx", FOOTER),
            write("c3", "src/components/PlanCard.tsx", PLAN_CARD),
        ])),
        sse(&turn(&[
            write("c4", "src/pages/Home.tsx", HOME),
            write("c5", "src/pages/Pricing.tsx", PRICING),
            write("c6", "src/App.tsx", APP),
        ])),
        // Told that framer-motion is not served, the model uses a plain element.
        sse(&turn(&[(
            "c7".to_owned(),
            "edit_file".to_owned(),
            json!({"path": "src/pages/Home.tsx", "edits": [
                {"old_text": "import { motion } from \"framer-motion\";\n", "new_text": ""},
                {"old_text": "<motion.main", "new_text": "<main"},
                {"old_text": "</motion.main>", "new_text": "</main>"}
            ]}),
        )])),
        sse(&text_turn(
            "Built the home and pricing pages with a shared header, footer and plan card.",
        )),
    ])
    .await;
    let source = PlanSource::Create {
        input: CreateInput::screenshots(vec![png(), png()]),
        instructions: None,
    };
    let outcome = generate(&mut h, source, vec![]).await;
    (h, outcome)
}

#[tokio::test]
async fn two_screenshots_make_a_two_page_project_of_six_files_that_runs() {
    let (h, outcome) = first_generation().await;
    let v = &outcome.variants[0];
    assert_eq!(v.status, VariantEnd::Complete, "{:?}", v.status);
    assert_eq!((v.turns, v.tool_calls), (4, 7));

    let requests = h.server.requests();
    let first = requests[0].json();
    let system = first["instructions"].as_str().unwrap_or_default();
    assert!(
        system.contains("## Stack: React + Vite (project)"),
        "{system}"
    );
    assert!(system.contains("`react-router-dom`") && system.contains("`lucide-react`"));
    let opening = first["input"].to_string();
    assert!(
        opening.contains("\\\"Home\\\" at route `/`, in src/pages/Home.tsx"),
        "{opening}"
    );
    assert!(opening.contains("\\\"Pricing\\\" at route `/pricing`, in src/pages/Pricing.tsx"));
    let tools: Vec<&str> = first["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        tools,
        [
            "create_file",
            "edit_file",
            "retrieve_option",
            "save_assets",
            "read_file",
            "list_files",
            "delete_file",
            "rename_file"
        ]
    );

    // Writing Header before the pages exist is fine; Home's import of framer-motion is answered.
    let second = requests[1].json();
    assert_eq!(
        output_of(&second, "c1"),
        format!(
            "Created src/components/Header.tsx ({} B, 13 lines).",
            HEADER.len()
        )
    );
    let third = requests[2].json();
    let home = output_of(&third, "c4");
    assert!(
        home.contains("src/pages/Home.tsx: `framer-motion` is not available offline; available: "),
        "{home}"
    );
    assert!(
        home.contains("src/pages/Home.tsx is not imported anywhere"),
        "no route yet: {home}"
    );
    let app = output_of(&third, "c6");
    assert!(
        app.contains("`framer-motion` is not available offline")
            && !app.contains("not imported anywhere"),
        "with the routes, the whole graph: {app}"
    );
    let fix = output_of(&requests[3].json(), "c7");
    assert!(
        fix.starts_with("Edited src/pages/Home.tsx: 3 replacements in 3 edits")
            && !fix.contains("Fix these"),
        "{fix}"
    );

    // The variant is the starter project with the model's six files, and it runs.
    let tree = tree_of(&outcome);
    let paths: Vec<&str> = tree.paths().collect();
    assert_eq!(
        paths,
        [
            "index.html",
            "package.json",
            "src/App.tsx",
            "src/components/Footer.tsx",
            "src/components/Header.tsx",
            "src/components/PlanCard.tsx",
            "src/index.css",
            "src/main.tsx",
            "src/pages/Home.tsx",
            "src/pages/Pricing.tsx",
            "tsconfig.json",
            "vite.config.ts",
        ]
    );
    let report = graph::check(
        &tree,
        &Cache::new(),
        Options {
            tag_locations: true,
        },
    );
    assert!(
        report.errors.is_empty() && report.warnings.is_empty(),
        "{report:?}"
    );
    assert_eq!(
        report.modules.len(),
        7,
        "main, App, 2 pages, 3 components: {:?}",
        report.modules
    );
    assert!(tree
        .text("index.html")
        .expect("html")
        .contains("<title>Home</title>"));
    support::tool_pairs::assert_every_tool_closed(&h.events());
}

#[tokio::test]
async fn a_second_turn_changes_one_shared_component_from_the_files_in_play() {
    let (_, first) = first_generation().await;
    let start: Vec<(String, String)> = first.variants[0]
        .files
        .files()
        .map(|(p, c)| (p.as_str().to_owned(), c.to_owned()))
        .collect();
    let mut h = Harness::new(vec![
        sse(&turn(&[(
            "r1".to_owned(),
            "read_file".to_owned(),
            json!({"path": "src/pages/Pricing.tsx"}),
        )])),
        sse(&turn(&[(
            "e1".to_owned(),
            "edit_file".to_owned(),
            json!({"path": "src/components/Header.tsx", "old_text": "border-b", "new_text": "sticky top-0 bg-white border-b"}),
        )])),
        sse(&text_turn("The header is sticky on every page.")),
    ])
    .await;
    let source = PlanSource::Update {
        change_request: "Make the header sticky".into(),
        selected_element: None,
        reference_images: vec![],
        hand_set: vec![],
    };
    let outcome = generate(&mut h, source, start.clone()).await;
    assert_eq!(outcome.variants[0].status, VariantEnd::Complete);

    let requests = h.server.requests();
    let opening = requests[0].json()["input"].to_string();
    assert!(
        opening.contains("This is the project as it stands, 12 files:"),
        "{opening}"
    );
    assert!(
        opening.contains("- src/components/Header.tsx ("),
        "the listing has sizes"
    );
    assert!(opening.contains("Make the header sticky"));
    for (path, sent) in [
        ("src/components/Header.tsx", true),
        ("src/App.tsx", true),
        ("src/index.css", true),
        ("src/pages/Pricing.tsx", false),
        ("src/components/PlanCard.tsx", false),
        ("package.json", false),
    ] {
        assert_eq!(
            opening.contains(&format!("{path}:\\n```")),
            sent,
            "{path} sent in full: {sent}"
        );
    }
    let read = output_of(&requests[1].json(), "r1");
    assert!(
        read.contains("plans.map((p) => <PlanCard"),
        "read_file gives the file: {read}"
    );

    // One shared file changed; every other file is as it was, and the project still runs.
    let header = file(&outcome, "src/components/Header.tsx").expect("header");
    assert!(header.contains("sticky top-0 bg-white border-b"));
    for (path, content) in &start {
        if path != "src/components/Header.tsx" {
            assert_eq!(
                file(&outcome, path),
                Some(content.as_str()),
                "{path} unchanged"
            );
        }
    }
    assert_eq!(outcome.variants[0].files.paths().count(), start.len());
    let report = graph::check(
        &tree_of(&outcome),
        &Cache::new(),
        Options {
            tag_locations: true,
        },
    );
    assert!(report.is_ok(), "{report:?}");
    assert!(outcome.variants[0]
        .files
        .get(&RelPath::default_file())
        .is_some());
}

#[tokio::test]
async fn select_and_edit_sends_the_file_the_picked_element_is_written_in() {
    let (_, first) = first_generation().await;
    let start: Vec<(String, String)> = first.variants[0]
        .files
        .files()
        .map(|(p, c)| (p.as_str().to_owned(), c.to_owned()))
        .collect();
    // What the preview's bridge reports for a feature row of a plan card on the pricing page:
    // its outer HTML carries the transform's tag, and `loc` the nearest one.
    let card = file(&first, "src/components/PlanCard.tsx").expect("card");
    let compiled = s2c_webproject::transform::compile(
        "src/components/PlanCard.tsx",
        card,
        Options {
            tag_locations: true,
        },
        "00",
    )
    .expect("compiles");
    let li_line = card[..card.find("<li").expect("li")].matches('\n').count() + 1;
    let wanted = format!("src/components/PlanCard.tsx:{li_line}:");
    let at = compiled.code.find(&wanted).expect("the li is tagged");
    let loc = compiled.code[at..][..compiled.code[at..].find('"').expect("end")].to_owned();
    let html = format!(
        "<li data-s2c-loc=\"{loc}\" class=\"flex gap-2\"><svg class=\"lucide lucide-check\"></svg>Unlimited</li>"
    );
    let mut h = Harness::new(vec![sse(&text_turn("Done."))]).await;
    let source = PlanSource::Update {
        change_request: "Make this bigger".into(),
        selected_element: Some(SelectedElement {
            html,
            selector: "main > section > div:nth-of-type(2) > ul > li".into(),
            loc: Some(loc.clone()),
        }),
        reference_images: vec![],
        hand_set: vec![],
    };
    generate(&mut h, source, start).await;
    let opening = h.server.requests()[0].json()["input"].to_string();
    assert!(
        opening.contains("src/components/PlanCard.tsx:\\n```"),
        "the card's file is sent in full: {opening}"
    );
    assert!(!opening.contains("src/pages/Pricing.tsx:\\n```"));
    assert!(
        opening.contains(&format!(
            "It is written in `src/components/PlanCard.tsx` at line {li_line}."
        )),
        "{opening}"
    );
    assert!(
        !opening.contains("data-s2c-loc"),
        "the preview's tag never reaches the model, which would copy it into the code"
    );
}

#[tokio::test]
async fn a_project_is_offered_the_browser_tools_with_a_route() {
    use s2c_core::render::{Renderer, RendererConfig};
    use s2c_core::vocab::ToolName;
    let h = Harness::new(vec![]).await;
    let dir = tempfile::tempdir().expect("temp dir");
    // Never launched: the plan only decides what is offered.
    let renderer = Arc::new(Renderer::new(RendererConfig::new("/nonexistent/chromium")));
    let plan = |stack| {
        GenerationPlan {
            stack,
            source: PlanSource::Create {
                input: CreateInput::screenshots(vec![png(), png()]),
                instructions: None,
            },
            design_system: None,
            assets: vec![],
            start_files: vec![],
            pages: pages_from_file_names(&["home.png", "pricing.png"]),
            variants: vec![PlannedVariant {
                provider: Provider::OpenAi,
                session: h.session(None),
                dir: dir.path().to_path_buf(),
                fallback: None,
            }],
            media: MediaTools::new(Some(renderer.clone()), None, None),
            image_generation: false,
            limits: LoopLimits::default(),
            factory: Arc::new(VendorSessions),
        }
        .build()
        .expect("a plan")
    };
    let project = plan(Stack::ReactVite);
    let offered = project.spec.runtime.offered();
    assert!(
        offered.contains(&ToolName::ScreenshotPreview)
            && offered.contains(&ToolName::CheckFidelity),
        "{offered:?}"
    );
    assert!(offered.contains(&ToolName::ReadFile));
    for tool in project.spec.runtime.definitions() {
        if tool.name == "screenshot_preview" || tool.name == "check_fidelity" {
            assert!(
                tool.parameters["properties"]["route"]["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("\"/pricing\"")),
                "{}: {}",
                tool.name,
                tool.parameters
            );
        }
    }
    // The live preview starts from the starter tree, not from nothing.
    assert!(project
        .start_files
        .iter()
        .any(|(p, text)| p == "src/App.tsx" && text.contains("Your site will appear here")));
    // Each route is checked against its own page's screenshot; one with none is the model's
    // to fix (answered before anything is rendered).
    let mut files = project.spec.variants[0].files.clone();
    let call = s2c_core::vocab::ToolCall {
        id: "c1".to_owned(),
        name: "check_fidelity".to_owned(),
        arguments: json!({"route": "/about"}),
        invalid_arguments: None,
    };
    let outcome = project
        .spec
        .runtime
        .execute(
            &call,
            0,
            &mut files,
            &tokio_util::sync::CancellationToken::new(),
        )
        .await
        .unwrap_or_else(|_| panic!("cancelled"));
    assert!(!outcome.result.ok);
    assert!(
        outcome.result.result.contains(
            "no screenshot shows the route /about; the pages with screenshots are at /, /pricing"
        ),
        "{}",
        outcome.result.result
    );
    let paths = |built: &s2c_core::engine::BuiltGeneration| -> Vec<String> {
        built.spec.variants[0]
            .files
            .paths()
            .map(|p| p.to_string())
            .collect()
    };
    assert!(paths(&project).contains(&"src/main.tsx".to_owned()));
    assert!(!paths(&project)
        .iter()
        .any(|p| p.starts_with("src/components/ui/")));
    let shadcn = plan(Stack::ReactViteShadcn);
    for file in [
        "src/lib/utils.ts",
        "src/components/ui/button.tsx",
        "src/components/ui/card.tsx",
        "src/main.tsx",
        "package.json",
    ] {
        assert!(
            paths(&shadcn).contains(&file.to_owned()),
            "{file}: {:?}",
            paths(&shadcn)
        );
    }
}
