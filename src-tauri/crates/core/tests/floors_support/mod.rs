//! What the floors tests share: the `crate::…` paths a file names, its code outside tests, the
//! Rust files of a folder, the upward imports of a module and the cycles of a graph.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `crate::<module>` a source text names, with its line number.
pub fn imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            if !name.is_empty() {
                found.push((at + 1, name));
            }
        }
    }
    found
}

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The imports of `module`'s files that its floor does not allow, as `file:line → module`.
pub fn upward_imports(src: &Path, module: &str, allowed: &[&str]) -> Vec<String> {
    let mut files = Vec::new();
    let folder = src.join(module);
    if folder.is_dir() {
        rust_files(&folder, &mut files);
    } else {
        files.push(src.join(format!("{module}.rs")));
    }
    files.sort();
    let mut bad = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        for (line, name) in imports(&text) {
            if name != module && !allowed.contains(&name.as_str()) {
                let shown = file
                    .strip_prefix(src)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                bad.push(format!("src/{shown}:{line} imports crate::{name}"));
            }
        }
    }
    bad
}

/// The source of a file as far as the build sees it outside tests: comments and everything from
/// the first `#[cfg(test)]` on are left out.
pub fn code_of(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("read source");
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The strongly connected parts of `graph` with more than one node (Tarjan), each sorted.
pub fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'a>(w: &mut Walk<'a>, v: &'a str) {
        let i = w.index.len();
        w.index.insert(v, i);
        w.low.insert(v, i);
        w.stack.push(v);
        for next in w.graph.get(v).into_iter().flatten() {
            let next = next.as_str();
            if !w.index.contains_key(next) {
                visit(w, next);
                let low = w.low[v].min(w.low[next]);
                w.low.insert(v, low);
            } else if w.stack.contains(&next) {
                let low = w.low[v].min(w.index[next]);
                w.low.insert(v, low);
            }
        }
        if w.low[v] == w.index[v] {
            let mut part = Vec::new();
            while let Some(top) = w.stack.pop() {
                part.push(top.to_owned());
                if top == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.found.push(part);
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            visit(&mut walk, v);
        }
    }
    walk.found
}
