//! Posts: `getPosts`, `getPost`, `getPostById`, `searchPosts`.

use super::paging::{self, Page, Position, Walk};
use super::{Client, Doc};
use crate::error::Error;
use crate::http::operation::{Operation, Path, Query};
use crate::http::transport::Transport;
use crate::http::{Host, Method};
use crate::ids::{PostId, Slug};
use crate::json::JsonDoc;
pub use crate::params::{PostsParams, SearchParams};
use crate::records::post;

/// `GET <publication>/posts?offset&limit&cursor`: a bare array of posts.
pub(crate) struct PostsPage<'a> {
    offset: Option<u64>,
    limit: Option<u64>,
    cursor: Option<&'a str>,
}

impl Operation for PostsPage<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "posts?offset&limit&cursor";
    fn path(&self, path: &mut Path) {
        path.literal("posts");
    }
    fn query(&self, query: &mut Query) {
        query
            .opt("offset", self.offset)
            .opt("limit", self.limit)
            .opt("cursor", self.cursor);
    }
}

/// `GET <publication>/posts/<slug>`: a bare post.
pub(crate) struct PostBySlug<'a> {
    slug: &'a Slug,
}

impl Operation for PostBySlug<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "posts/<slug>";
    fn path(&self, path: &mut Path) {
        path.literal("posts").segment(self.slug);
    }
}

/// `GET <main>/posts/by-id/<id>`: `{post, publication, publicationSettings}`.
pub(crate) struct PostById {
    id: PostId,
}

impl Operation for PostById {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Main;
    const ROUTE: &'static str = "posts/by-id/<postId>";
    fn path(&self, path: &mut Path) {
        path.literal("posts/by-id").segment(self.id);
    }
}

/// `GET <publication>/search?query&offset&limit&type&published_after&published_before`.
pub(crate) struct Search<'a>(&'a SearchParams);

impl Operation for Search<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "search?query&offset&limit&type&published_after&published_before";
    fn path(&self, path: &mut Path) {
        path.literal("search");
    }
    fn query(&self, query: &mut Query) {
        let params = self.0;
        query
            .set("query", &params.query)
            .opt("offset", params.offset)
            .opt("limit", params.limit)
            .opt("type", params.post_type.as_deref())
            .opt("published_after", params.published_after.as_deref())
            .opt("published_before", params.published_before.as_deref());
    }
}

/// `GET <publication>/archive?sort=new&search&offset&limit`: the archive's search.
pub(crate) struct ArchiveSearch<'a> {
    search: &'a str,
    offset: u64,
    limit: Option<u64>,
}

impl Operation for ArchiveSearch<'_> {
    const METHOD: Method = Method::Get;
    const HOST: Host = Host::Publication;
    const ROUTE: &'static str = "archive?sort&search&offset&limit";
    fn path(&self, path: &mut Path) {
        path.literal("archive");
    }
    fn query(&self, query: &mut Query) {
        query
            .set("sort", "new")
            .set("search", self.search)
            .set("offset", self.offset)
            .opt("limit", self.limit);
    }
}

/// The largest `limit` seen accepted on the posts paths (http-contract §7); larger
/// limits are fetched in pages of this size.
pub const POSTS_PAGE_SIZE: u64 = 50;

