//! A draft's images (docs/drafts.md, "Images"): every `image2.src` the client sends is a
//! URL the service's upload answered, because the post editor does not show an image hosted
//! anywhere else. A Markdown image named in `images` is uploaded; one on the web is
//! downloaded through the client's own transport (the call's signal and timeout, no
//! cookie, at most [`MAX_DOWNLOAD_BYTES`], the bytes checked to be an image) and uploaded;
//! one already on the service's image host is kept. Everything is planned and downloaded
//! before the first upload, so an image that cannot be had refuses the whole call before
//! any draft exists.

use super::drafts::{DraftInput, PostBody};
use super::Client;
use crate::error::Error;
use crate::http::transport::Transport;
use crate::json::JsonDoc;
use crate::notes::image::ImageData;
use crate::post_body::document::{PostDoc, UploadedImage};
use crate::post_body::rules::{self, is_hosted_image};

/// The largest image downloaded: the size the service is reported to take (10 MB, the
/// notes' image limit too); a larger one is refused without reading the rest.
pub const MAX_DOWNLOAD_BYTES: usize = 10 * 1024 * 1024;

/// What a draft's body needs before it is sent.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct ImagePlan {
    /// The named images the body uses, as indexes of [`DraftInput::images`].
    pub named: Vec<usize>,
    /// The web images to download and host, each once, in the order they appear.
    pub downloads: Vec<String>,
}

/// Plans the uploads of `input`'s body; refuses, before anything is sent, an image the
/// body does not use, a Markdown image that is neither a URL nor a name, and (with
/// downloads off) one on the web.
/// Then the document, its planned images counted as hosted, is checked against the post
/// editor's rules ([`rules::check_written`], read with the backend `D`).
pub(crate) fn plan<D: JsonDoc>(input: &DraftInput) -> Result<ImagePlan, Error> {
    let (sources, markdown) = match &input.body {
        Some(PostBody::Written { doc, markdown }) => (doc.image_sources(), markdown.as_str()),
        _ => (Vec::new(), ""),
    };
    if !input.images.is_empty() && !matches!(input.body, Some(PostBody::Written { .. })) {
        return Err(Error::invalid_argument(
            "draft.images are the images of draft.markdown; this draft has no Markdown to use them",
        ));
    }
    let mut plan = ImagePlan::default();
    for (index, (name, _)) in input.images.iter().enumerate() {
        if !sources.iter().any(|source| source == name) {
            return Err(Error::invalid_argument(format!(
                "draft.images[{name:?}] is not used: no Markdown image has the URL {name:?}"
            )));
        }
        plan.named.push(index);
    }
    for source in &sources {
        if input.images.iter().any(|(name, _)| name == source) || is_hosted_image(source) {
            continue;
        }
        let at = line_of(markdown, source);
        if !is_web_url(source) {
            return Err(Error::invalid_argument(format!(
                "the Markdown image {source:?}{at} is neither an http(s) URL nor a name in draft.images: give its bytes under that name in images"
            )));
        }
        if !input.download_images {
            return Err(Error::invalid_argument(format!(
                "the Markdown image {source:?}{at} is not on the service's image host, and the post editor does not show an image hosted elsewhere: allow downloadImages, or give its bytes in images"
            )));
        }
        if !plan.downloads.contains(source) {
            plan.downloads.push(source.clone());
        }
    }
    if let Some(PostBody::Written { doc, .. }) = &input.body {
        let mut hosted: Vec<String> = plan
            .named
            .iter()
            .filter_map(|&index| input.images.get(index).map(|(name, _)| name.clone()))
            .collect();
        hosted.extend(plan.downloads.iter().cloned());
        rules::check_written::<D>(doc, &hosted)?;
    }
    Ok(plan)
}

impl<T: Transport> Client<T> {
    /// The body's document with every planned image hosted: the web images downloaded
    /// (all of them before the first upload), then each uploaded and its `image2` given
    /// the upload's URL, size and type.
    pub(crate) async fn host_images(
        &self,
        input: &DraftInput,
        doc: &PostDoc,
        plan: ImagePlan,
    ) -> Result<PostDoc, Error> {
        let markdown = match &input.body {
            Some(PostBody::Written { markdown, .. }) => markdown.as_str(),
            _ => "",
        };
        let mut downloaded = Vec::with_capacity(plan.downloads.len());
        for url in plan.downloads {
            let image = self.download_image(&url, markdown).await?;
            downloaded.push((url, image));
        }
        let mut doc = doc.clone();
        for index in plan.named {
            if let Some((name, image)) = input.images.get(index) {
                let uploaded = self.host(image).await?;
                doc.set_uploaded(name, &uploaded);
            }
        }
        for (url, image) in downloaded {
            let uploaded = self.host(&image).await?;
            doc.set_uploaded(&url, &uploaded);
        }
        Ok(doc)
    }

    /// Uploads one image; an answer whose URL is not on the service's image host (the
    /// editor would not show it) stops the call before the draft is written.
    async fn host(&self, image: &ImageData) -> Result<UploadedImage, Error> {
        let uploaded = self.upload_post_image(image).await?;
        if !is_hosted_image(&uploaded.url) {
            return Err(Error::invalid_response(format!(
                "the service's image upload answered {:?}, which is not on its image host, so the draft was not written",
                crate::error::length::clip(&uploaded.url, 80)
            )));
        }
        Ok(uploaded)
    }

    /// Downloads one web image and checks it is one; the error names it and its line.
    async fn download_image(&self, url: &str, markdown: &str) -> Result<ImageData, Error> {
        let refuse = |why: &str| {
            let at = line_of(markdown, url);
            Error::invalid_argument(format!(
                "the Markdown image {url:?}{at} could not be downloaded to host it on the service ({why}), so the draft was not written"
            ))
        };
        let download = self
            .transport()
            .download(url, self.config().timeout_ms(), MAX_DOWNLOAD_BYTES)
            .await
            .map_err(|failure| match failure.error.kind {
                crate::error::ErrorKind::Aborted => failure.error,
                _ => refuse(&failure.error.message),
            })?;
        if !(200..300).contains(&download.status) {
            return Err(refuse(&format!("HTTP {}", download.status)));
        }
        let Some(bytes) = download.bytes else {
            return Err(refuse(&format!(
                "it is larger than {} MB",
                MAX_DOWNLOAD_BYTES / (1024 * 1024)
            )));
        };
        if bytes.is_empty() || crate::notes::image::sniff(&bytes).is_none() {
            let sent_as = download
                .content_type
                .map(|kind| format!(", it was sent as {}", crate::error::length::clip(&kind, 40)))
                .unwrap_or_default();
            return Err(refuse(&format!("it is not a PNG, JPEG, GIF or WebP image{sent_as}")));
        }
        ImageData::from_bytes(&bytes, None).map_err(|error| refuse(&error.message))
    }
}

fn is_web_url(source: &str) -> bool {
    let lower = source.get(..8).unwrap_or(source).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://")
}

/// ` (Markdown line N)` for the first line of `markdown` holding `source`, or nothing.
fn line_of(markdown: &str, source: &str) -> String {
    markdown
        .find(source)
        .and_then(|at| markdown.get(..at))
        .map(|before| {
            let line = before.bytes().filter(|&byte| byte == b'\n').count().saturating_add(1);
            format!(" (Markdown line {line})")
        })
        .unwrap_or_default()
}

#[cfg(test)]
#[path = "draft_images_tests.rs"]
mod tests;
