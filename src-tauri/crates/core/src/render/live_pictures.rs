//! Pictures of a running generation's pages for the option cards, taken by the shared headless
//! browser every few seconds while the options write. A card that showed its page live, in a
//! scaled frame, ran that page in the window's own web process: its parse, style and paint
//! stalled the window, and any change near it painted it again (docs/PERFORMANCE.md, "Sixth
//! pass"). The browser is another process, so a picture costs the window only an image.

use super::live::LiveGeneration;
use super::thumbnail::timed_card_picture;
use super::Renderer;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;

/// How often pictures are taken, and how much of the browser's time they may use.
#[derive(Debug, Clone, Copy)]
pub struct Pacing {
    /// The least time between two pictures of one option whose picture keeps changing.
    pub per_variant: Duration,
    /// The most it grows to while an option's picture comes out the same each time: a card
    /// shows a page's first screen, which stops changing once the page has grown past it,
    /// while the page goes on being written for minutes. Each unchanged picture doubles the
    /// wait up to this; a changed one brings it back to `per_variant`.
    pub max_per_variant: Duration,
    /// After a picture that took `t`, the browser rests `rest_factor × t` before the next, so
    /// pictures use at most a `1 / (1 + rest_factor)` share of its time.
    pub rest_factor: u32,
    /// …and at least this long.
    pub min_rest: Duration,
    /// How long to wait, when nothing changed, before looking again.
    pub idle: Duration,
}

impl Pacing {
    /// A picture costs the browser about as much CPU as it takes (0.3–0.5 s for a landing
    /// page, `benches/card_pictures.rs`), so resting three times as long keeps pictures to a
    /// quarter of a core however many options write.
    pub const CARDS: Pacing = Pacing {
        per_variant: Duration::from_secs(4),
        max_per_variant: Duration::from_secs(48),
        rest_factor: 3,
        min_rest: Duration::from_millis(250),
        idle: Duration::from_millis(500),
    };

    fn rest_after(&self, took: Duration) -> Duration {
        (took * self.rest_factor).max(self.min_rest)
    }
}

/// What to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Picture this option (index, its files' revision now).
    Shoot(u32, u64),
    /// Nothing is due: look again after this.
    Wait(Duration),
}

/// Which option's picture is due: one whose files changed since its last picture (written at
/// all: revision 0 is nothing yet), pictured longest ago, and not within its wait.
#[derive(Debug, Default)]
pub struct Schedule {
    /// By option: the last picture taken.
    last: Vec<Option<Last>>,
}

#[derive(Debug, Clone, Copy)]
struct Last {
    revision: u64,
    at: Instant,
    /// The wait before the next picture (grows while pictures come out the same).
    wait: Duration,
    /// The picture's fingerprint (None: it could not be taken).
    picture: Option<u64>,
}

impl Schedule {
    pub fn next(&self, revisions: &[u64], now: Instant, pacing: &Pacing) -> Next {
        let mut due: Option<(u32, u64, Option<Instant>)> = None;
        let mut soonest = pacing.idle;
        for (index, &revision) in revisions.iter().enumerate() {
            let last = self.last.get(index).copied().flatten();
            if revision == 0 || last.is_some_and(|l| l.revision == revision) {
                continue;
            }
            if let Some(last) = last {
                let ready = last.at + last.wait;
                if ready > now {
                    soonest = soonest.min(ready - now);
                    continue;
                }
            }
            let at = last.map(|l| l.at);
            // Never pictured comes first (None < Some), then the oldest picture.
            if due.is_none_or(|(_, _, best)| at < best) {
                due = Some((index as u32, revision, at));
            }
        }
        match due {
            Some((index, revision, _)) => Next::Shoot(index, revision),
            None => Next::Wait(soonest),
        }
    }

    /// `index` was pictured (or tried: a page that cannot be pictured is not tried again at
    /// once). `picture`: the new picture's fingerprint. True when it differs from the last
    /// (a card is sent only a picture that shows something new).
    pub fn shot(
        &mut self,
        index: u32,
        revision: u64,
        at: Instant,
        picture: Option<u64>,
        pacing: &Pacing,
    ) -> bool {
        let index = index as usize;
        if self.last.len() <= index {
            self.last.resize(index + 1, None);
        }
        let before = self.last[index];
        let same = picture.is_some() && before.is_some_and(|b| b.picture == picture);
        let wait = match before {
            Some(b) if same || picture.is_none() => (b.wait * 2).min(pacing.max_per_variant),
            _ => pacing.per_variant,
        };
        self.last[index] = Some(Last {
            revision,
            at,
            wait,
            picture: picture.or(before.and_then(|b| b.picture)),
        });
        picture.is_some() && !same
    }
}

fn fingerprint(picture: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    picture.hash(&mut hasher);
    hasher.finish()
}

/// Picture each option of `live` as its files change, one at a time on `renderer`, handing each
/// JPEG that shows something new to `pictured` (index, bytes), until `stop`. Best effort: an option without a picture
/// keeps its live page in its card.
pub async fn picture_while_writing(
    live: Arc<LiveGeneration>,
    renderer: Arc<Renderer>,
    pacing: Pacing,
    stop: CancellationToken,
    mut pictured: impl FnMut(u32, Vec<u8>) + Send,
) {
    let mut schedule = Schedule::default();
    loop {
        let wait = match schedule.next(&live.revisions(), Instant::now(), &pacing) {
            Next::Wait(wait) => wait,
            Next::Shoot(index, revision) => {
                let Some(source) = live.source(index) else {
                    return;
                };
                let timed = tokio::select! {
                    () = stop.cancelled() => return,
                    timed = timed_card_picture(&renderer, Arc::new(source), true) => timed,
                };
                let print = timed.picture.as_deref().map(fingerprint);
                if schedule.shot(index, revision, Instant::now(), print, &pacing) {
                    if let Some(picture) = timed.picture {
                        pictured(index, picture);
                    }
                }
                // Rest for what the picture cost the browser, not for the time it waited for
                // it: behind a fidelity check's widths, that wait was seconds, and the rest
                // three times as long left the other cards without a picture for 20 s.
                pacing.rest_after(timed.browser_time)
            }
        };
        tokio::select! {
            () = stop.cancelled() => return,
            () = tokio::time::sleep(wait) => {}
        }
    }
}

#[cfg(test)]
#[path = "live_pictures_tests.rs"]
mod tests;