impl<T: Transport> Client<T> {
    /// `getPosts`: `GET <publication>/api/v1/posts?offset&limit&cursor`, a bare array.
    /// A `limit` above [`POSTS_PAGE_SIZE`] is fetched in pages, stepping `offset`, until
    /// `limit` posts or a short page; exactly `limit` posts (or all there are) return.
    pub async fn get_posts(&self, params: &PostsParams) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPosts");
        let Some(limit) = params.limit.filter(|limit| *limit > POSTS_PAGE_SIZE) else {
            return self
                .posts_page(params.offset, params.limit, params.cursor.as_deref())
                .await;
        };
        let walk = Walk {
            limit,
            skip: 0,
            page_size: Some(POSTS_PAGE_SIZE),
        };
        let mut cursor = params.cursor.as_deref();
        let read = |position: Position, wanted: Option<u64>| {
            let offset = match position {
                Position::Offset(offset) => Some(offset),
                Position::Cursor(_) => None,
            };
            // The caller's cursor goes with the first page only.
            let cursor = cursor.take();
            async move {
                let page = self.posts_page(offset, wanted, cursor).await?;
                Ok(Page {
                    page,
                    next_cursor: None,
                })
            }
        };
        let start = Position::Offset(params.offset.unwrap_or(0));
        let posts = paging::collect(walk, start, "the posts list", read, |_| true, |_, _| Ok(())).await?;
        Ok(Doc::<T>::new_array(posts))
    }

    async fn posts_page(&self, offset: Option<u64>, limit: Option<u64>, cursor: Option<&str>) -> Result<Doc<T>, Error> {
        self.send(&PostsPage { offset, limit, cursor }, |mut doc| {
            post::decode_post_list(&mut doc, "the posts list")?;
            Ok(doc)
        })
        .await
    }

    /// `getPost(slug)`: `GET <publication>/api/v1/posts/<slug>`, a bare post.
    pub async fn get_post(&self, slug: &Slug) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPost");
        self.send(&PostBySlug { slug }, |mut doc| {
            post::decode_post(&mut doc, &|| format!("the post {:?}", slug.as_str()))?;
            Ok(doc)
        })
        .await
    }

    /// `getPostById(id)`: `GET <main>/api/v1/posts/by-id/<id>` (the path fixed by the interface).
    pub async fn get_post_by_id(&self, id: PostId) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("getPostById");
        self.send(&PostById { id }, post::decode_post_by_id).await
    }

    /// `searchPosts`: `GET <publication>/api/v1/search?query&offset&limit&type&published_after&published_before`.
    /// No public source shows that path answering on the real service; when it answers
    /// 404, the publication's archive search (`GET /archive?sort=new&search&offset&limit`)
    /// is used instead. That one has no total and no date filter: the type and dates are
    /// applied here, and `total` is then a lower bound, marked `totalIsLowerBound: true`.
    pub async fn search_posts(&self, params: &SearchParams) -> Result<Doc<T>, Error> {
        #[cfg(test)]
        let _driving = crate::test_support::driving("searchPosts");
        let searched = self
            .send(&Search(params), |mut doc| {
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
        let archive = ArchiveSearch {
            search: &params.query,
            offset,
            limit: params.limit,
        };
        let mut list = self
            .send(&archive, |mut doc| {
                post::decode_post_list(&mut doc, "the archive search")?;
                Ok(doc)
            })
            .await?;
        let len = list.array_len().unwrap_or(0);
        let keep = |post: &Doc<T>| {
            let text = |key: &'static str| crate::json::string_field(post, key);
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

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ids::{Id, PostId, Slug};
    use crate::test_support::{block_on, fixture_text, FakeTransport};
    use serde_json::json;

    fn post_json(id: u64) -> serde_json::Value {
        json!({"id": id, "title": "T", "slug": format!("s{id}"), "post_date": "2025-01-01T00:00:00.000Z",
               "canonical_url": "https://pub.example.com/p/s", "type": "podcast", "audience": "only_paid",
               "podcast_url": "https://cdn.example.com/a.mp3"})
    }

    #[test]
    fn get_posts_sends_the_params_and_decodes() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client
            .transport()
            .reply(200, &json!([post_json(1), post_json(2)]).to_string());
        let params = PostsParams {
            offset: Some(10),
            limit: Some(5),
            cursor: None,
        };
        let posts = block_on(client.get_posts(&params)).unwrap();
        assert_eq!(posts.as_array().unwrap().len(), 2);
        assert_eq!(posts[0]["paywalled"], true);
        let sent = client.transport().sent();
        assert_eq!(sent.len(), 1);
        assert_eq!(sent[0].url, "https://pub.example.com/api/v1/posts?offset=10&limit=5");
        assert_eq!(sent[0].method.as_str(), "GET");
        assert_eq!(sent[0].header("cookie"), Some("connect.sid=s%3Atest-key"));
    }

    #[test]
    fn get_posts_without_params_has_no_query() {
        let client = FakeTransport::client(None);
        client.transport().reply(200, "[]");
        block_on(client.get_posts(&PostsParams::default())).unwrap();
        assert_eq!(client.transport().sent()[0].url, "https://substack.com/api/v1/posts");
    }

    #[test]
    fn get_post_by_id_uses_the_fixed_path_on_the_main_host() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client.transport().reply(200, &fixture_text("post-by-id.json"));
        let post = block_on(client.get_post_by_id(PostId::from_f64(167180194.0).unwrap())).unwrap();
        assert_eq!(
            post["slug"],
            crate::test_support::fixture("post-by-id.json")["post"]["slug"]
        );
        assert_eq!(
            client.transport().sent()[0].url,
            "https://substack.com/api/v1/posts/by-id/167180194"
        );
    }

    #[test]
    fn get_post_encodes_the_slug_as_one_segment() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client.transport().reply(200, &post_json(3).to_string());
        block_on(client.get_post(&Slug::parse("slug", "caf\u{e9}-&-more").unwrap())).unwrap();
        assert_eq!(
            client.transport().sent()[0].url,
            "https://pub.example.com/api/v1/posts/caf%C3%A9-%26-more"
        );
    }

    #[test]
    fn search_sends_every_param_encoded() {
        let client = FakeTransport::client(Some("pub.example.com"));
        client
            .transport()
            .reply(200, &json!({"total": 1, "results": [post_json(1)]}).to_string());
        let params = SearchParams {
            query: "a&b c+d".into(),
            offset: Some(0),
            limit: Some(2),
            post_type: Some("podcast".into()),
            published_after: Some("2025-01-01".into()),
            published_before: None,
        };
        let result = block_on(client.search_posts(&params)).unwrap();
        assert_eq!(result["total"], 1);
        assert_eq!(result["results"][0]["published"], true);
        assert_eq!(
            client.transport().sent()[0].url,
            "https://pub.example.com/api/v1/search?query=a%26b%20c%2Bd&offset=0&limit=2&type=podcast&published_after=2025-01-01"
        );
    }
}
