use super::*;
use serde_json::{json, Value};

/// Content that exercises every escape, a surrogate pair, raw non-ASCII and quotes/brackets.
fn tricky_content() -> String {
    "<html>\n\t<p class=\"a\\b\">Tom's \"quote\" / 1 < 2 & {x: [1]}</p>\r\n\u{8}\u{c}\
     é ü 中文 😀 \u{1F680} end\\"
        .to_owned()
}

/// Arguments as a model might send them: other keys of every JSON type around the ones we want,
/// whitespace, `\/`, `\u` escapes for ASCII and astral characters.
fn tricky_args() -> Vec<(&'static str, String)> {
    let content = serde_json::to_string(&tricky_content()).unwrap_or_default();
    // serde_json never writes \/ or \u escapes for printable text; add some by hand.
    let content = content
        .replacen('/', "\\/", 1)
        .replacen("😀", "\\ud83d\\ude00", 1);
    let content = content
        .replacen("é", "\\u00e9", 1)
        .replacen("<p", "\\u003Cp", 1);
    vec![
        (
            "path first",
            format!(r#"{{"path":"pages\/a b.html","content":{content}}}"#),
        ),
        (
            "content first, other keys around",
            format!(
                r#" {{ "note" : "skip \"me\" }}]" , "n": -1.5e3, "ok": true, "nil": null,
                "nested": {{"a": [1, {{"b": "}}\\\""}}], "c": {{}}}}, "list": [[], "]"],
                "content" : {content} , "path" : "x\u00e9.html" }} "#
            ),
        ),
        ("no path", format!(r#"{{"content":{content}}}"#)),
        (
            "null path",
            format!("{{\"path\":null,\n\"content\":{content}\n}}"),
        ),
    ]
}

fn decode_in_pieces(
    args: &str,
    cuts: &[usize],
) -> Result<(String, Option<String>, bool), PartialJsonError> {
    let mut decoder = CreateFileArgsDecoder::new();
    let mut content = String::new();
    let mut path = None;
    let mut start = 0;
    for &cut in cuts.iter().chain(std::iter::once(&args.len())) {
        if let Some(p) = decoder.push_into(&args[start..cut], &mut content)? {
            assert!(path.is_none(), "the path is reported once");
            path = Some(p);
        }
        start = cut;
    }
    assert_eq!(
        decoder.path(),
        path.as_deref(),
        "path() agrees with the update"
    );
    Ok((content, path, decoder.is_complete()))
}

fn expected(args: &str) -> (String, Option<String>) {
    let value: Value = serde_json::from_str(args).unwrap_or_else(|e| panic!("fixture: {e}"));
    let content = value["content"]
        .as_str()
        .map(str::to_owned)
        .unwrap_or_default();
    (content, value["path"].as_str().map(str::to_owned))
}

fn boundaries(s: &str) -> Vec<usize> {
    (1..s.len()).filter(|i| s.is_char_boundary(*i)).collect()
}

#[test]
fn every_single_split_position_decodes_like_serde_json() {
    for (name, args) in tricky_args() {
        let want = expected(&args);
        for cut in boundaries(&args) {
            let got = decode_in_pieces(&args, &[cut]);
            let got = got.unwrap_or_else(|e| panic!("case {name:?} cut at {cut}: {e}"));
            assert_eq!((got.0, got.1), want, "case {name:?} cut at {cut}");
            assert!(got.2, "case {name:?} cut at {cut}: complete");
        }
    }
}

#[test]
fn every_pair_of_split_positions_in_the_escapes() {
    // Splitting twice inside one escape (e.g. `\ud8` | `3d\u` | `de00`) is where state bugs hide.
    let args = r#"{"content":"a\ud83d\ude00b\u00e9\n\"c\\"}"#;
    let want = expected(args);
    let cuts = boundaries(args);
    for (i, &a) in cuts.iter().enumerate() {
        for &b in &cuts[i + 1..] {
            let got =
                decode_in_pieces(args, &[a, b]).unwrap_or_else(|e| panic!("cuts {a},{b}: {e}"));
            assert_eq!((got.0, got.1), want, "cuts at {a} and {b}");
        }
    }
}

/// A small deterministic generator: the test must not depend on a crate or on luck.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_multi_splits_decode_like_serde_json() {
    let mut rng = XorShift(0x5eed_1234_abcd_ef01);
    for (name, args) in tricky_args() {
        let want = expected(&args);
        let positions = boundaries(&args);
        for round in 0..300 {
            let pieces = (rng.next() % 40) as usize + 1;
            let mut cuts: Vec<usize> = (0..pieces)
                .map(|_| positions[(rng.next() as usize) % positions.len()])
                .collect();
            cuts.sort_unstable();
            cuts.dedup();
            let got = decode_in_pieces(&args, &cuts)
                .unwrap_or_else(|e| panic!("{name} round {round}: {e}"));
            assert_eq!(
                (got.0, got.1),
                want,
                "case {name:?} round {round} cuts {cuts:?}"
            );
        }
        // One character at a time, the worst case for a streaming decoder.
        let got =
            decode_in_pieces(&args, &positions).unwrap_or_else(|e| panic!("{name} 1-char: {e}"));
        assert_eq!((got.0, got.1), want, "case {name:?} one char per delta");
    }
}

