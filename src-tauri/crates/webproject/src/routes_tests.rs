use super::*;

fn tree(files: &[(&str, &str)]) -> Tree {
    Tree::from_files(files.iter().map(|(p, s)| (*p, s.as_bytes().to_vec()))).expect("a valid tree")
}

/// (path, name, file) of a route.
type Row = (String, String, Option<String>);
/// (what it shows, the router file, its source, the routes expected, a hash router).
type Case = (&'static str, &'static str, &'static str, Vec<Row>, bool);

/// (path, name, file) of each route.
fn listed(routes: &Routes) -> Vec<Row> {
    routes
        .routes
        .iter()
        .map(|r| (r.path.clone(), r.name.clone(), r.file.clone()))
        .collect()
}

fn row(path: &str, name: &str, file: Option<&str>) -> Row {
    (path.to_string(), name.to_string(), file.map(str::to_string))
}

const PAGES: &[(&str, &str)] = &[
    (
        "src/pages/Home.tsx",
        "export default function Home() { return <main/>; }",
    ),
    (
        "src/pages/Pricing.tsx",
        "export default function Pricing() { return <main/>; }",
    ),
    (
        "src/pages/AboutUs.tsx",
        "export function AboutUs() { return <main/>; }",
    ),
    (
        "src/pages/blog/index.tsx",
        "export default function BlogPage() { return <main/>; }",
    ),
    (
        "src/components/Layout.tsx",
        "export function Layout() { return <div/>; }",
    ),
];

#[test]
fn routes_of_the_ways_projects_declare_them() {
    let cases: &[Case] = &[
        (
            "flat <Route>s in BrowserRouter, default and named imports, @/ and relative",
            "src/App.tsx",
            r#"import { BrowserRouter, Routes, Route } from "react-router-dom";
import Home from "./pages/Home";
import Pricing from "@/pages/Pricing";
import { AboutUs } from "./pages/AboutUs";
export default function App() {
  return <BrowserRouter><Routes>
    <Route path="/" element={<Home />} />
    <Route path="/pricing" element={<Pricing />} />
    <Route path={"/about-us"} element={<AboutUs />} />
    <Route path="*" element={<Home />} />
  </Routes></BrowserRouter>;
}"#,
            vec![
                row("/", "Home", Some("src/pages/Home.tsx")),
                row("/pricing", "Pricing", Some("src/pages/Pricing.tsx")),
                row("/about-us", "About us", Some("src/pages/AboutUs.tsx")),
            ],
            false,
        ),
        (
            "a layout route with an index route and relative children, in a HashRouter",
            "src/App.tsx",
            r#"import { HashRouter, Routes, Route } from "react-router-dom";
import { Layout } from "./components/Layout";
import Home from "./pages/Home";
import Pricing from "./pages/Pricing";
import Blog from "./pages/blog";
export default function App() {
  return <HashRouter><Routes>
    <Route path="/" element={<Layout />}>
      <Route index element={<Home />} />
      <Route path="pricing" element={<Pricing />} />
      <Route path="blog/" element={<Blog />} />
    </Route>
  </Routes></HashRouter>;
}"#,
            vec![
                row("/", "Home", Some("src/pages/Home.tsx")),
                row("/pricing", "Pricing", Some("src/pages/Pricing.tsx")),
                row("/blog", "Blog", Some("src/pages/blog/index.tsx")),
            ],
            true,
        ),
        (
            "a pathless layout, renamed imports, lazy pages, a page defined in App",
            "src/App.jsx",
            r#"import { lazy } from "react";
import { BrowserRouter as Router, Routes, Route as R } from "react-router-dom";
import { Layout } from "@/components/Layout";
const Pricing = lazy(() => import("./pages/Pricing"));
function Contact() { return <main/>; }
export default function App() {
  return <Router><Routes>
    <R element={<Layout />}>
      <R path="/pricing" element={<Pricing />} />
      <R path="/contact" element={<Contact />} />
      <R path="/terms" element={<article>Terms</article>} />
    </R>
  </Routes></Router>;
}"#,
            vec![
                row("/pricing", "Pricing", Some("src/pages/Pricing.tsx")),
                row("/contact", "Contact", Some("src/App.jsx")),
                row("/terms", "Terms", None),
            ],
            false,
        ),
        (
            "createBrowserRouter objects with children and an index",
            "src/main.tsx",
            r#"import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { Layout } from "./components/Layout";
import Home from "./pages/Home";
import Pricing from "./pages/Pricing";
const router = createBrowserRouter([
  { path: "/", element: <Layout />, children: [
    { index: true, element: <Home /> },
    { path: "pricing", Component: Pricing },
    { path: `/blog/:slug`, element: <Home /> },
  ] },
]);
export function Main() { return <RouterProvider router={router} />; }"#,
            vec![
                row("/", "Home", Some("src/pages/Home.tsx")),
                row("/pricing", "Pricing", Some("src/pages/Pricing.tsx")),
                row("/blog/:slug", "Home", Some("src/pages/Home.tsx")),
            ],
            false,
        ),
        (
            "createHashRouter: the route is after #",
            "src/router.ts",
            r#"import { createHashRouter } from "react-router-dom";
export const router = createHashRouter([{ path: "/" }, { path: "/faq" }]);"#,
            vec![row("/", "Home", None), row("/faq", "Faq", None)],
            true,
        ),
        (
            "no router: no routes",
            "src/App.tsx",
            "export default function App() { return <main>Hi</main>; }",
            vec![],
            false,
        ),
        (
            "a file that does not parse: nothing to show, and no panic",
            "src/App.tsx",
            r#"import { Route } from "react-router-dom";
import Home from "./pages/Home";
export default function App() { return <><Route path="/" element={<Home />} /></>; }
export const broken = ("#,
            vec![],
            false,
        ),
    ];
    for (case, file, source, expected, hash) in cases {
        let mut files = PAGES.to_vec();
        files.push((file, source));
        let found = routes(&tree(&files));
        assert_eq!(&listed(&found), expected, "{case}");
        assert_eq!(found.hash, *hash, "{case}: hash router");
    }
}

#[test]
fn a_route_missing_its_page_file_has_no_file() {
    let found = routes(&tree(&[(
        "src/App.tsx",
        r#"import Gone from "./pages/Gone";
import { Route } from "react-router-dom";
export const r = <Route path="/gone" element={<Gone />} />;"#,
    )]));
    assert_eq!(listed(&found), vec![row("/gone", "Gone", None)]);
}

#[test]
fn read_file_by_file_finds_the_same_routes_as_the_whole_tree() {
    let mut files = PAGES.to_vec();
    files.push((
        "src/App.tsx",
        r#"import { Routes, Route } from "react-router-dom";
import Home from "./pages/Home";
import Blog from "@/pages/blog";
export default () => <Routes><Route path="/" element={<Home />} /><Route path="/blog" element={<Blog />} /></Routes>;"#,
    ));
    let whole = tree(&files);
    let read = std::cell::RefCell::new(Vec::new());
    let found = routes_read(|p| {
        read.borrow_mut().push(p.to_string());
        whole.get(p).map(|b| b.to_vec())
    });
    assert_eq!(found, routes(&whole));
    assert_eq!(found.routes.len(), 2);
    assert!(
        !read.borrow().iter().any(|p| p == "src/pages/Pricing.tsx"),
        "only what the router's imports may name is read: {:?}",
        read.borrow()
    );
}

#[test]
fn names_in_words() {
    let cases = [
        ("PricingPage", "Pricing"),
        ("AboutUs", "About us"),
        ("FAQ", "FAQ"),
        ("Page", "Page"),
        ("HTMLGuide", "HTML guide"),
    ];
    for (component, name) in cases {
        assert_eq!(component_words(component), name, "{component}");
    }
    assert_eq!(path_words("/"), "Home");
    assert_eq!(path_words("/blog/:slug"), "Blog slug");
}
