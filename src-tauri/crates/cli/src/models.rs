//! `s2c models`: the model catalog with prices — what each vendor offers and what it can do.

use s2c_core::providers::{ModelCatalog, ModelInfo, ModelPrice, PriceTable, ThinkingStyle};
use s2c_core::vocab::vendor::Vendor;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ModelsArgs {
    /// Only this vendor's models (openai, anthropic, gemini).
    #[arg(long)]
    provider: Option<String>,
    /// Print one JSON array instead of a table.
    #[arg(long)]
    json: bool,
    /// Your own models in the catalog format (added to, or replacing, the bundled ones).
    #[arg(long, value_name = "FILE", env = "S2C_MODELS_FILE")]
    models: Option<PathBuf>,
    /// Your own prices in the price table format (added to, or replacing, the bundled ones).
    #[arg(long, value_name = "FILE", env = "S2C_PRICES_FILE")]
    prices: Option<PathBuf>,
}

fn load(args: &ModelsArgs) -> Result<(ModelCatalog, PriceTable), String> {
    let catalog = match &args.models {
        Some(path) => ModelCatalog::bundled_with_user_file(path).map_err(|e| e.to_string())?,
        None => (*ModelCatalog::bundled()).clone(),
    };
    let bundled = PriceTable::bundled();
    let prices = match &args.prices {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let user = PriceTable::from_toml(&text).map_err(|e| e.to_string())?;
            bundled.with_overrides(&user)
        }
        None => (*bundled).clone(),
    };
    Ok((catalog, prices))
}

fn thinking_word(style: ThinkingStyle) -> &'static str {
    match style {
        ThinkingStyle::None => "none",
        ThinkingStyle::Effort => "effort",
        ThinkingStyle::Adaptive => "adaptive",
        ThinkingStyle::Budget => "budget",
        ThinkingStyle::Level => "level",
    }
}

fn entry(info: &ModelInfo, price: Option<ModelPrice>) -> Value {
    let mut value = serde_json::to_value(info).unwrap_or(Value::Null);
    value["price"] = match price {
        Some(p) => json!({"input": p.input, "cached_input": p.cached_input,
            "cache_write": p.cache_write, "output": p.output}),
        None => Value::Null,
    };
    value
}

pub fn run(args: ModelsArgs) -> ExitCode {
    let (catalog, prices) = match load(&args) {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("s2c models: {message}");
            return ExitCode::FAILURE;
        }
    };
    let provider = args.provider.as_deref().map(|p| match p.parse::<Vendor>() {
        Ok(vendor) => vendor.as_str(),
        Err(_) => p,
    });
    let listing = catalog.listing(provider, &prices);
    if args.json {
        let all: Vec<Value> = listing.iter().map(|(m, p)| entry(m, *p)).collect();
        println!("{}", Value::Array(all));
        return ExitCode::SUCCESS;
    }
    println!(
        "{:<24} {:<10} {:>9} {:>8} {:<6} {:<9} {:>14}",
        "MODEL", "PROVIDER", "CONTEXT", "OUTPUT", "INPUT", "THINKING", "$/1M IN / OUT"
    );
    for (m, price) in &listing {
        let input = match (m.vision, m.video) {
            (true, true) => "img+vid",
            (true, false) => "img",
            _ => "text",
        };
        let cost = price
            .map(|p| format!("{:.2} / {:.2}", p.input, p.output))
            .unwrap_or_else(|| "unknown".into());
        println!(
            "{:<24} {:<10} {:>9} {:>8} {:<6} {:<9} {:>14}",
            m.id,
            m.provider,
            m.context_tokens,
            m.max_output_tokens,
            input,
            thinking_word(m.thinking),
            cost
        );
    }
    ExitCode::SUCCESS
}