#[test]
fn content_streams_before_the_object_is_complete() {
    let mut decoder = CreateFileArgsDecoder::new();
    let first = decoder.push(r#"{"path": "a.html", "content": "<ht"#);
    assert_eq!(
        first,
        Ok(Update {
            content: "<ht".into(),
            path: Some("a.html".into()),
            complete: false
        })
    );
    let second = decoder.push(r#"ml>\n"#);
    assert_eq!(second.map(|u| u.content), Ok("ml>\n".to_owned()));
    let last = decoder.push(r#"x"}"#);
    assert_eq!(
        last,
        Ok(Update {
            content: "x".into(),
            path: None,
            complete: true
        })
    );
}

#[test]
fn a_path_after_the_content_says_content_was_already_streamed() {
    let mut decoder = CreateFileArgsDecoder::new();
    let _ = decoder.push(r#"{"content": "abc", "pa"#);
    assert_eq!(decoder.path(), None);
    assert_eq!(decoder.content_bytes(), 3);
    let update = decoder.push(r#"th": "b.html"}"#);
    assert_eq!(update.map(|u| u.path), Ok(Some("b.html".to_owned())));
}

#[test]
fn errors_are_reported_and_sticky() {
    let cases = [
        (
            "invalid escape",
            r#"{"content": "a\x"}"#,
            "invalid escape \\x",
        ),
        ("bad hex", r#"{"content": "\u12G4"}"#, "invalid \\u escape"),
        (
            "lone high surrogate",
            r#"{"content": "\ud83d!"}"#,
            "unpaired UTF-16 surrogate \\ud83d",
        ),
        (
            "high then other escape",
            r#"{"content": "\ud83d\n"}"#,
            "unpaired UTF-16 surrogate",
        ),
        (
            "high then bmp",
            r#"{"content": "\ud83d\u0041"}"#,
            "unpaired UTF-16 surrogate",
        ),
        (
            "lone low surrogate",
            r#"{"content": "\udc00"}"#,
            "unpaired UTF-16 surrogate \\udc00",
        ),
        ("not an object", r#"["content"]"#, "expected '{'"),
        ("missing colon", r#"{"content" "x"}"#, "expected ':'"),
        ("bad value", r#"{"content": @}"#, "expected a value"),
        (
            "missing comma",
            r#"{"a": 1 "content": "x"}"#,
            "expected ',' or '}'",
        ),
        (
            "data after the object",
            r#"{"content": "x"} {"#,
            "nothing after the object",
        ),
        ("unquoted key", r#"{content: "x"}"#, "expected a key"),
    ];
    for (name, args, fragment) in cases {
        let mut decoder = CreateFileArgsDecoder::new();
        let mut first_error = None;
        for c in boundaries(args)
            .into_iter()
            .chain([args.len()])
            .scan(0, |start, end| {
                let piece = &args[*start..end];
                *start = end;
                Some(piece)
            })
        {
            if let Err(e) = decoder.push(c) {
                first_error.get_or_insert(e);
            }
        }
        let err = first_error.unwrap_or_else(|| panic!("case {name:?}: no error"));
        assert!(err.to_string().contains(fragment), "case {name:?}: {err}");
        assert_eq!(
            decoder.push("more").err(),
            Some(err),
            "case {name:?}: sticky"
        );
        let as_object = serde_json::from_str::<serde_json::Map<String, Value>>(args);
        assert!(as_object.is_err(), "case {name:?}: serde agrees");
    }
}

#[test]
fn empty_and_whitespace_only_objects() {
    let cases = [("empty object", "{}"), ("spaced", " \n{ \t}\r\n ")];
    for (name, args) in cases {
        let got = decode_in_pieces(args, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got, (String::new(), None, true), "case {name:?}");
    }
    let got = decode_in_pieces(&json!({"content": ""}).to_string(), &[]);
    assert_eq!(got, Ok((String::new(), None, true)), "empty content");
}
