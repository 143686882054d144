//! How long a message may be: every error's message is one sentence of at most
//! [`MAX_MESSAGE_CHARS`] characters. Kept apart from the sentences themselves
//! ([`messages`](super::messages)), which need `Error`, so that `Error` can fit its own message.

/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// `text` cut to `max` characters, the cut marked with an ellipsis.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some(_) => {
            let keep = max.saturating_sub(1);
            let cut = text.char_indices().nth(keep).map_or(text.len(), |(at, _)| at);
            format!("{}…", text.get(..cut).unwrap_or_default().trim_end())
        }
        None => text.to_string(),
    }
}

/// `message` cut to [`MAX_MESSAGE_CHARS`], the cut marked with an ellipsis.
pub fn fit(message: &str) -> String {
    clip(message, MAX_MESSAGE_CHARS)
}
