use super::*;
use crate::engine::model_choice::ModelNeeds;
use crate::prompts::CreateInput;
use crate::providers::BoxFuture;
use crate::secrets::SecretError;
use crate::settings::Settings;
use crate::vocab::{ApiKey, ImageAttachment, VideoAttachment};
use std::sync::Mutex;

/// A front end with an OpenAI key and nothing else, which remembers the folders it gave.
struct FakeFront {
    providers: super::super::SettingsProviders<'static>,
    base_urls: BaseUrls,
    root: tempfile::TempDir,
    asked_dirs: Mutex<Vec<usize>>,
}

impl FakeFront {
    fn new() -> Self {
        // Leaked once per test: the provider source borrows settings that outlive it.
        let settings: &'static Settings = Box::leak(Box::default());
        Self {
            providers: super::super::SettingsProviders(settings),
            base_urls: BaseUrls::default(),
            root: tempfile::tempdir().expect("dir"),
            asked_dirs: Mutex::default(),
        }
    }
}

impl KeySource for FakeFront {
    fn key<'a>(
        &'a self,
        provider: &'a str,
        _base_url: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Option<ApiKey>, SecretError>> {
        let key = (provider == "openai").then(|| ApiKey::new("sk-test-openai"));
        Box::pin(async move { Ok(key) })
    }
}

impl FrontEnd for FakeFront {
    fn keys(&self) -> &dyn KeySource {
        self
    }

    fn providers(&self) -> &dyn ProviderSource {
        &self.providers
    }

    fn base_urls(&self) -> &BaseUrls {
        &self.base_urls
    }

    fn renderer(&self) -> Result<Option<Arc<Renderer>>, ResolveError> {
        Ok(None)
    }

    fn variant_dirs(&self, count: usize) -> Result<Vec<PathBuf>, ResolveError> {
        if let Ok(mut asked) = self.asked_dirs.lock() {
            asked.push(count);
        }
        Ok((0..count)
            .map(|i| self.root.path().join(format!("v{i}")))
            .collect())
    }
}

fn text_request(slots: ModelSlots) -> PlanRequest {
    PlanRequest {
        stack: Stack::HtmlTailwind,
        source: PlanSource::Create {
            input: CreateInput::Text("A pricing page".into()),
            instructions: None,
        },
        slots,
        design_system: None,
        assets: vec![],
        start_files: vec![],
        pages: vec![],
        extract_assets: false,
        image_generation: true,
        limits: LoopLimits::default(),
    }
}

#[tokio::test]
async fn one_builder_resolves_every_variant_into_the_front_ends_folders() {
    let front = FakeFront::new();
    let slots = ModelSlots::from_flags(&["gpt-5.4".into()], Some(2), false).expect("slots");
    let planned = plan(&front, text_request(slots)).await.expect("planned");
    assert_eq!(
        planned.models,
        vec![
            VariantModel {
                provider: "openai".into(),
                model: "gpt-5.4".into()
            };
            2
        ]
    );
    assert_eq!(*front.asked_dirs.lock().expect("lock"), [2]);
    assert_eq!(planned.dirs.len(), 2);
    assert_eq!(planned.built.spec.variants.len(), 2);
    for (variant, dir) in planned.built.spec.variants.iter().zip(&planned.dirs) {
        assert_eq!(variant.files.root(), dir.as_path());
    }
    assert!(
        planned.images_without_key,
        "images asked for, no Replicate key"
    );
}

#[tokio::test]
async fn a_missing_key_stops_the_plan_before_any_folder_is_made() {
    let front = FakeFront::new();
    let slots = ModelSlots::from_flags(&["claude-opus-4-6".into()], Some(1), false).expect("slots");
    let error = plan(&front, text_request(slots))
        .await
        .err()
        .expect("refused");
    assert_eq!(error.code(), crate::ErrorCode::MissingKey, "{error}");
    assert!(front.asked_dirs.lock().expect("lock").is_empty());
}

#[test]
fn a_source_says_what_its_models_must_read() {
    let image = ImageAttachment {
        media_type: "image/png".into(),
        data: vec![1],
    };
    let create = |input| PlanSource::Create {
        input,
        instructions: None,
    };
    let vision = ModelNeeds {
        vision: true,
        video: false,
    };
    assert_eq!(
        create(CreateInput::Screenshots {
            shots: vec![image.clone()],
            groups: vec![],
        })
        .needs(),
        vision
    );
    assert_eq!(
        create(CreateInput::Video(VideoAttachment {
            media_type: "video/mp4".into(),
            data: vec![1],
            fps: None,
        }))
        .needs(),
        ModelNeeds {
            vision: true,
            video: true
        }
    );
    assert_eq!(
        create(CreateInput::Text("x".into())).needs(),
        ModelNeeds::default()
    );
    let update = |reference_images| PlanSource::Update {
        change_request: "bigger".into(),
        selected_element: None,
        reference_images,
        hand_set: vec![],
    };
    assert_eq!(update(vec![]).needs(), ModelNeeds::default());
    assert_eq!(update(vec![image]).needs(), vision);
}
