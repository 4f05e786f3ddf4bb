use super::collect;

fn has(list: &[String], word: &str) -> bool {
    list.iter().any(|w| w == word)
}

#[test]
fn class_attributes_keep_arbitrary_values_with_quotes_whole() {
    let classes = vec!["p-4 content-['hi'] [&>*]:mt-2".to_owned()];
    let list = collect("", &classes);
    assert!(has(&list, "content-['hi']"), "{list:?}");
    assert!(has(&list, "[&>*]:mt-2"), "{list:?}");
    assert!(has(&list, "p-4"));
}

#[test]
fn classes_written_in_scripts_count_too() {
    let page = r#"<script type="text/babel">
      const Card = ({on}) => <div className={`rounded-xl ${on ? 'bg-indigo-600' : "bg-white"}`}>x</div>;
      el.classList.add("hidden");
    </script>"#;
    let list = collect(page, &[]);
    for class in ["rounded-xl", "bg-indigo-600", "bg-white", "hidden"] {
        assert!(has(&list, class), "{class} in {list:?}");
    }
}

#[test]
fn the_list_is_sorted_distinct_and_bounded() {
    let list = collect("b a b a", &["a c".to_owned()]);
    assert_eq!(list, ["a", "b", "c"]);
    let long = "x".repeat(201);
    assert!(collect(&long, &[]).is_empty());
    let many: String = (0..60_000).map(|i| format!("w{i} ")).collect();
    assert_eq!(collect(&many, &[]).len(), 50_000);
}
