use super::*;
use crate::providers::{
    BoxFuture, NeutralMessage, OnStreamEvent, ProviderError, ProviderErrorCode, ProviderTurn,
    UserContent,
};
use crate::vocab::ToolResult;
use std::sync::Mutex;
use tokio_util::sync::CancellationToken;

/// A session that only reports who it is and what it spent.
struct Spent {
    vendor: String,
    model: String,
    usage: TokenUsage,
    cost: Option<f64>,
}

impl ProviderSession for Spent {
    fn vendor(&self) -> &str {
        &self.vendor
    }
    fn model(&self) -> &str {
        &self.model
    }
    fn stream_turn<'a>(
        &'a mut self,
        _: OnStreamEvent<'a>,
        _: &'a CancellationToken,
    ) -> BoxFuture<'a, Result<ProviderTurn, ProviderError>> {
        unreachable!("not streamed in these tests")
    }
    fn append_tool_results(
        &mut self,
        _: &ProviderTurn,
        _: &[ToolResult],
    ) -> Result<(), ProviderError> {
        Ok(())
    }
    fn append_user_message(&mut self, _: UserContent) {}
    fn usage(&self) -> TokenUsage {
        self.usage
    }
    fn cost(&self) -> Option<f64> {
        self.cost
    }
    fn close(&mut self) {}
}

fn spent(vendor: &str, model: &str, output: u64, cost: Option<f64>) -> Box<dyn ProviderSession> {
    Box::new(Spent {
        vendor: vendor.into(),
        model: model.into(),
        usage: TokenUsage {
            output_tokens: output,
            ..TokenUsage::default()
        },
        cost,
    })
}

/// Opens sessions that spent nothing yet, remembering the configs it was given.
#[derive(Default)]
struct Opener {
    configs: Mutex<Vec<SessionConfig>>,
    refuse: bool,
}

impl SessionFactory for Opener {
    fn open(
        &self,
        provider: &Provider,
        config: SessionConfig,
    ) -> Result<Box<dyn ProviderSession>, ProviderError> {
        if self.refuse {
            return Err(ProviderError::setup(
                &crate::providers::Origin::new(provider.name(), &config.model),
                ProviderErrorCode::Auth,
                "no OpenAI API key",
            ));
        }
        let session = spent(provider.name(), &config.model, 0, Some(0.0));
        self.configs.lock().expect("lock").push(config);
        Ok(session)
    }
}

fn fallback(provider: Provider, model: &str) -> Option<VariantFallback> {
    Some(VariantFallback {
        provider,
        session: SessionConfig::new(model),
    })
}

const OVERLOADED: &str =
    "anthropic claude-opus-4-1: the vendor is overloaded (HTTP 529, overloaded_error): Overloaded.";

#[test]
fn switches_once_keeping_each_models_spending_apart() {
    let opener = Opener::default();
    let mut transcript = Transcript {
        system_prompt: "You write web pages.".into(),
        ..Transcript::default()
    };
    transcript.record_user(UserContent::text("continue"));
    let mut models = VariantModels::new(
        spent("anthropic", "claude-opus-4-1", 400, Some(0.03)),
        fallback(Provider::OpenAi, "gpt-5.4"),
    );

    let switch = models
        .switch(&opener, &transcript, OVERLOADED, 3)
        .expect("switches");
    let again = models.switch(&opener, &transcript, "openai gpt-5.4: overloaded", 5);
    let (used, record) = models.finish(5);

    assert_eq!(switch.from, "anthropic claude-opus-4-1");
    assert_eq!(switch.to, "openai gpt-5.4");
    assert_eq!(switch.reason, OVERLOADED);
    assert_eq!(record, Some(switch));
    let message = again.expect_err("no second switch");
    assert!(
        message.contains("switches only once") && message.contains("claude-opus-4-1"),
        "{message}"
    );
    let configs = opener.configs.lock().expect("lock");
    assert_eq!(configs.len(), 1);
    assert_eq!(configs[0].system_prompt, "You write web pages.");
    assert_eq!(
        configs[0].continuation,
        vec![NeutralMessage::user(UserContent::text("continue"))]
    );
    let turns: Vec<(&str, u32, Option<f64>)> = used
        .iter()
        .map(|m| (m.model.as_str(), m.turns, m.cost_usd))
        .collect();
    assert_eq!(
        turns,
        [
            ("claude-opus-4-1", 3, Some(0.03)),
            ("gpt-5.4", 2, Some(0.0))
        ]
    );
    assert_eq!(total_usage(&used).output_tokens, 400);
    assert_eq!(total_cost(&used), Some(0.03));
}

#[test]
fn without_a_usable_fallback_the_message_says_why() {
    let transcript = Transcript::default();
    let cases = [
        ("none set", None, false, "no fallback model is set"),
        (
            "the same model",
            fallback(Provider::Anthropic, "claude-opus-4-1"),
            false,
            "no fallback model is set",
        ),
        (
            "cannot be opened",
            fallback(Provider::OpenAi, "gpt-5.4"),
            true,
            "Switching to the fallback model openai gpt-5.4 failed",
        ),
    ];
    for (case, fallback, refuse, expected) in cases {
        let opener = Opener {
            refuse,
            ..Opener::default()
        };
        let mut models =
            VariantModels::new(spent("anthropic", "claude-opus-4-1", 0, None), fallback);
        let message = models
            .switch(&opener, &transcript, OVERLOADED, 1)
            .expect_err(case);
        assert!(
            message.starts_with("anthropic claude-opus-4-1: the vendor is overloaded"),
            "{case}: {message}"
        );
        assert!(!message.contains("Overloaded.."), "{case}: {message}");
        assert!(message.contains(expected), "{case}: {message}");
        assert_eq!(models.current().model(), "claude-opus-4-1", "{case}");
    }
}

#[test]
fn an_unknown_price_makes_the_total_unknown() {
    let opener = Opener::default();
    let mut models = VariantModels::new(
        spent("anthropic", "claude-opus-4-1", 10, None),
        fallback(Provider::OpenAi, "gpt-5.4"),
    );
    assert_eq!(models.cost(), None);
    models
        .switch(&opener, &Transcript::default(), OVERLOADED, 1)
        .expect("switches");
    assert_eq!(models.cost(), None, "the first model's price stays unknown");
    assert_eq!(models.usage().output_tokens, 10);
}
