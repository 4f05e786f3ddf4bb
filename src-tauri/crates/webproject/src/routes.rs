//! The routes a project declares, read from its source (never run): react-router's `<Route>`
//! elements (nested, `index`, layout routes without a path) and the route objects given to
//! `createBrowserRouter`/`createHashRouter`/`useRoutes`, each with the page it shows and the
//! file that page is written in (through [`crate::resolve`], as the preview resolves it). The app
//! lists them on a variant's card and in the preview's route picker.
//!
//! Only what is written literally counts: a `path` in a string, an `element={<Page />}`, an array
//! of objects. Routes built at run time (a `.map()` over data) are not seen; a catch-all (`*`)
//! is not a page to show.

use crate::resolve::{self, Resolved};
use crate::transform::SCRIPT_EXTENSIONS;
use crate::tree::Tree;
use oxc::allocator::Allocator;
use oxc::ast::ast::{
    ArrayExpression, ArrayExpressionElement, CallExpression, Expression, ImportDeclaration,
    ImportDeclarationSpecifier, JSXAttributeItem, JSXAttributeName, JSXAttributeValue, JSXChild,
    JSXElement, JSXElementName, JSXExpression, ObjectExpression, ObjectPropertyKind, PropertyKey,
    VariableDeclarator,
};
use oxc::ast_visit::{walk, Visit};
use oxc::parser::Parser;
use oxc::span::SourceType;
use std::collections::{BTreeMap, HashMap};

/// Where routes are declared, in the order they are read (a project usually has one of them).
const ROUTER_STEMS: &[&str] = &["src/App", "src/main", "src/router", "src/routes"];
/// The packages whose `Route`, `HashRouter` and router functions are react-router's.
const ROUTER_PACKAGES: &[&str] = &["react-router-dom", "react-router"];

/// One page a project can show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// `/`, `/pricing`, `/blog/:slug`: the path in the address bar (after `#` with a hash router).
    pub path: String,
    /// What a person calls it: the page component's name in words (`PricingPage` → Pricing),
    /// else from the path (`/` → Home).
    pub name: String,
    /// The project file the page is written in, when the source says which.
    pub file: Option<String>,
}

/// The routes of a project and how its router reads the address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Routes {
    /// In the order the source declares them, each path once.
    pub routes: Vec<Route>,
    /// A `HashRouter`/`createHashRouter`: the route is the part after `#`.
    pub hash: bool,
}

/// The routes `tree` declares.
pub fn routes(tree: &Tree) -> Routes {
    let mut out = Routes::default();
    for file in router_files(|p| tree.contains(p)) {
        let Ok(source) = tree.text(&file) else {
            continue;
        };
        let found = declared(&file, source);
        out.hash |= found.hash;
        for raw in found.routes {
            if out.routes.iter().any(|r| r.path == raw.path) {
                continue;
            }
            let file_of = raw
                .component
                .as_deref()
                .and_then(|c| page_file(tree, &file, &found.bindings, c));
            out.routes.push(Route {
                name: raw
                    .component
                    .as_deref()
                    .map(component_words)
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| path_words(&raw.path)),
                path: raw.path,
                file: file_of,
            });
        }
    }
    out
}

/// [`routes`] of a project read file by file (a stored variant, a live one): only the router
/// files and what their imports may name are read.
pub fn routes_read(read: impl Fn(&str) -> Option<Vec<u8>>) -> Routes {
    let mut tree = Tree::new();
    let add = |tree: &mut Tree, path: &str| {
        if !tree.contains(path) {
            if let Some(bytes) = read(path) {
                // A file the tree refuses (too big, a bad path) is one the preview cannot show.
                let _ = tree.insert(path, bytes);
            }
        }
    };
    let mut files = Vec::new();
    for stem in ROUTER_STEMS {
        for ext in SCRIPT_EXTENSIONS {
            let path = format!("{stem}.{ext}");
            add(&mut tree, &path);
            if tree.contains(&path) {
                files.push(path);
            }
        }
    }
    for file in files {
        let Ok(source) = tree.text(&file).map(str::to_owned) else {
            continue;
        };
        let found = declared(&file, &source);
        for specifier in found.bindings.values() {
            for probe in resolve::probes(&file, specifier) {
                add(&mut tree, &probe);
            }
        }
    }
    routes(&tree)
}

