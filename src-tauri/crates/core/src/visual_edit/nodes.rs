//! Element ids for the preview: every element of an HTML file gets `data-s2c-node="<n>"`, n
//! counting start tags in document order as `lol_html` parses them. The same parser finds
//! element n again in the source, so the id the page reports names one start tag of the file.

use lol_html::{element, rewrite_str, RewriteStrSettings};
use std::cell::Cell;
use std::ops::Range;
use std::rc::Rc;

pub const NODE_ATTR: &str = "data-s2c-node";

/// Names one version of a file's bytes; the write-back refuses a page shown from another.
/// (The same hash a project page's modules record for their files.)
pub fn source_hash(bytes: &[u8]) -> String {
    s2c_webproject::source_edit::source_hash(bytes)
}

/// `html` with every element numbered, or `None` when it cannot be parsed (then the preview
/// shows the page without ids and visual edits say the element cannot be mapped).
pub fn annotate(html: &str) -> Option<String> {
    let count = Cell::new(0u32);
    let settings = RewriteStrSettings::new().append_element_content_handler(element!("*", |el| {
        let n = count.get();
        count.set(n.saturating_add(1));
        el.set_attribute(NODE_ATTR, &n.to_string())?;
        Ok(())
    }));
    rewrite_str(html, settings).ok()
}

/// Where element `index` is in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSpan {
    /// The start tag, `<` to `>`.
    pub start_tag: Range<usize>,
    /// Where its end tag starts, when it has one.
    pub end_tag_start: Option<usize>,
    /// Whether other elements start inside it.
    pub has_children: bool,
}

pub fn find_node(html: &str, index: u32) -> Option<NodeSpan> {
    let count = Rc::new(Cell::new(0u32));
    let start_tag = Rc::new(Cell::new(None::<(usize, usize)>));
    let end = Rc::new(Cell::new(None::<(usize, bool)>));
    {
        let (count, start_tag, end) = (count.clone(), start_tag.clone(), end.clone());
        let settings =
            RewriteStrSettings::new().append_element_content_handler(element!("*", move |el| {
                let n = count.get();
                count.set(n.saturating_add(1));
                if n == index {
                    let at = el.source_location().bytes();
                    start_tag.set(Some((at.start, at.end)));
                    if let Some(handlers) = el.end_tag_handlers() {
                        let (count, end) = (count.clone(), end.clone());
                        let handler: lol_html::EndTagHandler<'static> = Box::new(move |tag| {
                            let children = count.get() > index.saturating_add(1);
                            end.set(Some((tag.source_location().bytes().start, children)));
                            Ok(())
                        });
                        handlers.push(handler);
                    }
                }
                Ok(())
            }));
        rewrite_str(html, settings).ok()?;
    }
    let (start, stop) = start_tag.get()?;
    let (end_tag_start, has_children) = match end.get() {
        Some((at, children)) => (Some(at), children),
        None => (None, false),
    };
    Some(NodeSpan {
        start_tag: start..stop,
        end_tag_start,
        has_children,
    })
}
