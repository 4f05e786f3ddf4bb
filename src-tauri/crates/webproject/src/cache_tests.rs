use super::*;

const OPTIONS: Options = Options {
    tag_locations: true,
};

#[test]
fn an_unchanged_file_is_compiled_once_and_a_changed_one_again() {
    let cache = Cache::new();
    let first = cache
        .compile("src/A.tsx", "export const A = () => <p>1</p>;", OPTIONS)
        .expect("compiles");
    let again = cache
        .compile("src/A.tsx", "export const A = () => <p>1</p>;", OPTIONS)
        .expect("compiles");
    assert!(Arc::ptr_eq(&first, &again), "a hit is the same output");
    assert_eq!(cache.stats(), (1, 1));

    let changed = cache
        .compile("src/A.tsx", "export const A = () => <p>2</p>;", OPTIONS)
        .expect("compiles");
    assert!(changed.code.contains("\"2\""), "{}", changed.code);
    assert_eq!(cache.stats(), (1, 2), "a change is a miss");

    let moved = cache
        .compile("src/B.tsx", "export const A = () => <p>1</p>;", OPTIONS)
        .expect("compiles");
    assert!(
        moved.code.contains("src/B.tsx:1:24"),
        "the path is part of the key: {}",
        moved.code
    );
    let untagged = cache
        .compile(
            "src/A.tsx",
            "export const A = () => <p>1</p>;",
            Options {
                tag_locations: false,
            },
        )
        .expect("compiles");
    assert!(
        !untagged.code.contains("data-s2c-loc"),
        "the options are part of the key"
    );
}

#[test]
fn while_a_file_streams_the_newest_prefix_that_compiles_is_served() {
    let cache = Cache::new();
    let whole = "export default function Hero() {\n  return <section><h1>Hello</h1><p>World</p></section>;\n}\n";
    let mut served = Vec::new();
    for end in (8..=whole.len()).step_by(7).chain([whole.len()]) {
        let latest = cache.compile_or_last_good("src/Hero.tsx", &whole[..end], OPTIONS);
        served.push((end, latest.compiled.map(|c| c.code.clone()), latest.error));
    }
    let (_, first_code, first_error) = &served[0];
    assert!(
        first_code.is_none() && first_error.is_some(),
        "nothing compiled yet: no module, an error"
    );
    let broken_after_good = served
        .iter()
        .find(|(_, code, error)| code.is_some() && error.is_some())
        .expect("a broken prefix after a good one");
    assert!(
        broken_after_good.1.is_some(),
        "served the last good version"
    );
    let (_, last_code, last_error) = served.last().expect("the whole file");
    assert!(last_error.is_none(), "the whole file compiles");
    assert!(last_code.as_deref().is_some_and(|c| c.contains("World")));

    // A later broken edit keeps the whole file's output, with the error to show.
    let broken =
        cache.compile_or_last_good("src/Hero.tsx", "export default function Hero( {", OPTIONS);
    assert!(broken.compiled.is_some_and(|c| c.code.contains("World")));
    assert!(matches!(
        broken.error,
        Some(WebProjectError::Syntax { line: 1, .. })
    ));
    cache.forget("src/Hero.tsx");
    assert!(
        cache
            .compile_or_last_good("src/Hero.tsx", "export default function Hero( {", OPTIONS)
            .compiled
            .is_none(),
        "forgotten"
    );
}

#[test]
fn a_source_that_quotes_the_placeholder_gets_a_longer_nonce() {
    let hash = [0xabu8; 32];
    assert_eq!(nonce_for(&hash, "nothing"), "abababab");
    assert_eq!(
        nonce_for(&hash, "const s = '__s2c_abababab_0__';").len(),
        16
    );
}

#[test]
fn the_last_good_versions_are_bounded() {
    let cache = Cache::new();
    for i in 0..=MAX_LAST_GOOD {
        cache
            .compile(&format!("src/F{i}.tsx"), "export const a = 1;", OPTIONS)
            .expect("compiles");
    }
    let inner = cache.lock();
    assert!(
        inner.last_good.len() <= MAX_LAST_GOOD,
        "{}",
        inner.last_good.len()
    );
}
