//! Which commits and branches a version tree makes (pure: no git, no disk).

use crate::project::{VariantId, VariantStatus, VersionId, VersionInfo, VersionKind, VersionTree};
use std::collections::{BTreeMap, HashMap, HashSet};

/// One version as a commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedCommit {
    pub version: VersionId,
    /// The variant whose page it holds.
    pub variant: VariantId,
    /// The nearest earlier version with a page (a version without one makes no commit).
    pub parent: Option<VersionId>,
    pub message: String,
    /// Milliseconds since the epoch.
    pub time_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HistoryPlan {
    /// Parents before children.
    pub commits: Vec<PlannedCommit>,
    /// `main` first (the working copy's line), then one per fork, each with its tip.
    pub branches: Vec<(String, VersionId)>,
}

/// The commits and branches `tree` makes.
pub fn plan(tree: &VersionTree) -> HistoryPlan {
    let numbers: HashMap<VersionId, usize> = tree
        .versions
        .iter()
        .enumerate()
        .map(|(i, v)| (v.id, i + 1))
        .collect();
    let by_id: HashMap<VersionId, &VersionInfo> = tree.versions.iter().map(|v| (v.id, v)).collect();
    let pages: HashMap<VersionId, VariantId> = tree
        .versions
        .iter()
        .filter_map(|v| page_variant(v).map(|p| (v.id, p)))
        .collect();
    // The nearest ancestor with a page, guarding against a crafted cycle in a shared project.
    let with_page = |mut id: Option<VersionId>| {
        let mut seen = HashSet::new();
        while let Some(v) = id {
            if pages.contains_key(&v) || !seen.insert(v) {
                return id.filter(|v| pages.contains_key(v));
            }
            id = by_id.get(&v).and_then(|info| info.parent_id);
        }
        None
    };
    let mut commits = Vec::new();
    let mut children: BTreeMap<VersionId, usize> = BTreeMap::new();
    for version in &tree.versions {
        let Some(&variant) = pages.get(&version.id) else {
            continue;
        };
        let parent = with_page(version.parent_id).filter(|p| *p < version.id);
        if let Some(p) = parent {
            *children.entry(p).or_default() += 1;
        }
        commits.push(PlannedCommit {
            version: version.id,
            variant,
            parent,
            message: message(version, &numbers, variant),
            time_ms: version.created_at,
        });
    }
    let main = tree
        .current_version
        .and_then(|c| with_page(Some(c)))
        .or_else(|| commits.last().map(|c| c.version));
    let Some(main) = main else {
        return HistoryPlan::default();
    };
    let parent_of: HashMap<VersionId, Option<VersionId>> =
        commits.iter().map(|c| (c.version, c.parent)).collect();
    let mut on_main = HashSet::new();
    let mut at = Some(main);
    while let Some(v) = at {
        if !on_main.insert(v) {
            break;
        }
        at = parent_of.get(&v).copied().flatten();
    }
    let mut branches = vec![("main".to_owned(), main)];
    let mut names = HashSet::from(["main".to_owned()]);
    for commit in &commits {
        let leaf = !children.contains_key(&commit.version);
        if leaf && !on_main.contains(&commit.version) {
            let number = numbers.get(&commit.version).copied().unwrap_or(0);
            let mut name = branch_name(number, by_id.get(&commit.version).copied());
            let mut n = 2;
            while !names.insert(name.clone()) {
                name = format!("{}-{n}", branch_name(number, None));
                n += 1;
            }
            branches.push((name, commit.version));
        }
    }
    HistoryPlan { commits, branches }
}

/// The variant whose page a version shows: the chosen one, else its first finished one.
fn page_variant(version: &VersionInfo) -> Option<VariantId> {
    let has_page = |status: VariantStatus| {
        matches!(status, VariantStatus::Complete | VariantStatus::Truncated)
    };
    let chosen = version
        .selected_variant
        .and_then(|id| version.variants.iter().find(|v| v.id == id));
    chosen
        .filter(|v| has_page(v.status) && !v.files.is_empty())
        .or_else(|| {
            version
                .variants
                .iter()
                .find(|v| has_page(v.status) && !v.files.is_empty())
        })
        .map(|v| v.id)
}

/// The title line (what was asked, or what happened) and what made it.
fn message(
    version: &VersionInfo,
    numbers: &HashMap<VersionId, usize>,
    variant: VariantId,
) -> String {
    let number = numbers.get(&version.id).copied().unwrap_or(0);
    let prompt = version
        .prompt
        .as_deref()
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty());
    let fallback = match version.kind {
        VersionKind::Generation => "New page".to_owned(),
        VersionKind::Edit => "Edit".to_owned(),
        VersionKind::Import => "Imported a page".to_owned(),
        VersionKind::ManualSave => "Saved by hand".to_owned(),
        VersionKind::ExternalEdit => "Edited outside the app".to_owned(),
        VersionKind::Restore => match version.source.and_then(|s| numbers.get(&s.version_id)) {
            Some(n) => format!("Restored v{n}"),
            None => "Restored an earlier version".to_owned(),
        },
    };
    let title_source = prompt.clone().unwrap_or(fallback);
    let title = shorten(&title_source, 72);
    let mut body = Vec::new();
    if title != title_source {
        body.push(wrap(&title_source, 72));
    }
    let made = version.variants.iter().find(|v| v.id == variant);
    let mut line = format!(
        "Screenshot to Code v{number} ({})",
        version.kind.as_str().replace('_', " ")
    );
    if let Some(model) = made.and_then(|v| v.model.as_deref()) {
        let options = version.variants.len();
        let index = made.map(|v| v.index + 1).unwrap_or(1);
        if options > 1 {
            line.push_str(&format!(", option {index} of {options}"));
        }
        line.push_str(&format!(", written by {model}"));
    }
    if let Some(stack) = version.stack {
        line.push_str(&format!(", {}", stack.as_str()));
    }
    body.push(line);
    format!("{title}\n\n{}\n", body.join("\n\n"))
}

fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max - 1).collect();
    format!("{}…", cut.trim_end())
}

fn wrap(text: &str, width: usize) -> String {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().map(|l| l.chars().count()).unwrap_or(0);
        if last > 0 && last + 1 + word.chars().count() > width {
            lines.push(String::new());
        }
        if let Some(line) = lines.last_mut() {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}

/// `v7-make-the-hero-darker`: the version's number and a few words of what it was.
fn branch_name(number: usize, version: Option<&VersionInfo>) -> String {
    let words = version
        .and_then(|v| v.prompt.as_deref())
        .map(|p| {
            let mut slug = String::new();
            for c in p.chars().flat_map(char::to_lowercase) {
                if c.is_ascii_alphanumeric() {
                    slug.push(c);
                } else if !slug.ends_with('-') && !slug.is_empty() {
                    slug.push('-');
                }
                if slug.len() >= 32 {
                    break;
                }
            }
            slug.trim_matches('-').to_owned()
        })
        .unwrap_or_default();
    if words.is_empty() {
        format!("v{number}")
    } else {
        format!("v{number}-{words}")
    }
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
