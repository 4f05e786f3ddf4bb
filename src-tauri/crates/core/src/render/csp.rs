//! The Content-Security-Policy of previews: the page's own origin and inline code only, no
//! remote origin in any directive, so a page cannot reach the network even where interception
//! does not exist (the webview).

/// Builds the policy. `origin` is the preview origin spelled out (for sandboxed iframes, whose
/// opaque origin `'self'` may not match); `allow_eval` adds `'unsafe-eval'`, which Vue's global
/// build needs to compile templates at run time.
pub(crate) fn preview_csp(origin: Option<&str>, allow_eval: bool) -> String {
    let own = match origin {
        Some(origin) => format!("'self' {origin}"),
        None => "'self'".to_owned(),
    };
    let eval = if allow_eval { " 'unsafe-eval'" } else { "" };
    [
        "default-src 'none'".to_owned(),
        // Generated pages put their code inline; Babel standalone runs JSX as inline scripts.
        format!("script-src {own} 'unsafe-inline'{eval} blob:"),
        format!("style-src {own} 'unsafe-inline'"),
        format!("img-src {own} data: blob:"),
        format!("font-src {own} data:"),
        format!("media-src {own} data: blob:"),
        // Ionic fetches its icons, Babel fetches `<script type="text/babel" src>`: same origin only.
        format!("connect-src {own} data: blob:"),
        format!("worker-src {own} blob:"),
        format!("frame-src {own} blob: data:"),
        format!("manifest-src {own}"),
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        "form-action 'none'".to_owned(),
    ]
    .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_directive_names_a_remote_origin() {
        for allow_eval in [false, true] {
            let csp = preview_csp(Some("preview://localhost"), allow_eval);
            assert!(!csp.contains("https:") && !csp.contains("http:") && !csp.contains('*'));
            assert!(csp.contains("default-src 'none'"));
            assert!(csp.contains("script-src 'self' preview://localhost 'unsafe-inline'"));
            assert_eq!(csp.contains("'unsafe-eval'"), allow_eval);
        }
    }
}
