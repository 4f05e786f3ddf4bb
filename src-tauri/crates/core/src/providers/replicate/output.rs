//! Replicate models return their images in several shapes; all become a list of URLs.

use serde_json::Value;

/// `"url"`, `{"url": …}`, `["url", …]` or `[{"url": …}, …]` → the URLs, in order.
pub(crate) fn output_urls(output: &Value) -> Result<Vec<String>, String> {
    fn one(value: &Value) -> Option<String> {
        match value {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
            Value::Object(map) => map.get("url").and_then(Value::as_str).map(str::to_owned),
            _ => None,
        }
    }
    let urls: Vec<String> = match output {
        Value::Null => return Err("the prediction produced no output".to_owned()),
        Value::Array(items) => items.iter().filter_map(one).collect(),
        other => one(other).into_iter().collect(),
    };
    if urls.is_empty() {
        let shown: String = output.to_string().chars().take(200).collect();
        return Err(format!("the prediction's output has no image URL: {shown}"));
    }
    Ok(urls)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_output_shape_gives_its_urls() {
        let cases = [
            (
                json!("https://r.test/a.png"),
                Ok(vec!["https://r.test/a.png"]),
            ),
            (
                json!({"url": "https://r.test/b.png"}),
                Ok(vec!["https://r.test/b.png"]),
            ),
            (
                json!(["https://r.test/c.png", "https://r.test/d.png"]),
                Ok(vec!["https://r.test/c.png", "https://r.test/d.png"]),
            ),
            (
                json!([{"url": "https://r.test/e.png"}]),
                Ok(vec!["https://r.test/e.png"]),
            ),
            (
                json!("data:image/png;base64,AAAA"),
                Ok(vec!["data:image/png;base64,AAAA"]),
            ),
            (json!(null), Err(())),
            (json!([]), Err(())),
            (json!({"image": "https://r.test/f.png"}), Err(())),
            (json!(42), Err(())),
        ];
        for (output, expected) in cases {
            let got = output_urls(&output).map_err(|_| ());
            let expected = expected.map(|v| v.into_iter().map(str::to_owned).collect::<Vec<_>>());
            assert_eq!(got, expected, "{output}");
        }
    }
}
