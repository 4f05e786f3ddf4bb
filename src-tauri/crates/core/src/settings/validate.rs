//! Rules for settings, checked on load and on every update. Each problem names the field and
//! says what is acceptable, so the UI can show the message as is.

use super::error::{Result, SettingsError};
use super::types::{Settings, MAX_FIDELITY_ROUNDS, MAX_MODEL_CHARS};
use crate::secrets::{KeyId, Vendor};
use std::collections::HashSet;

pub const MAX_VARIANTS: u32 = 4;
pub const MAX_BUDGET_USD: f64 = 100.0;

/// The limits the settings dialog checks as the user types (exported to the UI as the
/// `SETTINGS_LIMITS` constant): the same numbers the core checks on save.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, specta::Type)]
pub struct SettingsLimits {
    pub max_variants: u32,
    pub max_budget_usd: f64,
    pub max_fidelity_rounds: u32,
}

pub const SETTINGS_LIMITS: SettingsLimits = SettingsLimits {
    max_variants: MAX_VARIANTS,
    max_budget_usd: MAX_BUDGET_USD,
    max_fidelity_rounds: MAX_FIDELITY_ROUNDS,
};
const MAX_DESIGN_SYSTEM_CHARS: usize = 20_000;
const MAX_NAME_CHARS: usize = 60;

/// Every problem with `settings`, or `Ok` when there are none.
pub fn validate(settings: &Settings) -> Result<()> {
    let mut problems = Vec::new();
    check_variants(settings, &mut problems);
    check_providers(settings, &mut problems);
    check_base_urls(settings, &mut problems);
    if let Some(budget) = settings.budget_per_variant_usd {
        if !(budget.is_finite() && budget > 0.0 && budget <= MAX_BUDGET_USD) {
            problems.push(format!(
                "budget per variant: must be more than $0 and at most ${MAX_BUDGET_USD} (got {budget})"
            ));
        }
    }
    if settings.fidelity_rounds > MAX_FIDELITY_ROUNDS {
        problems.push(format!(
            "fidelity rounds: at most {} (got {})",
            MAX_FIDELITY_ROUNDS, settings.fidelity_rounds
        ));
    }
    if let Some(path) = &settings.chromium_path {
        if path.trim().is_empty() {
            problems.push("Chromium path: leave it unset rather than empty".into());
        }
    }
    check_design_systems(settings, &mut problems);
    super::fallback::check(&settings.fallback_models, &mut problems);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(SettingsError::Invalid(problems.join("; ")))
    }
}

fn check_variants(settings: &Settings, problems: &mut Vec<String>) {
    let v = &settings.variants;
    if !(1..=MAX_VARIANTS).contains(&v.count) {
        problems.push(format!(
            "variants: choose between 1 and {MAX_VARIANTS} (got {})",
            v.count
        ));
    }
    if v.models.len() > MAX_VARIANTS as usize {
        problems.push(format!(
            "variant models: at most {MAX_VARIANTS} (got {})",
            v.models.len()
        ));
    }
    for (i, model) in v.models.iter().enumerate() {
        if model.trim().is_empty() || model.len() > MAX_MODEL_CHARS {
            problems.push(format!("variant {} model: must be a model id", i + 1));
        }
    }
}

fn check_providers(settings: &Settings, problems: &mut Vec<String>) {
    let mut seen = HashSet::new();
    for (i, p) in settings.custom_providers.iter().enumerate() {
        let label = if p.name.is_empty() {
            format!("custom provider {}", i + 1)
        } else {
            format!("custom provider “{}”", p.name)
        };
        match KeyId::parse(&p.name) {
            Ok(KeyId::Vendor(_)) => problems.push(format!(
                "{label}: the name is taken by a built-in vendor ({})",
                vendor_names()
            )),
            Ok(KeyId::Custom(_)) => {}
            Err(e) => problems.push(format!("{label}: {e}")),
        }
        if !seen.insert(p.name.to_ascii_lowercase()) {
            problems.push(format!("{label}: another provider has the same name"));
        }
        if let Err(reason) = check_url(&p.base_url) {
            problems.push(format!("{label} base URL: {reason}"));
        }
        if p.models.is_empty() {
            problems.push(format!("{label}: list at least one model"));
        }
        if p.models
            .iter()
            .any(|m| m.trim().is_empty() || m.len() > MAX_MODEL_CHARS)
        {
            problems.push(format!("{label}: a model id is empty or too long"));
        }
    }
}

fn vendor_names() -> String {
    Vendor::ALL.map(|v| v.as_str()).join(", ")
}

fn check_base_urls(settings: &Settings, problems: &mut Vec<String>) {
    for vendor in Vendor::ALL {
        let Some(url) = settings.base_urls.get(vendor) else {
            continue;
        };
        let checked = check_url(url).and_then(|()| {
            // A publishing token may only travel encrypted (or stay on this machine).
            let parsed = url::Url::parse(url.trim()).map_err(|e| e.to_string())?;
            if vendor.publishes() && !crate::vocab::http_client::https_or_loopback(&parsed) {
                return Err("use https:// (plain http only to this machine)".to_owned());
            }
            Ok(())
        });
        if let Err(reason) = checked {
            problems.push(format!("{} base URL: {reason}", vendor.label()));
        }
    }
    if let Some(account) = &settings.publishing.cloudflare_account_id {
        let ok =
            (1..=64).contains(&account.len()) && account.chars().all(|c| c.is_ascii_alphanumeric());
        if !ok {
            problems.push(
                "Cloudflare account ID: paste the 32-character ID from the Cloudflare dashboard"
                    .into(),
            );
        }
    }
}

/// An http(s) URL with a host. Plain http is allowed: local servers (Ollama) use it.
fn check_url(raw: &str) -> std::result::Result<(), String> {
    let parsed = url::Url::parse(raw.trim()).map_err(|e| format!("“{raw}” is not a URL ({e})"))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(format!(
            "use http:// or https:// (got {}://)",
            parsed.scheme()
        ));
    }
    if parsed.host_str().is_none_or(str::is_empty) {
        return Err("the URL has no host".into());
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err("put the key in the keychain, not in the URL".into());
    }
    Ok(())
}

fn check_design_systems(settings: &Settings, problems: &mut Vec<String>) {
    let mut seen = HashSet::new();
    for (i, d) in settings.design_systems.iter().enumerate() {
        let name = d.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
            problems.push(format!(
                "design system {}: give it a name of 1–{MAX_NAME_CHARS} characters",
                i + 1
            ));
        }
        if !seen.insert(name.to_lowercase()) {
            problems.push(format!(
                "design system “{name}”: another one has the same name"
            ));
        }
        if d.text.trim().is_empty() {
            problems.push(format!("design system “{name}”: the text is empty"));
        }
        if d.text.chars().count() > MAX_DESIGN_SYSTEM_CHARS {
            problems.push(format!(
                "design system “{name}”: at most {MAX_DESIGN_SYSTEM_CHARS} characters"
            ));
        }
    }
}
