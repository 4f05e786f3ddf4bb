//! What `check_fidelity` compares: each page of the variant with the screenshot(s) it was made
//! from (`prompts::PageShots` says which), one screenshot or one per width. A page is as good
//! as its weakest width, and a site as its weakest page: that one's report stands for it.

use crate::fidelity::{
    score_at_widths, score_request, weakest, FidelityError, ScoreRequest, Scored, WidthReference,
    WidthScore,
};
use crate::prompts::{Page, PageShots};
use crate::render::Renderer;
use crate::vocab::ImageAttachment;
use std::sync::Arc;

/// What one page is checked against.
pub enum References {
    One(Arc<Vec<u8>>),
    /// Two or more widths: scored at each.
    Widths(Vec<WidthReference>),
}

/// A page with what it is checked against.
pub struct PageReference {
    pub page: Page,
    pub references: References,
}

/// A page scored: its weakest width's result, and each width's score (none for one screenshot).
pub struct PageScored {
    pub page: Page,
    pub scored: Scored,
    pub widths: Vec<WidthScore>,
}

impl PageReference {
    /// The site's root page, for a single-file page.
    pub fn root() -> Page {
        Page {
            name: "Home".to_owned(),
            route: "/".to_owned(),
        }
    }

    pub fn one(page: Page, screenshot: Arc<Vec<u8>>) -> Self {
        Self {
            page,
            references: References::One(screenshot),
        }
    }

    /// A page at several widths (with fewer than two it is one screenshot).
    pub fn at_widths(page: Page, mut widths: Vec<WidthReference>) -> Self {
        let references = match widths.len() {
            0 => References::One(Arc::new(Vec::new())),
            1 => References::One(widths.remove(0).screenshot),
            _ => References::Widths(widths),
        };
        Self { page, references }
    }

    /// `page`'s screenshots among the request's still `images`; `None` when one is missing.
    pub fn of(page: &PageShots, images: &[ImageAttachment]) -> Option<Self> {
        let image = |index: u32| {
            images
                .get(index as usize)
                .map(|shot| Arc::new(shot.data.clone()))
        };
        if page.group().is_some() {
            let widths = page
                .shots
                .iter()
                .map(|s| {
                    Some(WidthReference {
                        screenshot: image(s.index)?,
                        width: s.width?,
                    })
                })
                .collect::<Option<Vec<_>>>()?;
            return Some(Self::at_widths(page.page.clone(), widths));
        }
        let first = page.shots.first()?;
        Some(Self::one(page.page.clone(), image(first.index)?))
    }

    /// The page (`template`'s source at `template.path`) scored against its screenshot(s).
    pub async fn score(
        &self,
        renderer: &Renderer,
        template: &ScoreRequest,
    ) -> crate::fidelity::Result<PageScored> {
        let (scored, widths) = match &self.references {
            References::One(screenshot) => {
                let mut request = template.clone();
                request.screenshot = screenshot.clone();
                (score_request(renderer, &request).await?, Vec::new())
            }
            References::Widths(references) => {
                let mut all = score_at_widths(renderer, template, references).await?;
                let scores: Vec<WidthScore> = all.iter().map(|w| w.score()).collect();
                let lowest = weakest(&scores)
                    .filter(|&i| i < all.len())
                    .ok_or_else(|| FidelityError::Internal("no widths to score".to_owned()))?;
                (all.swap_remove(lowest).scored, scores)
            }
        };
        Ok(PageScored {
            page: self.page.clone(),
            scored,
            widths,
        })
    }
}

/// The page `route` shows (`/pricing`, `/pricing/`, `/pricing?x`, or a hash router's
/// `/#/pricing`), among `pages`.
pub fn find_page<'a>(pages: &'a [PageReference], route: &str) -> Option<&'a PageReference> {
    let bare = route.split(['?', '#']).next().unwrap_or(route);
    let hashed = route.split_once('#').map(|(_, h)| h);
    [Some(bare), hashed]
        .into_iter()
        .flatten()
        .filter(|r| r.starts_with('/'))
        .find_map(|r| {
            let r = r.trim_end_matches('/');
            let r = if r.is_empty() { "/" } else { r };
            pages.iter().find(|p| p.page.route == r)
        })
}

/// The index of the lowest-scoring page (the first of equals).
pub fn weakest_page(pages: &[PageScored]) -> Option<usize> {
    pages
        .iter()
        .enumerate()
        .min_by(|a, b| {
            a.1.scored
                .report
                .total
                .total_cmp(&b.1.scored.report.total)
                .then(a.0.cmp(&b.0))
        })
        .map(|(i, _)| i)
}