/// The router files present, in reading order.
fn router_files(exists: impl Fn(&str) -> bool) -> Vec<String> {
    ROUTER_STEMS
        .iter()
        .flat_map(|stem| SCRIPT_EXTENSIONS.iter().map(move |e| format!("{stem}.{e}")))
        .filter(|p| exists(p))
        .collect()
}

/// The file the component `local` of `router` is imported from.
fn page_file(
    tree: &Tree,
    router: &str,
    bindings: &HashMap<String, String>,
    local: &str,
) -> Option<String> {
    let Some(specifier) = bindings.get(local) else {
        // Declared in the router file itself.
        return Some(router.to_string());
    };
    match resolve::resolve(tree, router, specifier).ok()? {
        Resolved::Module(file) => Some(file),
        _ => None,
    }
}

/// A route as written: its full path and the component it shows.
#[derive(Debug)]
struct RawRoute {
    path: String,
    component: Option<String>,
}

#[derive(Debug, Default)]
struct Declared {
    routes: Vec<RawRoute>,
    hash: bool,
    /// Local name → the specifier it is imported from (also `lazy(() => import("…"))`).
    bindings: HashMap<String, String>,
}

fn declared(file: &str, source: &str) -> Declared {
    let Ok(source_type) = SourceType::from_path(file) else {
        return Declared::default();
    };
    let source_type = source_type
        .with_module(true)
        .with_jsx(!file.ends_with(".ts"));
    let allocator = Allocator::default();
    let parsed = Parser::new(&allocator, source, source_type).parse();
    let mut finder = Finder::default();
    // A file that does not parse gives what the parser recovered (often nothing): the model is
    // told of the error by its tools, and the list comes back with the fix.
    finder.visit_program(&parsed.program);
    let mut out = finder.out;
    out.bindings
        .retain(|_, s| !ROUTER_PACKAGES.contains(&s.as_str()));
    out.bindings.extend(finder.lazy);
    out
}

#[derive(Default)]
struct Finder {
    out: Declared,
    /// react-router's names as imported here: local → exported (`{ Route as R }`).
    router_names: BTreeMap<String, String>,
    lazy: HashMap<String, String>,
}

impl Finder {
    /// What react-router calls the local name `name` (itself when not imported from it).
    fn router_name<'n>(&'n self, name: &'n str) -> &'n str {
        self.router_names.get(name).map_or(name, String::as_str)
    }

    fn jsx_name<'n>(&'n self, name: &'n JSXElementName) -> Option<&'n str> {
        match name {
            JSXElementName::IdentifierReference(id) => Some(self.router_name(id.name.as_str())),
            JSXElementName::Identifier(id) => Some(self.router_name(id.name.as_str())),
            _ => None,
        }
    }

    fn jsx_route(&mut self, element: &JSXElement, parent: &str) {
        let mut path = None;
        let mut index = false;
        let mut component = None;
        for item in &element.opening_element.attributes {
            let JSXAttributeItem::Attribute(attribute) = item else {
                continue;
            };
            let JSXAttributeName::Identifier(name) = &attribute.name else {
                continue;
            };
            let value = attribute.value.as_ref();
            match name.name.as_str() {
                "path" => path = value.and_then(attribute_text),
                "index" => {
                    index = match value {
                        None => true,
                        Some(JSXAttributeValue::ExpressionContainer(c)) => {
                            matches!(&c.expression, JSXExpression::BooleanLiteral(b) if b.value)
                        }
                        _ => false,
                    }
                }
                "element" => component = value.and_then(attribute_component),
                "Component" => {
                    if let Some(JSXAttributeValue::ExpressionContainer(c)) = value {
                        if let JSXExpression::Identifier(id) = &c.expression {
                            component = Some(id.name.to_string());
                        }
                    }
                }
                _ => {}
            }
        }
        let here = full_path(parent, path.as_deref(), index);
        let children: Vec<&JSXElement> = element
            .children
            .iter()
            .filter_map(|c| match c {
                JSXChild::Element(e) if self.jsx_name(&e.opening_element.name) == Some("Route") => {
                    Some(&**e)
                }
                _ => None,
            })
            .collect();
        let has_index = children.iter().any(|c| {
            c.opening_element.attributes.iter().any(|a| {
                matches!(a, JSXAttributeItem::Attribute(at)
                    if matches!(&at.name, JSXAttributeName::Identifier(n) if n.name == "index"))
            })
        });
        self.push(
            &here,
            component,
            path.is_some() || index,
            children.is_empty(),
            has_index,
        );
        for child in children {
            self.jsx_route(child, &here);
        }
    }

