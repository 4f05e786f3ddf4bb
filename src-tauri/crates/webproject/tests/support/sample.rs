//! Sample projects for the tests and the benchmark: a two-page site with the pack's packages in
//! use, and a generated one of any size.

#![allow(dead_code)]

use s2c_webproject::{shape, Tree};

/// A two-page site: HashRouter, a shared header with a lucide icon, a Radix tooltip, clsx and
/// tailwind-merge through `@/lib/utils`, an image asset, a JSON import, a public file.
pub fn two_pages() -> Tree {
    let mut tree = shape::starter_tree("Two pages").expect("starter");
    for (path, text) in [
        ("src/App.tsx", APP),
        ("src/lib/utils.ts", UTILS),
        ("src/components/Header.tsx", HEADER),
        ("src/pages/Home.tsx", HOME),
        ("src/pages/Pricing.tsx", PRICING),
        ("src/data/plans.json", PLANS),
        ("src/assets/dot.svg", DOT),
        ("public/robots.txt", "User-agent: *\n"),
    ] {
        tree.insert(path, text).expect("sample file");
    }
    tree
}

const APP: &str = r#"import { HashRouter, Routes, Route } from "react-router-dom";
import Header from "@/components/Header";
import Home from "./pages/Home";
import Pricing from "./pages/Pricing";

export default function App() {
  return (
    <HashRouter>
      <Header />
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/pricing" element={<Pricing />} />
      </Routes>
    </HashRouter>
  );
}
"#;

const UTILS: &str = r#"import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
"#;

const HEADER: &str = r#"import { Link } from "react-router-dom";
import { Sparkles } from "lucide-react";
import * as Tooltip from "@radix-ui/react-tooltip";
import { cn } from "@/lib/utils";
import dot from "../assets/dot.svg";

export default function Header({ className }: { className?: string }) {
  return (
    <Tooltip.Provider>
      <header className={cn("flex items-center gap-4 p-4", "p-6", className)} id="site-header">
        <Sparkles aria-label="logo" className="size-6 text-indigo-600" />
        <img src={dot} alt="" width={8} height={8} />
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <Link to="/" id="home-link">Home</Link>
          </Tooltip.Trigger>
          <Tooltip.Content>Go home</Tooltip.Content>
        </Tooltip.Root>
        <Link to="/pricing" id="pricing-link">Pricing</Link>
      </header>
    </Tooltip.Provider>
  );
}
"#;

const HOME: &str = r#"export default function Home() {
  return (
    <main className="p-8">
      <h1 className="text-4xl font-bold">Welcome home</h1>
    </main>
  );
}
"#;

const PRICING: &str = r#"import plans from "@/data/plans.json";

type Plan = { name: string; price: number };

export default function Pricing() {
  return (
    <main className="p-8">
      <h1 className="text-4xl font-bold">Pricing plans</h1>
      <ul>
        {(plans as Plan[]).map((plan) => (
          <li key={plan.name}>{plan.name}: ${plan.price}</li>
        ))}
      </ul>
    </main>
  );
}
"#;

const PLANS: &str = r#"[{ "name": "Starter", "price": 9 }, { "name": "Team", "price": 29 }]"#;

const DOT: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>"#;

/// A project whose entry reaches `modules` script modules (main, App, utils, pages, and sections
/// of about 40 lines importing the pack), the size of a real multi-page site at 40.
pub fn generated(modules: usize) -> Tree {
    let mut tree = shape::starter_tree("Generated").expect("starter");
    tree.insert("src/lib/utils.ts", UTILS).expect("utils");
    let rest = modules.saturating_sub(3).max(2);
    let pages = (rest / 5).max(1);
    let components = rest - pages;
    let mut app =
        String::from("import { BrowserRouter, Routes, Route } from \"react-router-dom\";\n");
    for p in 0..pages {
        app.push_str(&format!("import Page{p} from \"./pages/Page{p}\";\n"));
    }
    app.push_str(
        "export default function App() {\n  return (\n    <BrowserRouter>\n      <Routes>\n",
    );
    for p in 0..pages {
        app.push_str(&format!(
            "        <Route path=\"/p{p}\" element={{<Page{p} />}} />\n"
        ));
    }
    app.push_str("      </Routes>\n    </BrowserRouter>\n  );\n}\n");
    tree.insert("src/App.tsx", app).expect("app");
    for p in 0..pages {
        let mine: Vec<usize> = (0..components).filter(|c| c % pages == p).collect();
        let mut page = String::new();
        for c in &mine {
            page.push_str(&format!("import Part{c} from \"@/components/Part{c}\";\n"));
        }
        page.push_str(&format!("export default function Page{p}() {{\n  return (\n    <main className=\"mx-auto max-w-6xl px-6\">\n"));
        for c in &mine {
            page.push_str(&format!("      <Part{c} title=\"Section {c}\" />\n"));
        }
        page.push_str("    </main>\n  );\n}\n");
        tree.insert(&format!("src/pages/Page{p}.tsx"), page)
            .expect("page");
    }
    for c in 0..components {
        tree.insert(&format!("src/components/Part{c}.tsx"), component(c))
            .expect("component");
    }
    tree
}

fn component(c: usize) -> String {
    let mut items = String::new();
    for i in 0..6 {
        items.push_str(&format!(
            "        <li key=\"{i}\" className={{cn(\"rounded-xl border p-6\", active === {i} && \"border-indigo-500\")}}>\n          <Star className=\"size-5\" />\n          <h3 className=\"mt-4 font-semibold\">Feature {i}</h3>\n          <p className=\"mt-2 text-sm text-slate-600\">Description of feature {i} in section {c}.</p>\n        </li>\n"
        ));
    }
    format!(
        "import {{ useState }} from \"react\";\nimport {{ Star }} from \"lucide-react\";\nimport {{ cn }} from \"@/lib/utils\";\n\ninterface Props {{\n  title: string;\n  subtitle?: string;\n}}\n\nexport default function Part{c}({{ title, subtitle = \"\" }}: Props) {{\n  const [active, setActive] = useState<number>(0);\n  return (\n    <section className=\"py-16\" onMouseLeave={{() => setActive(0)}}>\n      <h2 className=\"text-3xl font-bold tracking-tight\">{{title}}</h2>\n      {{subtitle && <p className=\"mt-2 text-slate-500\">{{subtitle}}</p>}}\n      <ul className=\"mt-8 grid gap-6 md:grid-cols-3\">\n{items}      </ul>\n    </section>\n  );\n}}\n"
    )
}
