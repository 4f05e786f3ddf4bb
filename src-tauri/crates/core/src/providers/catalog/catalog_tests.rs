use super::*;

#[test]
fn the_bundled_catalog_parses_and_every_model_has_one_price() {
    let catalog = ModelCatalog::from_toml(BUNDLED).expect("bundled models.toml parses");
    let prices = PriceTable::bundled();
    for provider in ["openai", "anthropic", "gemini"] {
        assert!(
            catalog.models(Some(provider)).count() >= 3,
            "{provider} has models"
        );
    }
    for model in catalog.models(None) {
        assert!(
            prices.price(&model.id).is_some(),
            "{} is in the catalog but has no price in prices.toml",
            model.id
        );
        assert!(model.context_tokens > u64::from(model.max_output_tokens) / 2);
        match model.thinking {
            ThinkingStyle::Budget => assert!(model.thinking_budget.is_some(), "{}", model.id),
            ThinkingStyle::Level | ThinkingStyle::Adaptive => {
                assert!(!model.thinking_levels.is_empty(), "{}", model.id)
            }
            _ => {}
        }
    }
}

#[test]
fn lookups_follow_prefixes_date_suffixes_and_versions() {
    let catalog = ModelCatalog::bundled();
    let cases = [
        ("claude-sonnet-4-5-20250929", Some("claude-sonnet-4-5")),
        ("models/gemini-2.5-pro", Some("gemini-2.5-pro")),
        ("gemini-2.5-flash-preview-09-2025", Some("gemini-2.5-flash")),
        ("gemini-2.5-flash-lite", Some("gemini-2.5-flash-lite")),
        ("claude-opus-4-6", Some("claude-opus-4-6")),
        ("gpt-5.4-mini", Some("gpt-5.4-mini")),
        ("gemini-2.5", None),
        ("llama3", None),
    ];
    for (asked, found) in cases {
        assert_eq!(catalog.get(asked).map(|m| m.id.as_str()), found, "{asked}");
    }
}

#[test]
fn user_models_are_added_and_win_whole() {
    let user = ModelCatalog::from_toml(
        r#"
        [models."claude-sonnet-4-5"]
        provider = "anthropic"
        context_tokens = 1000000
        max_output_tokens = 64000
        [models."my-finetune"]
        provider = "gemini"
        label = "Mine"
        context_tokens = 32000
        max_output_tokens = 8000
        vision = true
        "#,
    )
    .expect("user file parses");
    let merged = ModelCatalog::bundled().with_overrides(&user);
    let sonnet = merged.get("claude-sonnet-4-5").expect("kept");
    assert_eq!(sonnet.context_tokens, 1_000_000);
    assert_eq!(sonnet.thinking, ThinkingStyle::None, "replaced whole");
    assert_eq!(sonnet.label, "claude-sonnet-4-5");
    let mine = merged.get("my-finetune").expect("added");
    assert!(mine.vision && mine.tools && !mine.video);
    let listing = merged.listing(Some("gemini"), &PriceTable::bundled());
    let (_, price) = listing
        .iter()
        .find(|(m, _)| m.id == "my-finetune")
        .expect("listed");
    assert_eq!(
        *price, None,
        "an unpriced custom model has an unknown price"
    );
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    for (text, needle) in [
        ("[models.x]\nprovider = \"gemini\"\n", "context_tokens"),
        (
            "[models.x]\nprovider = \"gemini\"\ncontext_tokens = 1\nmax_output_tokens = 1\ncolour = 1\n",
            "colour",
        ),
        (
            "[models.x]\nprovider = \"gemini\"\ncontext_tokens = 1\nmax_output_tokens = 1\nthinking_budget = [9, 1]\n",
            "thinking_budget",
        ),
        (
            "[models.x]\nprovider = \"gemini\"\ncontext_tokens = 1\nmax_output_tokens = 1\nthinking = \"lots\"\n",
            "lots",
        ),
    ] {
        let err = ModelCatalog::from_toml(text).expect_err(text);
        assert!(err.to_string().contains(needle), "{needle}: {err}");
    }
}

#[test]
fn a_missing_user_file_is_the_bundled_catalog() {
    let dir = std::env::temp_dir().join(format!("s2c-catalog-{}", std::process::id()));
    let missing = dir.join("nope.toml");
    let catalog = ModelCatalog::bundled_with_user_file(&missing).expect("missing is fine");
    assert_eq!(catalog, *ModelCatalog::bundled());
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("models.toml");
    std::fs::write(
        &file,
        "[models.\"x-1\"]\nprovider = \"openai\"\ncontext_tokens = 9\nmax_output_tokens = 9\n",
    )
    .expect("write");
    let catalog = ModelCatalog::bundled_with_user_file(&file).expect("reads");
    assert!(catalog.get("x-1").is_some());
    let _ = std::fs::remove_dir_all(&dir);
}
