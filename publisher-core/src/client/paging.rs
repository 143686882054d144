//! The one paging mechanism of the client. Every paged read of the service is either
//! offset pages (`getPosts` beyond one page) or cursor pages (profile posts, profile
//! notes, the notes feed); [`collect`] walks either kind to `limit` items, and a
//! single [`Page`] is what `getNotes` returns and the JS `PublisherNotes` wraps.

use std::future::Future;

use crate::error::Error;
use crate::json::JsonDoc;
use crate::records::schema::expect_array;

/// A feed that keeps answering empty pages with new cursors is given up after this
/// many in a row rather than walked for ever.
pub const MAX_EMPTY_PAGES: u32 = 5;

/// One page of a paged read.
#[derive(Debug)]
pub struct Page<D> {
    /// The page as the service sent it (for [`collect`]: the array of its items).
    pub page: D,
    /// The cursor of the next page: `None` at the end of the feed. A cursor equal to
    /// the one just sent also ends it, so a service that repeats itself cannot loop a walk.
    pub next_cursor: Option<String>,
}

/// Where a page starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Position {
    /// Offset pages: the number of items before the page.
    Offset(u64),
    /// Cursor pages: the cursor of the page, `None` for the first.
    Cursor(Option<String>),
}

/// How many items a walk returns and how it reads pages.
#[derive(Debug, Clone, Copy)]
pub struct Walk {
    /// Items to return at most.
    pub limit: u64,
    /// Accepted items to skip first (for services that take no offset).
    pub skip: u64,
    /// The most items one page may be asked for; `None` when the service takes no size.
    pub page_size: Option<u64>,
}

/// Reads pages from `start` until `walk.limit` items or the end. `read(position,
/// wanted)` fetches one page (its `page` the array of items); `accept` says whether an
/// item counts at all (restacks do not); `prepare` decodes an item that will be returned.
pub async fn collect<D, Fut>(
    walk: Walk,
    start: Position,
    what: &str,
    mut read: impl FnMut(Position, Option<u64>) -> Fut,
    accept: impl Fn(&D) -> bool,
    mut prepare: impl FnMut(&mut D, usize) -> Result<(), Error>,
) -> Result<Vec<D>, Error>
where
    D: JsonDoc,
    Fut: Future<Output = Result<Page<D>, Error>>,
{
    let limit = usize::try_from(walk.limit).unwrap_or(usize::MAX);
    let mut to_skip = walk.skip;
    let mut items = Vec::new();
    let mut empty_pages: u32 = 0;
    let mut position = start;
    while items.len() < limit {
        let wanted = walk.page_size.map(|size| {
            walk.limit
                .saturating_sub(items.len() as u64)
                .saturating_add(to_skip)
                .min(size)
        });
        let Page {
            page: mut list,
            next_cursor,
        } = read(position.clone(), wanted).await?;
        let len = expect_array(&list, what)?;
        empty_pages = if len == 0 { empty_pages.saturating_add(1) } else { 0 };
        for index in 0..len {
            let Some(mut item) = list.take_item(index) else {
                continue;
            };
            if !accept(&item) {
                continue;
            }
            if to_skip > 0 {
                to_skip = to_skip.saturating_sub(1);
                continue;
            }
            prepare(&mut item, index)?;
            items.push(item);
            if items.len() >= limit {
                break;
            }
        }
        position = match position {
            Position::Offset(offset) => {
                let short = wanted.is_some_and(|wanted| (len as u64) < wanted);
                if short {
                    break;
                }
                Position::Offset(offset.saturating_add(len as u64))
            }
            Position::Cursor(_) => match next_cursor {
                Some(next) if empty_pages < MAX_EMPTY_PAGES => Position::Cursor(Some(next)),
                _ => break,
            },
        };
    }
    Ok(items)
}
