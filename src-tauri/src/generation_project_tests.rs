//! A React + Vite project generated through the app layer and previewed on the preview scheme:
//! the live preview shows the starter tree from the first moment, the stored variant is served
//! as a tree (its routes answer index.html with the import map, its modules compiled and
//! tagged, the pack beside them), and every HTML page still gets the select-and-edit bridge.

use super::test_harness::support::{
    openai::{usage, ResponsesStream},
    MockServer, Reply,
};
use super::test_harness::*;
use crate::generation::request::{GenerateRequest, GenerateSource};
use s2c_core::settings::Stack;
use serde_json::json;

const APP: &str = "import { BrowserRouter, Routes, Route } from \"react-router-dom\";\nimport Pricing from \"./pages/Pricing\";\n\nexport default function App() {\n  return (\n    <BrowserRouter>\n      <Routes>\n        <Route path=\"/pricing\" element={<Pricing />} />\n      </Routes>\n    </BrowserRouter>\n  );\n}\n";
const PRICING: &str =
    "export default function Pricing() {\n  return <h1 className=\"text-4xl\">Plans</h1>;\n}\n";

fn project_turn() -> Reply {
    let mut s = ResponsesStream::new();
    for (i, (path, content)) in [("src/pages/Pricing.tsx", PRICING), ("src/App.tsx", APP)]
        .into_iter()
        .enumerate()
    {
        let args = json!({"path": path, "content": content}).to_string();
        s.function_call(
            &format!("fc_{i}"),
            &format!("call_{i}"),
            "create_file",
            &[&args],
        );
    }
    s.completed(usage(1200, 0, 300, 0));
    Reply::sse_text(s.body())
}

fn replies(req: &super::test_harness::support::Captured) -> Reply {
    if String::from_utf8_lossy(&req.body).contains("function_call_output") {
        done_turn()
    } else {
        project_turn()
    }
}

#[test]
fn a_project_variant_is_previewed_as_a_tree_live_and_stored() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(replies);
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Site", None).unwrap();
        let input = project
            .add_input("pricing.png", "image/png", &sample_png())
            .unwrap();
        let request = GenerateRequest {
            project_id: project.id().to_owned(),
            stack: Stack::ReactVite,
            source: GenerateSource::Screenshots {
                input_ids: vec![input.id],
                groups: vec![],
            },
            instructions: None,
            models: vec!["gpt-5.4".into()],
            design_system: None,
            generate_images: false,
            extract_assets: false,
            pages: vec![],
        };
        let (started, _events) = h.start_in(request).await;
        let path_of = |url: &str| {
            url.strip_prefix(crate::preview::origin())
                .unwrap()
                .to_owned()
        };
        let live = path_of(&started.variants[0].preview_url);
        let live_root = live.trim_end_matches("index.html").to_owned();
        // From the first moment: the starter tree, never a blank page.
        let (status, body, csp) = h.preview(&live);
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("<script type=\"importmap\">"), "{body}");
        assert!(body.contains("<script src=\"/__s2c/bridge.js\""), "{body}");
        assert!(csp.unwrap_or_default().contains("default-src 'none'"));
        let (status, main) = {
            let (s, b, _) = h.preview(&format!("{live_root}src/main.tsx"));
            (s, b)
        };
        assert_eq!(status, 200, "{main}");

        h.recorded(started.version_id).await;
        let stored_url = crate::preview::commands::preview_url(
            h.previews(),
            project.id().to_owned(),
            started.version_id,
            started.variants[0].variant_id,
        )
        .unwrap();
        let root = path_of(&stored_url)
            .trim_end_matches("index.html")
            .to_owned();
        let (status, page, _) = h.preview(&format!("{root}pricing"));
        assert_eq!(status, 200, "{page}");
        assert!(
            page.contains("<script type=\"importmap\">")
                && page.contains("<script src=\"/__s2c/bridge.js\""),
            "a route is index.html with the import map and the bridge: {page}"
        );
        let (status, module, _) = h.preview(&format!("{root}src/pages/Pricing.tsx"));
        assert_eq!(status, 200, "{module}");
        assert!(
            module.contains("\"src/pages/Pricing.tsx:2:10\""),
            "compiled and tagged: {module}"
        );
        assert!(!module.contains("bridge.js"), "only pages get the bridge");
        // The import map names the pack's files under the variant's own path.
        // (root-absolute, the variant's folder in front: the core's render/base.rs)
        let react = page
            .split("\"react\":\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("the import map names react: {page}"));
        assert!(react.starts_with(&root), "{react} is under {root}");
        let (status, _, _) = h.preview(react);
        assert_eq!(status, 200, "the pack is served beside the project");
        let (status, _, _) = h.preview(&format!("{root}missing.png"));
        assert_eq!(status, 404);
    });
}
