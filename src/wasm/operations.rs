//! The exported methods of `Publisher`, made from the declarations of
//! `crate::api::operations`: each method only reads its arguments into a [`Call`]; one
//! function, [`Publisher::dispatch`], runs every call. So the wasm carries one copy of
//! the call machinery (options, signals, the promise) rather than one per method.

use js_sys::{Array, Promise};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use super::call::call;
use super::convert::{arg, arg_member, member};
use super::draft::BuilderDraft;
use super::fetch::FetchTransport;
use super::publisher::Publisher;
use crate::api::args;
// The declarations name the parameter objects: every one is in scope.
use crate::api::params::*;
use crate::client::{Client, Deletion, Page};
use crate::error::Error;
use crate::params::{CommentId, Id, NoteId, PostId, Slug, UserId};

/// A caller's argument read into the core's type; a bad one is an `invalid-argument` error.
trait FromJs: Sized {
    fn from_js(name: &'static str, value: &JsValue) -> Result<Self, Error>;
}

macro_rules! ids_from_js {
    ($($id:ty),*) => {$(
        impl FromJs for $id {
            fn from_js(name: &'static str, value: &JsValue) -> Result<Self, Error> {
                args::id::<$id>(name, &arg(value))
            }
        }
    )*};
}
ids_from_js!(PostId, UserId, NoteId, CommentId);

impl FromJs for Slug {
    fn from_js(name: &'static str, value: &JsValue) -> Result<Self, Error> {
        args::slug(name, &arg(value))
    }
}

/// Read by the call itself (the text of `publishNote`).
impl FromJs for JsValue {
    fn from_js(_: &'static str, value: &JsValue) -> Result<Self, Error> {
        Ok(value.clone())
    }
}

struct JsObject<'a>(&'a JsValue);

impl ArgSource for JsObject<'_> {
    fn shape(&self) -> Shape {
        let value = self.0;
        if value.is_undefined() || value.is_null() {
            Shape::Missing
        } else if Array::is_array(value) {
            Shape::Array
        } else if value.is_object() {
            Shape::Object
        } else {
            Shape::Other
        }
    }
    fn member(&self, key: &str) -> args::Arg {
        arg_member(self.0, key)
    }
}

/// Every parameter object of `crate::api::params`, read field by field.
impl<P: ParamObject> FromJs for P {
    fn from_js(name: &'static str, value: &JsValue) -> Result<Self, Error> {
        P::read(name, &JsObject(value))
    }
}

/// An argument as wasm-bindgen hands it over: required, or `Option` when it may be left out.
trait Given {
    fn given(self) -> JsValue;
}

impl Given for JsValue {
    fn given(self) -> JsValue {
        self
    }
}

impl Given for Option<JsValue> {
    fn given(self) -> JsValue {
        self.unwrap_or(JsValue::UNDEFINED)
    }
}

/// What a few calls need beyond their arguments: the client (for the pages it makes)
/// and the raw call options (which for some methods carry more than a signal).
struct Context {
    owner: Publisher,
    options: JsValue,
}

#[wasm_bindgen(module = "/pkg-template/notes-page.js")]
extern "C" {
    #[wasm_bindgen(js_name = PublisherNotes)]
    type JsNotesPage;
    #[wasm_bindgen(constructor, js_class = PublisherNotes)]
    fn new(client: Publisher, page: &JsValue, has_more: bool, limit: &JsValue, options: &JsValue) -> JsNotesPage;
}

impl Context {
    /// A `PublisherNotes` over the first page.
    fn notes_page(self, notes: Page<JsValue>, params: &NotesParams) -> Result<JsValue, Error> {
        #[allow(clippy::cast_precision_loss)]
        let limit = params
            .limit
            .map_or(JsValue::UNDEFINED, |limit| JsValue::from_f64(limit as f64));
        let has_more = notes.next_cursor.is_some();
        Ok(JsNotesPage::new(self.owner, &notes.page, has_more, &limit, &self.options).into())
    }

    /// `publishNote(text, options)`: the options say what to attach.
    async fn publish(&self, client: &Client<FetchTransport>, text: &JsValue) -> Result<JsValue, Error> {
        BuilderDraft::from_publish_options(text, &self.options)?
            .publish(client)
            .await
    }

    /// `getFollowingProfiles`, reporting progress to `options.onProgress`.
    async fn following_profiles(&self, client: &Client<FetchTransport>) -> Result<JsValue, Error> {
        let progress = member(&self.options, "onProgress");
        if !progress.is_undefined() && !progress.is_null() && !progress.is_function() {
            return Err(Error::invalid_argument("options.onProgress must be a function"));
        }
        let report = |done: usize, total: usize| {
            if let Some(callback) = progress.dyn_ref::<js_sys::Function>() {
                #[allow(clippy::cast_precision_loss)]
                let _ = callback.call2(
                    &JsValue::UNDEFINED,
                    &JsValue::from_f64(done as f64),
                    &JsValue::from_f64(total as f64),
                );
            }
        };
        let profiles = client.get_following_profiles(&report).await?;
        Ok(profiles.into_iter().collect::<Array>().into())
    }
}

