//! A project variant through the app layer: `variant_routes` (stored, running, none for a
//! single-file page) and the code editor's save of any file of the tree.

use super::test_harness::support::MockServer;
use super::test_harness::*;
use crate::generation::request::GenerateSource;
use crate::projects::routes::{variant_routes, ProjectRoute, VariantOf};
use s2c_core::project::FileChange;

const APP: &str = r#"import { BrowserRouter, Routes, Route } from "react-router-dom";
import Home from "./pages/Home";
import Pricing from "@/pages/Pricing";
export default function App() {
  return <BrowserRouter><Routes>
    <Route path="/" element={<Home />} />
    <Route path="/pricing" element={<Pricing />} />
  </Routes></BrowserRouter>;
}
"#;

#[test]
fn a_variant_lists_the_routes_its_files_declare() {
    tauri::async_runtime::block_on(async {
        let server = MockServer::start(vec![]).await;
        server.respond_with(scripted);
        let h = Harness::new(&server).await;
        let project = h.state().projects.create("Site", None).unwrap();
        let (started, _) = h
            .start(
                GenerateSource::Text {
                    text: "a site".into(),
                },
                &["gpt-5.4"],
            )
            .await;
        h.recorded(started.version_id).await;
        let variant_id = started.variants[0].variant_id;

        // A single-file page, running or stored: no routes.
        let live = VariantOf::Live {
            generation_id: started.generation_id,
            index: 0,
        };
        let stored = |version_id| VariantOf::Stored {
            project_id: project.id().to_owned(),
            version_id,
            variant_id,
        };
        for of in [live, stored(started.version_id)] {
            let found = variant_routes(h.state(), h.previews(), of.clone())
                .await
                .unwrap();
            assert!(found.routes.is_empty(), "{of:?}: {found:?}");
        }

        // The same variant saved as a project: its routes, each with its page's file.
        let file = |path: &str, text: &str| FileChange {
            path: path.into(),
            content: Some(text.as_bytes().to_vec()),
        };
        let saved = project
            .save_files(
                started.version_id,
                Some(variant_id),
                &[
                    file("src/App.tsx", APP),
                    file("src/pages/Home.tsx", "export default () => <main/>;"),
                    file("src/pages/Pricing.tsx", "export default () => <main/>;"),
                ],
            )
            .unwrap();
        let saved_variant = saved.variants[0].id;
        let found = variant_routes(
            h.state(),
            h.previews(),
            VariantOf::Stored {
                project_id: project.id().to_owned(),
                version_id: saved.id,
                variant_id: saved_variant,
            },
        )
        .await
        .unwrap();
        let route = |path: &str, name: &str, file: &str| ProjectRoute {
            path: path.into(),
            name: name.into(),
            file: Some(file.into()),
        };
        assert_eq!(
            found.routes,
            vec![
                route("/", "Home", "src/pages/Home.tsx"),
                route("/pricing", "Pricing", "src/pages/Pricing.tsx"),
            ]
        );
        assert!(!found.hash);

        // The code editor saves a file deep in the tree through the same door as any save: a
        // new version with that file changed and the rest as they were.
        let edited = "export default () => <main>Plans</main>;";
        let after = crate::projects::commands::project_save_file(
            h.state(),
            h.generations(),
            project.id().to_owned(),
            saved.id,
            Some(saved_variant),
            "src/pages/Pricing.tsx".into(),
            edited.into(),
        )
        .await
        .unwrap();
        assert_ne!(after.id, saved.id);
        let read = |path: &str| {
            project
                .read_file(after.id, None, path)
                .unwrap()
                .text
                .unwrap_or_default()
        };
        assert_eq!(read("src/pages/Pricing.tsx"), edited);
        assert_eq!(read("src/App.tsx"), APP);
        assert_eq!(read("index.html"), PAGE);

        // A generation the app no longer keeps, a project that does not exist.
        let gone = VariantOf::Live {
            generation_id: 9999,
            index: 0,
        };
        assert!(variant_routes(h.state(), h.previews(), gone)
            .await
            .unwrap()
            .routes
            .is_empty());
        let missing = VariantOf::Stored {
            project_id: "nope".into(),
            version_id: 1,
            variant_id: 1,
        };
        assert!(variant_routes(h.state(), h.previews(), missing)
            .await
            .is_err());
    });
}
