//! The `Publisher` class. Each method reads its JS arguments, calls the core client
//! and settles a promise with the record or a `PublisherError`.

use std::future::Future;
use std::rc::Rc;

use js_sys::Promise;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::future_to_promise;

use super::convert::{arg, config_input, member, options_object, running_in_browser};
use super::error::to_js;
use super::fetch::FetchTransport;
use super::types::{PaginationParamsArg, PublisherConfigArg, SearchParamsArg};
use crate::client::{Client, PostsParams, SearchArgs, SearchParams};
use crate::config::Config;
use crate::error::Error;

#[wasm_bindgen]
pub struct Publisher {
    client: Rc<Client<FetchTransport>>,
}

/// Runs a core call as a promise. Argument errors reject too, so a caller handles
/// every failure in one place.
fn promise<F>(work: F) -> Promise
where
    F: Future<Output = Result<JsValue, Error>> + 'static,
{
    future_to_promise(async move { work.await.map_err(to_js) })
}

#[wasm_bindgen]
impl Publisher {
    /// Creates a client. Throws a `PublisherError` of kind `config` when the
    /// configuration is invalid; nothing is sent.
    #[wasm_bindgen(constructor)]
    pub fn new(config: PublisherConfigArg) -> Result<Publisher, JsValue> {
        let config = JsValue::from(config);
        let input = config_input(&config, running_in_browser()).map_err(to_js)?;
        let config = Config::new(input).map_err(to_js)?;
        Ok(Publisher {
            client: Rc::new(Client::new(config, FetchTransport)),
        })
    }

    /// Posts of the configured publication: `GET /api/v1/posts?offset&limit&cursor` on the publication host.
    #[wasm_bindgen(js_name = getPosts, unchecked_return_type = "Promise<PublisherPost[]>")]
    pub fn get_posts(&self, params: Option<PaginationParamsArg>) -> Promise {
        let client = self.client.clone();
        let params = params.map(JsValue::from);
        promise(async move {
            let params = options_object(&params, "params")?;
            let params = PostsParams::from_args(
                &arg(&member(&params, "offset")),
                &arg(&member(&params, "limit")),
                &arg(&member(&params, "cursor")),
            )?;
            client.get_posts(&params).await
        })
    }

    /// One post by its URL slug: `GET /api/v1/posts/<slug>` on the publication host.
    #[wasm_bindgen(js_name = getPost, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] slug: JsValue,
    ) -> Promise {
        let client = self.client.clone();
        promise(async move { client.get_post(&arg(&slug)).await })
    }

    /// One post by id: `GET /api/v1/posts/by-id/<id>` on the main host.
    #[wasm_bindgen(js_name = getPostById, unchecked_return_type = "Promise<PublisherPost>")]
    pub fn get_post_by_id(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: JsValue,
    ) -> Promise {
        let client = self.client.clone();
        promise(async move { client.get_post_by_id(&arg(&id)).await })
    }

    /// Searches posts of the publication: `GET /api/v1/search?query&…` on the publication host.
    #[wasm_bindgen(js_name = searchPosts, unchecked_return_type = "Promise<PublisherSearchResult>")]
    pub fn search_posts(&self, params: SearchParamsArg) -> Promise {
        let client = self.client.clone();
        let params = JsValue::from(params);
        promise(async move {
            if !params.is_object() {
                return Err(Error::invalid_argument(
                    "searchPosts needs a params object with a query",
                ));
            }
            let field = |name: &str| arg(&member(&params, name));
            let params = SearchParams::from_args(SearchArgs {
                query: &field("query"),
                offset: &field("offset"),
                limit: &field("limit"),
                post_type: &field("type"),
                published_after: &field("published_after"),
                published_before: &field("published_before"),
            })?;
            client.search_posts(&params).await
        })
    }
}
