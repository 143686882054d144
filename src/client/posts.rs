//! Posts: `getPosts`, `getPost`, `getPostById`, `searchPosts`.

use super::{Client, Doc, PostsParams, SearchParams};
use crate::args::{self, Arg};
use crate::error::Error;
use crate::json::JsonDoc;
use crate::records::post;
use crate::request::{Endpoint, Host};
use crate::transport::Transport;

/// The largest `limit` seen accepted on the posts paths (http-contract §7); larger
/// limits are fetched in pages of this size.
pub const POSTS_PAGE_SIZE: u64 = 50;

impl<T: Transport> Client<T> {
    /// `getPosts`: `GET <publication>/api/v1/posts?offset&limit&cursor`, a bare array.
    /// A `limit` above [`POSTS_PAGE_SIZE`] is fetched in pages, stepping `offset`, until
    /// `limit` posts or a short page; exactly `limit` posts (or all there are) return.
    pub async fn get_posts(&self, params: &PostsParams) -> Result<Doc<T>, Error> {
        let Some(limit) = params.limit.filter(|limit| *limit > POSTS_PAGE_SIZE) else {
            return self
                .posts_page(params.offset, params.limit, params.cursor.as_deref())
                .await;
        };
        let mut offset = params.offset.unwrap_or(0);
        let mut posts = Vec::new();
        let mut cursor = params.cursor.as_deref();
        loop {
            let wanted = limit.saturating_sub(posts.len() as u64).min(POSTS_PAGE_SIZE);
            let mut page = self.posts_page(Some(offset), Some(wanted), cursor.take()).await?;
            let got = page.array_len().unwrap_or(0);
            posts.extend((0..got).filter_map(|index| page.take_item(index)));
            offset = offset.saturating_add(got as u64);
            if (got as u64) < wanted || posts.len() as u64 >= limit {
                break;
            }
        }
        posts.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
        Ok(Doc::<T>::new_array(posts))
    }

    async fn posts_page(&self, offset: Option<u64>, limit: Option<u64>, cursor: Option<&str>) -> Result<Doc<T>, Error> {
        let endpoint = Endpoint::get(Host::Publication, &["posts"])
            .query("offset", offset)
            .query("limit", limit)
            .query("cursor", cursor);
        self.fetch(endpoint, |mut doc| {
            post::decode_post_list(&mut doc, "the posts list")?;
            Ok(doc)
        })
        .await
    }

    /// `getPost(slug)`: `GET <publication>/api/v1/posts/<slug>`, a bare post.
    pub async fn get_post(&self, slug: &Arg) -> Result<Doc<T>, Error> {
        let slug = args::slug("slug", slug)?;
        self.fetch(Endpoint::get(Host::Publication, &["posts", &slug]), |mut doc| {
            post::decode_post(&mut doc, &|| format!("the post {slug:?}"))?;
            Ok(doc)
        })
        .await
    }

    /// `getPostById(id)`: `GET <main>/api/v1/posts/by-id/<id>` (the path fixed by the interface).
    pub async fn get_post_by_id(&self, id: &Arg) -> Result<Doc<T>, Error> {
        let id = args::id("postId", id)?;
        self.fetch(
            Endpoint::get(Host::Main, &["posts", "by-id", &id.to_string()]),
            post::decode_post_by_id,
        )
        .await
    }

    /// `searchPosts`: `GET <publication>/api/v1/search?query&offset&limit&type&published_after&published_before`.
    /// No public source shows that path answering on the real service; when it answers
    /// 404, the publication's archive search (`GET /archive?sort=new&search&offset&limit`)
    /// is used instead. That one has no total and no date filter: the type and dates are
    /// applied here, and `total` is then a lower bound, marked `totalIsLowerBound: true`.
    pub async fn search_posts(&self, params: &SearchParams) -> Result<Doc<T>, Error> {
        let endpoint = Endpoint::get(Host::Publication, &["search"])
            .query("query", Some(&params.query))
            .query("offset", params.offset)
            .query("limit", params.limit)
            .query("type", params.post_type.as_deref())
            .query("published_after", params.published_after.as_deref())
            .query("published_before", params.published_before.as_deref());
        let searched = self
            .fetch(endpoint, |mut doc| {
                post::decode_search_result(&mut doc)?;
                Ok(doc)
            })
            .await;
        match searched {
            Err(error) if error.status == Some(404) => self.search_archive(params).await,
            other => other,
        }
    }

    async fn search_archive(&self, params: &SearchParams) -> Result<Doc<T>, Error> {
        let offset = params.offset.unwrap_or(0);
        let endpoint = Endpoint::get(Host::Publication, &["archive"])
            .query("sort", Some("new"))
            .query("search", Some(&params.query))
            .query("offset", Some(offset))
            .query("limit", params.limit);
        let mut list = self
            .fetch(endpoint, |mut doc| {
                post::decode_post_list(&mut doc, "the archive search")?;
                Ok(doc)
            })
            .await?;
        let len = list.array_len().unwrap_or(0);
        let keep = |post: &Doc<T>| {
            let text = |key: &str| crate::json::string_field(post, key);
            let date = text("post_date").unwrap_or_default();
            params
                .post_type
                .as_ref()
                .is_none_or(|wanted| text("type").as_ref() == Some(wanted))
                && params
                    .published_after
                    .as_ref()
                    .is_none_or(|after| date.as_str() > after.as_str())
                && params
                    .published_before
                    .as_ref()
                    .is_none_or(|before| date.as_str() < before.as_str())
        };
        let results: Vec<Doc<T>> = (0..len)
            .filter_map(|index| list.take_item(index))
            .filter(|post| keep(post))
            .collect();
        let mut out = Doc::<T>::new_object();
        #[allow(clippy::cast_precision_loss)]
        let total = offset.saturating_add(len as u64) as f64;
        out.set("total", Doc::<T>::from_f64(total));
        out.set("results", Doc::<T>::new_array(results));
        out.set_bool("totalIsLowerBound", true);
        Ok(out)
    }
}
