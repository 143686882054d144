//! wasm-bindgen tests of the boundary, run in Node and in headless Chromium
//! (`WASM_BINDGEN_USE_BROWSER=1`). They check what only the wasm build can show:
//! the JS error class, decoding on V8's own parsed values, and one round trip to the
//! local service (its URL and key come from scripts/with-local-service.mjs).
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use js_sys::{Promise, Reflect, JSON};
use publisher_core::records::post;
use publisher_wasm::{JsDoc, Publisher};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::wasm_bindgen_test;

/// The project's own answer to `GET /api/v1/posts/by-id/<id>` (local-service/fixtures.mjs).
const BY_ID_FIXTURE: &str = include_str!("../fixtures/service/post-by-id.json");

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

fn config(pairs: &[(&str, &str)]) -> JsValue {
    let object: JsValue = js_sys::Object::new().into();
    for (key, value) in pairs {
        Reflect::set(&object, &JsValue::from_str(key), &JsValue::from_str(value)).unwrap();
    }
    object
}

fn publisher(pairs: &[(&str, &str)]) -> Result<Publisher, JsValue> {
    Publisher::new(config(pairs).unchecked_into())
}

async fn rejection(promise: Promise) -> JsValue {
    JsFuture::from(promise).await.expect_err("the promise should reject")
}

fn assert_publisher_error(error: &JsValue, kind: &str) {
    assert!(error.is_instance_of::<js_sys::Error>(), "not an Error: {error:?}");
    assert_eq!(get(error, "name").as_string().unwrap(), "PublisherError");
    assert_eq!(get(error, "kind").as_string().unwrap(), kind);
}

#[wasm_bindgen_test]
fn a_config_without_api_key_throws_a_publisher_error() {
    let error = publisher(&[("hostname", "x.substack.com")]).err().unwrap();
    assert_publisher_error(&error, "config");
    assert!(get(&error, "message").as_string().unwrap().contains("apiKey"));
}

#[wasm_bindgen_test]
fn a_hostname_with_a_scheme_throws() {
    let error = publisher(&[("apiKey", "k"), ("hostname", "https://x.substack.com")])
        .err()
        .unwrap();
    assert_publisher_error(&error, "config");
}

#[wasm_bindgen_test]
async fn bad_ids_reject_with_invalid_argument() {
    let client = publisher(&[("apiKey", "SECRET-WASM-KEY"), ("baseUrl", "http://127.0.0.1:9")]).unwrap();
    for id in [
        JsValue::from(1.5),
        JsValue::from(-1),
        JsValue::from_str("12"),
        JsValue::from(f64::NAN),
    ] {
        let error = rejection(client.get_post_by_id(id, None)).await;
        assert_publisher_error(&error, "invalid-argument");
        let json = JSON::stringify(&error).unwrap().as_string().unwrap();
        assert!(!json.contains("SECRET-WASM-KEY"));
    }
}

#[wasm_bindgen_test]
fn the_by_id_fixture_decodes_on_v8_values() {
    let parsed = JSON::parse(BY_ID_FIXTURE).unwrap();
    let served = get(&get(&parsed, "post"), "wordcount").as_f64();
    let post = JsValue::from(post::decode_post_by_id(JsDoc(parsed)).unwrap());
    assert_eq!(get(&post, "id").as_f64(), Some(162832606.0));
    assert_eq!(get(&post, "published").as_bool(), Some(true));
    // The fixture's audience is `everyone`.
    assert_eq!(get(&post, "paywalled").as_bool(), Some(false));
    // A field beyond the interface passes through untouched.
    assert!(served.is_some());
    assert_eq!(get(&post, "wordcount").as_f64(), served);
}

#[wasm_bindgen_test]
fn a_mistyped_field_on_v8_values_names_field_and_record() {
    let parsed = JSON::parse(BY_ID_FIXTURE).unwrap();
    Reflect::set(&get(&parsed, "post"), &JsValue::from_str("title"), &JsValue::from(5)).unwrap();
    let error = post::decode_post_by_id(JsDoc(parsed)).unwrap_err();
    assert!(
        error.message.contains("field `title` is the number 5"),
        "{}",
        error.message
    );
}

/// The local service's URL and key: from the environment in Node, from the build in a browser.
fn local_service() -> Option<(String, String)> {
    let from_env = |name: &str| -> Option<String> {
        let process = Reflect::get(&js_sys::global(), &JsValue::from_str("process")).ok()?;
        let env = Reflect::get(&process, &JsValue::from_str("env")).ok()?;
        Reflect::get(&env, &JsValue::from_str(name)).ok()?.as_string()
    };
    let url = from_env("PUBLISHER_LOCAL_URL").or(option_env!("PUBLISHER_LOCAL_URL").map(String::from))?;
    let key = from_env("PUBLISHER_LOCAL_KEY").or(option_env!("PUBLISHER_LOCAL_KEY").map(String::from))?;
    Some((url, key))
}

async fn sign_in_if_browser(url: &str, key: &str) {
    let is_node = Reflect::get(&js_sys::global(), &JsValue::from_str("process"))
        .map(|p| !p.is_undefined())
        .unwrap_or(false);
    if is_node {
        return;
    }
    let init = web_sys::RequestInit::new();
    init.set_method("POST");
    init.set_credentials(web_sys::RequestCredentials::Include);
    init.set_body(&JsValue::from_str(&format!(r#"{{"apiKey":"{key}"}}"#)));
    let window = web_sys::window().unwrap();
    let response = JsFuture::from(window.fetch_with_str_and_init(&format!("{url}/__local/sign-in"), &init))
        .await
        .unwrap();
    let status = get(&response, "status").as_f64().unwrap();
    assert!((200.0..300.0).contains(&status), "sign-in answered {status}");
}

#[wasm_bindgen_test]
async fn get_posts_round_trip_against_the_local_service() {
    let (url, key) =
        local_service().expect("run through scripts/with-local-service.mjs: PUBLISHER_LOCAL_URL is not set");
    sign_in_if_browser(&url, &key).await;
    let client = publisher(&[("apiKey", &key), ("baseUrl", &url)]).unwrap();
    let params: JsValue = JSON::parse(r#"{"limit": 3}"#).unwrap();
    let posts = JsFuture::from(client.get_posts(Some(params.unchecked_into()), None))
        .await
        .unwrap();
    let posts: js_sys::Array = posts.dyn_into().unwrap();
    assert_eq!(posts.length(), 3);
    for post in posts.iter() {
        assert!(get(&post, "published").as_bool().is_some());
        assert!(get(&post, "body_html").is_string(), "further fields pass through");
    }
    let error = rejection(client.get_post_by_id(JsValue::from(1), None)).await;
    assert_publisher_error(&error, "http");
    assert_eq!(get(&error, "status").as_f64(), Some(404.0));
}
