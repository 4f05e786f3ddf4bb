use super::*;

#[test]
fn providers_take_their_names_from_the_vendors() {
    for vendor in Vendor::ALL {
        match Provider::builtin(vendor) {
            Some(provider) => {
                assert!(vendor.serves_models());
                assert_eq!(provider.vendor(), Some(vendor));
                assert_eq!(provider.name(), vendor.as_str());
            }
            None => assert!(!vendor.serves_models()),
        }
    }
}

#[test]
fn the_vendors_default_urls_are_the_sessions_own() {
    let pairs = [
        (
            Vendor::Openai,
            super::super::openai::session::DEFAULT_BASE_URL,
        ),
        (
            Vendor::Anthropic,
            super::super::anthropic::session::DEFAULT_BASE_URL,
        ),
        (
            Vendor::Gemini,
            super::super::gemini::session::DEFAULT_BASE_URL,
        ),
    ];
    for (vendor, url) in pairs {
        assert_eq!(vendor.default_base_url(), url, "{vendor}");
    }
}
