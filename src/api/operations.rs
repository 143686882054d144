//! Every operation of the `Publisher` class, declared once. One entry says all there is
//! to say about a method:
//!
//! ```text
//! #[doc = " doc"] (the `.d.ts` comment; written as an attribute, not `///`: inside a macro
//! a doc comment becomes a raw string, which wasm-bindgen would copy with its `r"`)
//! jsName => rust_name(param "nameInMessages": req|opt RustType = "TypeScript", …)
//!     options "CallOptions" -> "Promise<Record>"
//!     [route "…", delivery "…", paging "…", decodes "…"]
//!     |client| body;
//! ```
//!
//! `req`/`opt` says whether the argument may be left out. Each parameter's Rust type
//! reads and checks the caller's value (ids, slugs, the objects of [`super::params`]);
//! the body calls the core client (in `async` context, with the parameters bound by
//! name, `client` the call's client and, when named, `ctx` the call's context) and
//! yields the result. `route`, `delivery`, `paging` and `decodes` describe the method
//! for the README and the tests (`decodes` names the record the answer is checked
//! against; empty when the method decodes nothing of its own).
//!
//! [`with_operations!`] hands the whole list to a macro: the boundary makes the
//! exported methods of it (`crate::wasm::operations`), [`super::list`] the list of
//! operations that the tests and the README read.

