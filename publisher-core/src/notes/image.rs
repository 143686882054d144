//! An image to attach to a note, checked before anything is sent: its type is read from
//! its bytes (PNG, JPEG, GIF or WebP, the types the web's browsers and the service's
//! stored notes show), must agree with the type the caller declared (a `Blob`'s type or a
//! data URI's), and the upload carries it as a base64 data URI (http-contract-writes §5).

#![deny(missing_docs)]

use crate::notes::base64;

use crate::error::Error;

/// An image ready to upload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageData {
    /// The MIME type read from the bytes.
    pub mime: &'static str,
    /// The size of the image in bytes.
    pub bytes: usize,
    /// `data:<mime>;base64,<data>`, the value of the upload's `image` field.
    pub data_uri: String,
}

/// The MIME types an image may have, with the magic numbers that identify them.
const TYPES: &[(&str, &str)] = &[
    ("image/png", "PNG"),
    ("image/jpeg", "JPEG"),
    ("image/gif", "GIF"),
    ("image/webp", "WebP"),
];

/// The image type of `bytes`, from their first bytes.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some("image/webp")
    } else {
        None
    }
}

fn type_name(mime: &str) -> &'static str {
    TYPES
        .iter()
        .find(|(known, _)| *known == mime)
        .map_or("image", |(_, name)| name)
}

/// The declared type in its usual spelling: lower case, no parameters, `image/jpg` as `image/jpeg`.
fn normalise(declared: &str) -> String {
    let base = declared
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if base == "image/jpg" || base == "image/pjpeg" {
        "image/jpeg".to_string()
    } else {
        base
    }
}

impl ImageData {
    /// An image from its bytes; `declared` is the type the caller gave (a `Blob`'s `type`),
    /// if any, and must agree with the bytes.
    pub fn from_bytes(bytes: &[u8], declared: Option<&str>) -> Result<ImageData, Error> {
        if bytes.is_empty() {
            return Err(Error::invalid_argument("attachImage(data) got an empty image"));
        }
        let Some(mime) = sniff(bytes) else {
            return Err(Error::invalid_argument(
                "attachImage(data) needs a PNG, JPEG, GIF or WebP image; these bytes are none of them",
            ));
        };
        if let Some(declared) = declared.map(normalise).filter(|d| !d.is_empty()) {
            if declared != mime {
                return Err(Error::invalid_argument(format!(
                    "attachImage(data) was told the image is {declared}, but its bytes are a {} image",
                    type_name(mime)
                )));
            }
        }
        Ok(ImageData {
            mime,
            bytes: bytes.len(),
            data_uri: format!("data:{mime};base64,{}", base64::encode(bytes)),
        })
    }

    /// An image from a `data:<type>;base64,<data>` URI.
    pub fn from_data_uri(uri: &str) -> Result<ImageData, Error> {
        let bad = || {
            Error::invalid_argument(
                "attachImage(data) needs bytes, a Blob or a data URI of the form data:image/png;base64,…",
            )
        };
        let rest = uri
            .get(..5)
            .filter(|scheme| scheme.eq_ignore_ascii_case("data:"))
            .and_then(|_| uri.get(5..))
            .ok_or_else(bad)?;
        let (header, data) = rest.split_once(',').ok_or_else(bad)?;
        let mut parts = header.split(';');
        let declared = parts.next().unwrap_or_default();
        if !parts.any(|part| part.trim().eq_ignore_ascii_case("base64")) {
            return Err(bad());
        }
        let compact: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
        let bytes = base64::decode(compact.as_bytes())
            .ok_or_else(|| Error::invalid_argument("attachImage(data) got a data URI whose base64 is not valid"))?;
        ImageData::from_bytes(&bytes, Some(declared))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    const PNG_1X1: &str =
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    fn png() -> Vec<u8> {
        crate::notes::base64::decode(PNG_1X1.as_bytes()).unwrap()
    }

    #[test]
    fn each_type_is_read_from_its_bytes() {
        let mut webp = b"RIFF\x16\x00\x00\x00WEBPVP8X".to_vec();
        webp.resize(30, 0);
        for (bytes, mime) in [
            (png(), "image/png"),
            (vec![0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "image/jpeg"),
            (b"GIF89a\x01\x00\x01\x00".to_vec(), "image/gif"),
            (webp, "image/webp"),
        ] {
            let image = ImageData::from_bytes(&bytes, None).unwrap();
            assert_eq!(image.mime, mime);
            assert_eq!(image.bytes, bytes.len());
            assert!(image.data_uri.starts_with(&format!("data:{mime};base64,")));
        }
        assert_eq!(
            ImageData::from_bytes(&png(), None).unwrap().data_uri,
            format!("data:image/png;base64,{PNG_1X1}")
        );
    }

    #[test]
    fn the_declared_type_must_agree_with_the_bytes() {
        assert!(ImageData::from_bytes(&png(), Some("image/png")).is_ok());
        assert!(ImageData::from_bytes(&png(), Some("IMAGE/PNG; name=a.png")).is_ok());
        assert!(ImageData::from_bytes(&png(), Some("")).is_ok());
        let error = ImageData::from_bytes(&png(), Some("image/jpeg")).unwrap_err();
        assert_eq!(error.kind, ErrorKind::InvalidArgument);
        assert_eq!(
            error.message,
            "attachImage(data) was told the image is image/jpeg, but its bytes are a PNG image"
        );
        for bytes in [&b""[..], b"<svg xmlns='http://www.w3.org/2000/svg'/>", b"%PDF-1.7"] {
            let error = ImageData::from_bytes(bytes, None).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument);
        }
    }

    #[test]
    fn data_uris() {
        let image = ImageData::from_data_uri(&format!("data:image/png;base64,{PNG_1X1}")).unwrap();
        assert_eq!(image.data_uri, format!("data:image/png;base64,{PNG_1X1}"));
        // Case, parameters, whitespace in the data and image/jpg are tolerated.
        let spaced = format!(
            "DATA:Image/PNG;name=x.png;base64,{}\n{}",
            &PNG_1X1[..20],
            &PNG_1X1[20..]
        );
        assert_eq!(ImageData::from_data_uri(&spaced).unwrap().mime, "image/png");
        for bad in [
            "",
            "image/png;base64,AAAA",
            &format!("data:image/png,{PNG_1X1}"),
            "data:image/png;base64,@@@@",
            "data:image/png;base64",
            &format!("data:image/gif;base64,{PNG_1X1}"),
            "data:text/html;base64,PGI+eDwvYj4=",
        ] {
            let error = ImageData::from_data_uri(bad).unwrap_err();
            assert_eq!(error.kind, ErrorKind::InvalidArgument, "{bad}");
        }
    }

    #[test]
    fn a_riff_file_is_webp_only_with_its_webp_tag_and_jpg_spellings_are_jpeg() {
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WAVEfmt "), None);
        assert_eq!(normalise("image/jpg"), "image/jpeg");
        assert_eq!(normalise("Image/PJPEG; q=1"), "image/jpeg");
        assert_eq!(normalise("image/png"), "image/png");
    }
}