    fn object_routes(&mut self, array: &ArrayExpression, parent: &str) {
        for element in &array.elements {
            let ArrayExpressionElement::ObjectExpression(object) = element else {
                continue;
            };
            self.object_route(object, parent);
        }
    }

    fn object_route(&mut self, object: &ObjectExpression, parent: &str) {
        let mut path = None;
        let mut index = false;
        let mut component = None;
        let mut children = None;
        for property in &object.properties {
            let ObjectPropertyKind::ObjectProperty(p) = property else {
                continue;
            };
            let key = match &p.key {
                PropertyKey::StaticIdentifier(id) => id.name.as_str(),
                PropertyKey::StringLiteral(s) => s.value.as_str(),
                _ => continue,
            };
            match (key, &p.value) {
                ("path", value) => path = expression_text(value),
                ("index", Expression::BooleanLiteral(b)) => index = b.value,
                ("element", Expression::JSXElement(e)) => component = element_component(e),
                ("Component", Expression::Identifier(id)) => component = Some(id.name.to_string()),
                ("children", Expression::ArrayExpression(a)) => children = Some(&**a),
                _ => {}
            }
        }
        let here = full_path(parent, path.as_deref(), index);
        let has_index = children.is_some_and(|a| {
            a.elements.iter().any(|e| {
                matches!(e, ArrayExpressionElement::ObjectExpression(o) if o.properties.iter().any(|p|
                    matches!(p, ObjectPropertyKind::ObjectProperty(p)
                        if matches!(&p.key, PropertyKey::StaticIdentifier(k) if k.name == "index")
                            && matches!(&p.value, Expression::BooleanLiteral(b) if b.value))))
            })
        });
        let leaf = children.is_none_or(|a| a.elements.is_empty());
        self.push(&here, component, path.is_some() || index, leaf, has_index);
        if let Some(children) = children {
            self.object_routes(children, &here);
        }
    }

    /// A route is a page when it has a path (or is an index) and shows something at it: a leaf,
    /// or a layout with no index child (then the layout alone is what its path shows).
    fn push(
        &mut self,
        path: &str,
        component: Option<String>,
        addressed: bool,
        leaf: bool,
        has_index: bool,
    ) {
        if !addressed || path.contains('*') || (!leaf && has_index) {
            return;
        }
        self.out.routes.push(RawRoute {
            path: path.to_string(),
            component,
        });
    }
}

impl<'a> Visit<'a> for Finder {
    fn visit_import_declaration(&mut self, it: &ImportDeclaration<'a>) {
        let source = it.source.value.as_str();
        for specifier in it.specifiers.iter().flatten() {
            let local = specifier.local().name.to_string();
            if ROUTER_PACKAGES.contains(&source) {
                if let ImportDeclarationSpecifier::ImportSpecifier(s) = specifier {
                    self.router_names
                        .insert(local.clone(), s.imported.name().to_string());
                }
            }
            self.out.bindings.insert(local, source.to_string());
        }
    }

    fn visit_variable_declarator(&mut self, it: &VariableDeclarator<'a>) {
        // const Pricing = lazy(() => import("./pages/Pricing"))
        if let (Some(id), Some(Expression::CallExpression(call))) =
            (it.id.get_binding_identifier(), &it.init)
        {
            if let Some(specifier) = lazy_import(call) {
                self.lazy.insert(id.name.to_string(), specifier);
            }
        }
        walk::walk_variable_declarator(self, it);
    }

    fn visit_call_expression(&mut self, it: &CallExpression<'a>) {
        let callee = match &it.callee {
            Expression::Identifier(id) => Some(self.router_name(id.name.as_str()).to_string()),
            _ => None,
        };
        if let Some(name) = callee.as_deref() {
            if matches!(
                name,
                "createBrowserRouter" | "createHashRouter" | "createMemoryRouter" | "useRoutes"
            ) {
                self.out.hash |= name == "createHashRouter";
                if let Some(Expression::ArrayExpression(array)) =
                    it.arguments.first().and_then(|a| a.as_expression())
                {
                    self.object_routes(array, "/");
                    return;
                }
            }
        }
        walk::walk_call_expression(self, it);
    }

    fn visit_jsx_element(&mut self, it: &JSXElement<'a>) {
        match self.jsx_name(&it.opening_element.name) {
            Some("Route") => self.jsx_route(it, "/"),
            Some("HashRouter") => {
                self.out.hash = true;
                walk::walk_jsx_element(self, it);
            }
            _ => walk::walk_jsx_element(self, it),
        }
    }
}

