//! The route a render tool shows on a project (`/`, `/pricing`, `/#/pricing` with a hash
//! router), as the URL path the preview loads.

use super::args;
use super::tool::ToolFailure;
use serde_json::{Map, Value};

/// The route a project render asks for (default `/`) and its URL path.
pub(super) fn route(
    tool: &str,
    args: &Map<String, Value>,
) -> Result<(String, String), ToolFailure> {
    let route = args::opt_str(tool, args, "route")?
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .unwrap_or("/");
    let url = s2c_webproject::path::route_url(route).ok_or_else(|| {
        ToolFailure::invalid(
            tool,
            format!(
                "`route` is a path of the site starting with one /, like \"/\" or \"/pricing\"; \
                 got {route:?}"
            ),
        )
    })?;
    Ok((route.to_owned(), url))
}
