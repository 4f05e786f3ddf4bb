//! What the model pickers offer for a vendor, with and without what its Test found.

use super::vendor_options;
use s2c_core::providers::{ModelCatalog, ModelInfo};

fn openai_models(catalog: &ModelCatalog) -> Vec<&ModelInfo> {
    catalog.models(Some("openai")).filter(|m| m.tools).collect()
}

#[test]
fn without_a_test_the_catalog_is_offered() {
    let catalog = ModelCatalog::bundled();
    let known = openai_models(&catalog);
    let offered = vendor_options("openai", &known, None, true);
    assert_eq!(offered.len(), known.len());
    assert!(offered.iter().any(|o| o.id == "gpt-5.4"), "{offered:?}");
}

#[test]
fn a_test_narrows_the_catalog_to_what_the_key_reaches() {
    let catalog = ModelCatalog::bundled();
    let listed = ["gpt-5.4".to_owned(), "text-embedding-3-small".to_owned()];
    let offered = vendor_options("openai", &openai_models(&catalog), Some(&listed), true);
    let ids: Vec<&str> = offered.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(
        ids,
        ["gpt-5.4"],
        "catalog models the key reaches, not embeddings"
    );
}

#[test]
fn a_server_with_none_of_the_catalog_offers_its_own_models() {
    let catalog = ModelCatalog::bundled();
    let listed = ["qwen2.5-vl:7b".to_owned()];
    let offered = vendor_options("openai", &openai_models(&catalog), Some(&listed), true);
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0].id, "openai:qwen2.5-vl:7b");
    assert_eq!(offered[0].label, "qwen2.5-vl:7b");
    let (provider, model) = s2c_core::providers::split_model_spec(&offered[0].id).unwrap();
    assert_eq!(
        (provider.as_str(), model.as_str()),
        ("openai", "qwen2.5-vl:7b")
    );
}
