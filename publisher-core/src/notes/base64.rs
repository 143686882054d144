//! Standard base64 (RFC 4648 §4, padded), for the data URIs of images. Written out
//! because the `base64` crate's engine costs about 6 kB of wasm for these two calls; the
//! tests check both directions against that crate, which stays a dev-dependency.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` as padded base64.
pub fn encode(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len().div_ceil(3).saturating_mul(4));
    for chunk in bytes.chunks(3) {
        let [a, b, c] = [0, 1, 2].map(|at| chunk.get(at).copied().unwrap_or(0));
        let group = u32::from(a) << 16 | u32::from(b) << 8 | u32::from(c);
        let symbols = [18, 12, 6, 0]
            .map(|shift| char::from(ALPHABET.get((group >> shift & 63) as usize).copied().unwrap_or(b'=')));
        let kept = chunk.len().saturating_add(1);
        for (at, symbol) in symbols.into_iter().enumerate() {
            text.push(if at < kept { symbol } else { '=' });
        }
    }
    text
}

/// The bytes of padded base64, or `None` when `text` is not canonical base64: a length
/// that is not a multiple of four, a character outside the alphabet, padding anywhere but
/// at the end, or bits set after the last byte.
// Every operand is bounded: a group is four symbols, `padding` at most 2, a sextet below 64.
#[allow(clippy::arithmetic_side_effects)]
pub fn decode(text: &[u8]) -> Option<Vec<u8>> {
    if text.len() % 4 != 0 {
        return None;
    }
    let mut bytes = Vec::with_capacity(text.len() / 4 * 3);
    let groups = text.len() / 4;
    for (index, group) in text.chunks(4).enumerate() {
        let padding = group.iter().rev().take_while(|&&symbol| symbol == b'=').count();
        if padding > 2 || (padding > 0 && index.saturating_add(1) != groups) {
            return None;
        }
        let mut value: u32 = 0;
        for &symbol in group.iter().take(4 - padding) {
            value = value << 6 | u32::from(sextet(symbol)?);
        }
        value <<= 6 * padding as u32;
        let decoded = [(value >> 16) as u8, (value >> 8) as u8, value as u8];
        let kept = 3 - padding;
        // Bits after the last byte must be zero, or two texts would read as one.
        if decoded.iter().skip(kept).any(|&byte| byte != 0) {
            return None;
        }
        bytes.extend_from_slice(decoded.get(..kept)?);
    }
    Some(bytes)
}

#[allow(clippy::arithmetic_side_effects)] // each arm's range keeps the result below 64
fn sextet(symbol: u8) -> Option<u8> {
    match symbol {
        b'A'..=b'Z' => Some(symbol - b'A'),
        b'a'..=b'z' => Some(symbol - b'a' + 26),
        b'0'..=b'9' => Some(symbol - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;

    use super::{decode, encode};

    #[test]
    fn encodes_and_decodes_as_the_base64_crate_does() {
        let mut seed: u32 = 7;
        for length in 0..300 {
            let bytes: Vec<u8> = (0..length)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 16) as u8
                })
                .collect();
            let text = encode(&bytes);
            assert_eq!(text, STANDARD.encode(&bytes));
            assert_eq!(decode(text.as_bytes()).unwrap(), bytes);
        }
    }

    #[test]
    fn refuses_what_the_base64_crate_refuses() {
        for text in [
            "A", "AA", "AAA", "AA=A", "A===", "====", "AAAA=", "AB==", "AAB=", "@@@@", "AA==AAAA", "AAAA AAA", "-_AA",
        ] {
            assert_eq!(decode(text.as_bytes()), None, "{text}");
            assert!(STANDARD.decode(text).is_err(), "{text}");
        }
        for text in ["", "AA==", "AAA=", "AAAA", "+/+/", "YWJj"] {
            assert_eq!(decode(text.as_bytes()), STANDARD.decode(text).ok(), "{text}");
        }
    }
}