/// `lazy(() => import("x"))` or `React.lazy(…)` → `x`.
fn lazy_import(call: &CallExpression) -> Option<String> {
    let is_lazy = match &call.callee {
        Expression::Identifier(id) => id.name == "lazy",
        Expression::StaticMemberExpression(m) => m.property.name == "lazy",
        _ => false,
    };
    if !is_lazy {
        return None;
    }
    let Some(Expression::ArrowFunctionExpression(arrow)) =
        call.arguments.first().and_then(|a| a.as_expression())
    else {
        return None;
    };
    let Expression::ImportExpression(import) = arrow.get_expression()? else {
        return None;
    };
    match &import.source {
        Expression::StringLiteral(s) => Some(s.value.to_string()),
        _ => None,
    }
}

fn attribute_text(value: &JSXAttributeValue) -> Option<String> {
    match value {
        JSXAttributeValue::StringLiteral(s) => Some(s.value.to_string()),
        JSXAttributeValue::ExpressionContainer(c) => {
            c.expression.as_expression().and_then(expression_text)
        }
        _ => None,
    }
}

fn expression_text(value: &Expression) -> Option<String> {
    match value {
        Expression::StringLiteral(s) => Some(s.value.to_string()),
        Expression::TemplateLiteral(t) if t.expressions.is_empty() => {
            t.quasis.first().map(|q| q.value.raw.to_string())
        }
        _ => None,
    }
}

fn attribute_component(value: &JSXAttributeValue) -> Option<String> {
    match value {
        JSXAttributeValue::ExpressionContainer(c) => match &c.expression {
            JSXExpression::JSXElement(e) => element_component(e),
            _ => None,
        },
        JSXAttributeValue::Element(e) => element_component(e),
        _ => None,
    }
}

/// The component an element shows: `<Pricing />` → Pricing (a host element shows none).
fn element_component(element: &JSXElement) -> Option<String> {
    match &element.opening_element.name {
        JSXElementName::IdentifierReference(id) => Some(id.name.to_string()),
        _ => None,
    }
}

/// A route's full path: absolute paths stand alone, relative ones extend the parent's.
fn full_path(parent: &str, path: Option<&str>, index: bool) -> String {
    let joined = match path {
        Some(p) if p.starts_with('/') => p.to_string(),
        Some(p) => format!("{}/{p}", parent.trim_end_matches('/')),
        None if index => parent.to_string(),
        None => parent.to_string(),
    };
    let trimmed = joined.trim_end_matches('/');
    if trimmed.is_empty() {
        "/".to_string()
    } else if trimmed.starts_with('/') {
        trimmed.to_string()
    } else {
        format!("/{trimmed}")
    }
}

/// `PricingPage` → Pricing, `AboutUs` → About us, `FAQ` → FAQ.
fn component_words(component: &str) -> String {
    let stem = component
        .strip_suffix("Page")
        .filter(|s| !s.is_empty())
        .unwrap_or(component);
    let mut words: Vec<String> = Vec::new();
    let chars: Vec<char> = stem.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let starts_word = i > 0
            && c.is_uppercase()
            && (chars[i - 1].is_lowercase()
                || chars.get(i + 1).is_some_and(|n| n.is_lowercase())
                    && chars[i - 1].is_uppercase());
        if i == 0 || starts_word {
            words.push(String::new());
        }
        if let Some(last) = words.last_mut() {
            last.push(c);
        }
    }
    sentence(&words)
}

/// `/` → Home, `/about-us` → About us, `/blog/:slug` → Blog slug.
fn path_words(path: &str) -> String {
    let words: Vec<String> = path
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        return "Home".to_string();
    }
    sentence(&words)
}

/// Words as a name: the first capitalized, the rest lower case unless all capitals (FAQ).
fn sentence(words: &[String]) -> String {
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let acronym = word.len() > 1 && word.chars().all(|c| !c.is_lowercase());
        if acronym {
            out.push_str(word);
        } else if i == 0 {
            let mut chars = word.chars();
            if let Some(first) = chars.next() {
                out.extend(first.to_uppercase());
                out.push_str(&chars.as_str().to_lowercase());
            }
        } else {
            out.push_str(&word.to_lowercase());
        }
    }
    out
}

#[cfg(test)]
#[path = "routes_tests.rs"]
mod tests;
