use super::*;

fn choice(provider: &str, model: &str) -> ModelChoice {
    ModelChoice {
        provider: provider.into(),
        model: model.into(),
    }
}

fn models(choices: &[ModelChoice]) -> Vec<&str> {
    choices.iter().map(|c| c.model.as_str()).collect()
}

#[test]
fn automatic_slots_spread_over_the_vendors_with_keys() {
    let catalog = ModelCatalog::bundled();
    let all = ["openai", "anthropic", "gemini"];
    let cases: [(&str, &[&str], usize, Vec<&str>); 4] = [
        (
            "every vendor, 4 variants",
            &all,
            4,
            vec![
                "claude-sonnet-4-6",
                "gpt-5.4",
                "gemini-3-pro-preview",
                "claude-sonnet-4-6",
            ],
        ),
        (
            "only OpenAI, 2 variants",
            &["openai"],
            2,
            vec!["gpt-5.4", "gpt-5.4"],
        ),
        (
            "OpenAI and Gemini, 3",
            &["openai", "gemini"],
            3,
            vec!["gpt-5.4", "gemini-3-pro-preview", "gpt-5.4"],
        ),
        ("one variant", &all, 1, vec!["claude-sonnet-4-6"]),
    ];
    for (name, keys, count, expected) in cases {
        let got = choose_models(
            count,
            &[],
            keys,
            ModelNeeds {
                vision: true,
                video: false,
            },
            &catalog,
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(models(&got), expected, "{name}");
    }
}

#[test]
fn the_users_picks_keep_their_places() {
    let catalog = ModelCatalog::bundled();
    let picked = vec![None, Some(choice("ollama", "qwen3:8b"))];
    let got = choose_models(3, &picked, &["openai"], ModelNeeds::default(), &catalog).unwrap();
    assert_eq!(models(&got), ["gpt-5.4", "qwen3:8b", "gpt-5.4"]);
    assert_eq!(got[1].provider, "ollama");
}

#[test]
fn video_needs_a_model_that_watches_video() {
    let catalog = ModelCatalog::bundled();
    let needs = ModelNeeds {
        vision: true,
        video: true,
    };
    let got = choose_models(2, &[], &["openai", "gemini"], needs, &catalog).unwrap();
    assert!(got.iter().all(|c| c.provider == "gemini"), "{got:?}");
    let error = choose_models(1, &[], &["openai"], needs, &catalog).unwrap_err();
    assert!(
        error.to_string().contains("needs a Gemini model"),
        "{error}"
    );
}

#[test]
fn bad_counts_and_no_keys_are_explained() {
    let catalog = ModelCatalog::bundled();
    assert_eq!(
        choose_models(5, &[], &["openai"], ModelNeeds::default(), &catalog),
        Err(ModelChoiceError::BadCount(5))
    );
    let error = choose_models(2, &[], &[], ModelNeeds::default(), &catalog).unwrap_err();
    assert!(
        matches!(&error, ModelChoiceError::NoKey(m) if m.contains("No API key is set")),
        "{error}"
    );
}