/// Calls `$callback!` with every operation's declaration.
#[macro_export]
#[doc(hidden)]
macro_rules! with_operations {
    ($callback:ident) => {
        $callback! {
            #[doc = " Posts of the configured publication: `GET /api/v1/posts?offset&limit&cursor` on the publication host."]
            getPosts => get_posts(params "params": opt PostsParams = "PaginationParams | null")
                options "CallOptions | null" -> "Promise<PublisherPost[]>"
                [route "GET pub `/posts?offset&limit&cursor` (given ones)", delivery "repeatable", paging "a `limit` over 50 is fetched in pages of 50, stepping `offset`", decodes "PublisherPost"]
                |client| client.get_posts(&params).await;

            #[doc = " One post by its URL slug: `GET /api/v1/posts/<slug>` on the publication host."]
            getPost => get_post(slug "slug": req Slug = "string")
                options "CallOptions | null" -> "Promise<PublisherPost>"
                [route "GET pub `/posts/<slug>`", delivery "repeatable", paging "", decodes "PublisherPost"]
                |client| client.get_post(&slug).await;

            #[doc = " One post by id: `GET /api/v1/posts/by-id/<id>` on the main host."]
            getPostById => get_post_by_id(id "postId": req PostId = "number")
                options "CallOptions | null" -> "Promise<PublisherPost>"
                [route "GET main `/posts/by-id/<id>`, its `.post`", delivery "repeatable", paging "", decodes "PublisherPost"]
                |client| client.get_post_by_id(id).await;

            #[doc = " Searches posts of the publication: `GET /api/v1/search?query&…` on the publication host."]
            searchPosts => search_posts(params "params": req SearchParams = "SearchParams")
                options "CallOptions | null" -> "Promise<PublisherSearchResult>"
                [route "GET pub `/search?…`; on 404, GET pub `/archive?sort=new&search&offset&limit`", delivery "repeatable", paging "", decodes "PublisherSearchResult"]
                |client| client.search_posts(&params).await;

            #[doc = " Comments of a post: `GET /api/v1/post/<postId>/comments` on the publication host."]
            getComments => get_comments(post_id "postId": req PostId = "number", params "params": opt CommentsParams = "CommentParams | null")
                options "CallOptions | null" -> "Promise<PublisherComment[]>"
                [route "GET pub `/post/<id>/comments` (cut to `limit`)", delivery "repeatable", paging "", decodes "PublisherComment"]
                |client| client.get_comments(post_id, &params).await;

            #[doc = " One comment: `GET /api/v1/reader/comment/<id>`."]
            getComment => get_comment(comment_id "commentId": req CommentId = "number")
                options "CallOptions | null" -> "Promise<PublisherComment>"
                [route "GET main `/reader/comment/<id>`, its `item.comment`", delivery "repeatable", paging "", decodes "PublisherComment"]
                |client| client.get_comment(comment_id).await;

            #[doc = " A page of the account's notes feed: `GET /api/v1/notes?cursor&limit`."]
            getNotes => get_notes(params "params": opt NotesParams = "NotesParams | null")
                options "CallOptions | null" -> "Promise<PublisherNotes>"
                [route "GET main `/notes?cursor&limit`", delivery "repeatable", paging "one page; the page's `next()` and `for await` follow `nextCursor`", decodes "PublisherNote"]
                |client, ctx| ctx.notes_page(client.get_notes(&params).await?, &params);

            #[doc = " Publishes a note of one paragraph of plain text: `POST /api/v1/comment/feed`."]
            publishNote => publish_note(text "text": req JsValue = "string")
                options "PublishNoteOptions | null" -> "Promise<PublishNoteResponse>"
                [route "the attachments first, then POST main `/comment/feed` once; read back after a lost answer", delivery "at most once", paging "", decodes "PublishNoteResponse"]
                |client, ctx| ctx.publish(&client, &text).await;

            #[doc = " Deletes one of the account's notes: `DELETE /api/v1/comment/<id>`. Resolves with"]
            #[doc = " `{id, deleted}`; `deleted` is false when the note was already gone."]
            deleteNote => delete_note(note_id "noteId": req NoteId = "number")
                options "CallOptions | null" -> "Promise<DeleteNoteResult>"
                [route "DELETE main `/comment/<id>` (retried like a read); `deleted: false` when the note was already gone (404)", delivery "repeatable", paging "", decodes ""]
                |client| Ok(deletion_result(note_id, client.delete_note(note_id).await?));

            #[doc = " A user's activity feed: `GET /api/v1/reader/feed/profile/<userId>`."]
            getUserProfile => get_user_profile(user_id "userId": req UserId = "number")
                options "CallOptions | null" -> "Promise<PublisherUserProfile>"
                [route "GET main `/reader/feed/profile/<id>`", delivery "repeatable", paging "", decodes "PublisherUserProfile"]
                |client| client.get_user_profile(user_id).await;

            #[doc = " A public profile by handle (without the @): `GET /api/v1/user/<handle>/public_profile`."]
            getPublicProfile => get_public_profile(handle "handle": req Slug = "string")
                options "CallOptions | null" -> "Promise<PublisherPublicProfile>"
                [route "GET main `/user/<handle>/public_profile`", delivery "repeatable", paging "", decodes "PublisherPublicProfile"]
                |client| client.get_public_profile(&handle).await;

            #[doc = " The public profile with the activity feed, by handle."]
            getFullProfileBySlug => get_full_profile_by_slug(handle "handle": req Slug = "string")
                options "CallOptions | null" -> "Promise<PublisherFullProfile>"
                [route "public profile, then the user's feed", delivery "repeatable", paging "", decodes "PublisherFullProfile"]
                |client| client.get_full_profile_by_slug(&handle).await;

            #[doc = " The public profile with the activity feed, by user id."]
            getFullProfileById => get_full_profile_by_id(user_id "userId": req UserId = "number")
                options "CallOptions | null" -> "Promise<PublisherFullProfile>"
                [route "the user's feed, the handle it names, the public profile; GET main `/user/<id>/profile` instead when the feed names no handle (a user without activity) or the public profile answers 404 (a renamed handle)", delivery "repeatable", paging "", decodes "PublisherFullProfile"]
                |client| client.get_full_profile_by_id(user_id).await;

            #[doc = " The ids the account follows: `GET /api/v1/feed/following` (its own id included, first)."]
            getFollowingIds => get_following_ids()
                options "CallOptions | null" -> "Promise<number[]>"
                [route "GET main `/feed/following`", delivery "repeatable", paging "", decodes "number[]"]
                |client| Ok(id_list(client.get_following_ids().await?));

            #[doc = " The full profile of every followed user, in order, a few at a time (the"]
            #[doc = " `concurrency` option); rejects naming every user that failed."]
            getFollowingProfiles => get_following_profiles()
                options "FollowingOptions | null" -> "Promise<PublisherFullProfile[]>"
                [route "the ids, then `getFullProfileById` for each (with its fallback to `/user/<id>/profile`), `concurrency` at a time", delivery "repeatable", paging "", decodes "PublisherFullProfile"]
                |client, ctx| ctx.following_profiles(&client).await;

            #[doc = " Posts of the publication of the user with this handle (workflow node `getPostsBySlug`)."]
            getPostsBySlug => get_posts_by_slug(slug "slug": req Slug = "string", params "params": opt ReadParams = "ProfileReadParams | null")
                options "CallOptions | null" -> "Promise<PublisherPost[]>"
                [route "public profile → id → as `getPostsById`", delivery "repeatable", paging "the service's cursors, to `limit` (default 100)", decodes "PublisherPost"]
                |client| client.get_posts_by_slug(&slug, &params).await;

            #[doc = " Posts of a user's publication (workflow node `getPostsById`): `GET /api/v1/profile/posts`."]
            getPostsById => get_posts_by_id(user_id "userId": req UserId = "number", params "params": opt ReadParams = "ProfileReadParams | null")
                options "CallOptions | null" -> "Promise<PublisherPost[]>"
                [route "GET main `/profile/posts?profile_user_id&limit` then `&cursor`", delivery "repeatable", paging "the service's cursors, to `limit` (default 100); `offset` skipped here, never sent", decodes "PublisherPost"]
                |client| client.get_posts_by_id(user_id, &params).await;

            #[doc = " Notes of the user with this handle (workflow node `getNotesBySlug`)."]
            getNotesBySlug => get_notes_by_slug(slug "slug": req Slug = "string", params "params": opt NoteReadParams = "NoteReadParams | null")
                options "CallOptions | null" -> "Promise<PublisherNote[]>"
                [route "public profile → id → as `getNotesById`", delivery "repeatable", paging "the feed's cursors, to `limit` (default 100)", decodes "PublisherNote"]
                |client| client.get_notes_by_slug(&slug, params.limit).await;

            #[doc = " Notes of a user (workflow node `getNotesById`): `GET /api/v1/reader/feed/profile/<id>?types=note`."]
            getNotesById => get_notes_by_id(user_id "userId": req UserId = "number", params "params": opt NoteReadParams = "NoteReadParams | null")
                options "CallOptions | null" -> "Promise<PublisherNote[]>"
                [route "GET main `/reader/feed/profile/<id>?types=note` then `&cursor`", delivery "repeatable", paging "the feed's cursors, to `limit` (default 100)", decodes "PublisherNote"]
                |client| client.get_notes_by_id(user_id, params.limit).await;

            #[doc = " One note (workflow node `getNoteById`): `GET /api/v1/reader/comment/<id>`."]
            getNoteById => get_note_by_id(note_id "noteId": req NoteId = "number")
                options "CallOptions | null" -> "Promise<PublisherNote>"
                [route "GET main `/reader/comment/<id>`, its `item`", delivery "repeatable", paging "", decodes "PublisherNote"]
                |client| client.get_note_by_id(note_id).await;
        }
    };
}
