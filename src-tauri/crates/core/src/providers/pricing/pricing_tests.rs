use super::*;

fn usage(input: u64, cached: u64, write: u64, output: u64) -> TokenUsage {
    TokenUsage {
        input_tokens: input,
        cached_input_tokens: cached,
        cache_write_tokens: write,
        output_tokens: output,
        reasoning_tokens: 0,
    }
}

#[test]
fn the_bundled_table_parses_and_covers_the_three_vendors() {
    let table = PriceTable::from_toml(BUNDLED).expect("bundled prices.toml parses");
    for model in [
        "gpt-5",
        "gpt-5.4-mini",
        "claude-sonnet-4-5",
        "gemini-2.5-pro",
    ] {
        assert!(table.price(model).is_some(), "{model} has no price");
    }
}

#[test]
fn costs_split_cached_and_written_prompt_tokens() {
    let price = ModelPrice {
        input: 3.0,
        cached_input: Some(0.3),
        cache_write: Some(3.75),
        output: 15.0,
    };
    // 1M prompt tokens: 200k read from cache, 100k written, 700k plain; 1M output.
    let cost = price.cost(&usage(1_000_000, 200_000, 100_000, 1_000_000));
    let expected = 0.7 * 3.0 + 0.2 * 0.3 + 0.1 * 3.75 + 15.0;
    assert!((cost - expected).abs() < 1e-9, "{cost} != {expected}");
}

#[test]
fn missing_cache_prices_fall_back_to_input() {
    let price = ModelPrice {
        input: 2.0,
        cached_input: None,
        cache_write: None,
        output: 8.0,
    };
    let cost = price.cost(&usage(1_000_000, 500_000, 0, 0));
    assert!((cost - 2.0).abs() < 1e-9);
}

#[test]
fn unknown_models_have_no_cost_rather_than_zero() {
    let table = PriceTable::bundled();
    assert_eq!(table.cost("llama3.1:8b", &usage(10, 0, 0, 10)), None);
}

#[test]
fn dated_and_prefixed_ids_find_their_model() {
    let table = PriceTable::bundled();
    for (id, base) in [
        ("gpt-4o-2024-08-06", "gpt-4o"),
        ("claude-sonnet-4-5-20250929", "claude-sonnet-4-5"),
        ("models/gemini-2.5-flash", "gemini-2.5-flash"),
    ] {
        assert_eq!(table.price(id), table.price(base), "{id}");
        assert!(table.price(id).is_some(), "{id}");
    }
    // A newer family is not priced as an older one by prefix.
    assert_ne!(table.price("gpt-5.4"), table.price("gpt-5"));
    assert_eq!(table.price("gpt-5.9-experimental"), None);
}

#[test]
fn user_overrides_win_and_can_add_models() {
    let overrides = PriceTable::from_toml(
        "[models.\"gpt-5\"]\ninput = 9.0\noutput = 9.0\n[models.\"my-local\"]\ninput = 0\noutput = 0\n",
    )
    .expect("override parses");
    let table = PriceTable::bundled().with_overrides(&overrides);
    assert_eq!(table.price("gpt-5").map(|p| p.input), Some(9.0));
    assert_eq!(table.cost("my-local", &usage(5, 0, 0, 5)), Some(0.0));
    assert!(table.price("gpt-4o").is_some(), "bundled models stay");
}

#[test]
fn rejects_negative_prices() {
    let err = PriceTable::from_toml("[models.x]\ninput = -1\noutput = 1\n");
    assert!(err.is_err());
}

#[test]
fn session_cost_becomes_unknown_with_one_unknown_turn() {
    let mut meter = CostMeter::default();
    meter.add(Some(0.5));
    meter.add(Some(0.25));
    assert_eq!(meter.total(), Some(0.75));
    meter.add(None);
    assert_eq!(meter.total(), None);
}