/// `{id, deleted}` of `deleteNote`.
fn deletion_result(id: NoteId, deletion: Deletion) -> JsValue {
    let result = js_sys::Object::new();
    let set = |key: &str, value: JsValue| js_sys::Reflect::set(&result, &JsValue::from_str(key), &value);
    #[allow(clippy::cast_precision_loss)]
    let _ = set("id", JsValue::from_f64(id.get() as f64))
        .and_then(|_| set("deleted", JsValue::from_bool(deletion == Deletion::Deleted)));
    result.into()
}

/// Ids as an array of numbers.
fn id_list(ids: Vec<UserId>) -> JsValue {
    #[allow(clippy::cast_precision_loss)]
    let array: Array = ids.into_iter().map(|id| JsValue::from_f64(id.get() as f64)).collect();
    array.into()
}

/// A call's [`Context`]: built only for the calls that name one.
macro_rules! context {
    (type) => {
        ()
    };
    (type $ctx:ident) => {
        Context
    };
    (pattern) => {
        _
    };
    (pattern $ctx:ident) => {
        $ctx
    };
    (value $self:ident, $options:ident) => {
        ()
    };
    (value $self:ident, $options:ident, $ctx:ident) => {
        Context {
            owner: $self.share(),
            options: $options.clone().unwrap_or(JsValue::UNDEFINED),
        }
    };
}

/// One exported method. wasm-bindgen marks a parameter optional by its attribute, so
/// the parameters are turned one by one into the right attribute (`req`, `opt`).
macro_rules! export_method {
    ($meta:tt $js:ident $rust:ident $ret:literal $opts:literal $ctx:tt [$($params:tt)*]
        (req $pname:ident $label:literal $pty:ty = $pts:literal $(, $($rest:tt)*)?) $all:tt) => {
        export_method! {
            $meta $js $rust $ret $opts $ctx
            [$($params)* #[wasm_bindgen(unchecked_param_type = $pts)] $pname: JsValue,]
            ($($($rest)*)?) $all
        }
    };
    ($meta:tt $js:ident $rust:ident $ret:literal $opts:literal $ctx:tt [$($params:tt)*]
        (opt $pname:ident $label:literal $pty:ty = $pts:literal $(, $($rest:tt)*)?) $all:tt) => {
        export_method! {
            $meta $js $rust $ret $opts $ctx
            [$($params)* #[wasm_bindgen(unchecked_optional_param_type = $pts)] $pname: Option<JsValue>,]
            ($($($rest)*)?) $all
        }
    };
    ([$($meta:tt)*] $js:ident $rust:ident $ret:literal $opts:literal [$($ctx:ident)?] [$($params:tt)*] ()
        ($( $req:ident $pname:ident $label:literal $pty:ty = $pts:literal ),*)) => {
        #[wasm_bindgen]
        impl Publisher {
            $($meta)*
            #[wasm_bindgen(js_name = $js, unchecked_return_type = $ret)]
            pub fn $rust(
                &self,
                $($params)*
                #[wasm_bindgen(unchecked_optional_param_type = $opts)] options: Option<JsValue>,
            ) -> Promise {
                // A closure, so that `?` stops at the first bad argument.
                #[allow(clippy::redundant_closure_call)]
                let call = (|| {
                    Ok(Call::$js(
                        $( <$pty as FromJs>::from_js($label, &Given::given($pname))?, )*
                        context!(value self, options $(, $ctx)?),
                    ))
                })();
                self.dispatch(options, call)
            }
        }
    };
}

macro_rules! exported_operations {
    ($(
        $(#[doc = $doc:literal])*
        $js:ident => $rust:ident ( $( $pname:ident $label:literal : $req:ident $pty:ty = $pts:literal ),* )
            options $opts:literal -> $ret:literal
            [route $route:literal, delivery $delivery:literal, paging $paging:literal, decodes $decodes:literal]
            |$client:ident $(, $ctx:ident)?| $body:expr;
    )*) => {
        /// One call of an operation, its arguments read and checked.
        #[allow(non_camel_case_types)]
        enum Call {
            $( $js($($pty,)* context!(type $($ctx)?)), )*
        }

        $(
            export_method! {
                [$(#[doc = $doc])*] $js $rust $ret $opts [$($ctx)?]
                [] ($( $req $pname $label $pty = $pts ),*) ($( $req $pname $label $pty = $pts ),*)
            }
        )*

        impl Publisher {
            /// Runs every call: the options first (a bad one rejects, nothing is sent), then
            /// the arguments, then the core client.
            fn dispatch(&self, options: Option<JsValue>, call: Result<Call, Error>) -> Promise {
                call!(self, options, |client| {
                    match call? {
                        $(
                            Call::$js($($pname,)* context!(pattern $($ctx)?)) => {
                                let $client = client;
                                $body
                            }
                        )*
                    }
                })
            }
        }
    };
}

crate::with_operations!(exported_operations);
