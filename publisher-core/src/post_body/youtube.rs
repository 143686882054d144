//! The id of a YouTube video in its URL, for a `youtube2` node (which holds the id, not
//! the URL): `youtube.com/watch?v=ID`, `youtu.be/ID`, `youtube.com/shorts/ID`,
//! `/embed/ID`, `/live/ID`, `/v/ID`, on `www.`, `m.` and `music.` too, and
//! `youtube-nocookie.com/embed/ID`.

#![deny(missing_docs)]

/// The 11-character id of the video `url` shows; `None` for anything else (a channel, a
/// playlist, another site), which stays a link.
pub fn video_id(url: &str) -> Option<&str> {
    let rest = strip_prefix_ignore_case(url, "https://").or_else(|| strip_prefix_ignore_case(url, "http://"))?;
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let host = rest.get(..host_end)?.to_ascii_lowercase();
    let rest = rest.get(host_end..)?;
    let host = ["www.", "m.", "music."]
        .iter()
        .find_map(|prefix| host.strip_prefix(prefix))
        .unwrap_or(&host);
    let before_fragment = rest.split_once('#').map_or(rest, |(before, _)| before);
    let (path, query) = before_fragment.split_once('?').unwrap_or((before_fragment, ""));
    let id = match host {
        "youtu.be" => path.strip_prefix('/'),
        "youtube.com" | "youtube-nocookie.com" if path == "/watch" => {
            query.split('&').find_map(|pair| pair.strip_prefix("v="))
        }
        "youtube.com" | "youtube-nocookie.com" => ["/shorts/", "/embed/", "/live/", "/v/"]
            .iter()
            .find_map(|prefix| path.strip_prefix(prefix))
            .map(|id| id.strip_suffix('/').unwrap_or(id)),
        _ => None,
    }?;
    is_video_id(id).then_some(id)
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| text.get(prefix.len()..))
        .flatten()
}

/// YouTube's ids: 11 of `A–Z a–z 0–9 _ -`.
fn is_video_id(id: &str) -> bool {
    id.len() == 11
        && id
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_a_video_url_gives_its_id() {
        for url in [
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
            "https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ#x",
            "http://m.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
            "HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ",
            "https://youtu.be/dQw4w9WgXcQ?si=abc",
            "https://youtu.be/dQw4w9WgXcQ#t=1",
            "https://www.youtube.com/shorts/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?start=3",
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
            "https://www.youtube.com/live/dQw4w9WgXcQ",
            "https://www.youtube.com/v/dQw4w9WgXcQ/",
        ] {
            assert_eq!(video_id(url), Some("dQw4w9WgXcQ"), "{url}");
        }
        assert_eq!(video_id("https://youtu.be/a_b-C1d2E3f"), Some("a_b-C1d2E3f"));
    }

    #[test]
    fn a_url_that_is_not_a_video_gives_none() {
        for url in [
            "https://www.youtube.com/",
            "https://www.youtube.com/@channel",
            "https://www.youtube.com/playlist?list=PL123",
            "https://www.youtube.com/watch?list=PL123",
            "https://www.youtube.com/watch?v=short",
            "https://www.youtube.com/watch?v=dQw4w9WgXcQQ",
            "https://youtu.be/dQw4w9WgXc!",
            "https://youtu.be/",
            "https://youtu.be/dQw4w9WgXcQ/extra",
            "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
            "https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ",
            "ftp://youtu.be/dQw4w9WgXcQ",
            "youtu.be/dQw4w9WgXcQ",
            "https://www.youtube.com/shorts/dQw4w9WgXcQ/more",
        ] {
            assert_eq!(video_id(url), None, "{url}");
        }
    }
}
