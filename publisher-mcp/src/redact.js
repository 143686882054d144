// The API key never leaves the server: every text the server sends or logs goes through
// `redact`, which removes the key in each form it travels in (as given, URL-encoded, and
// inside the session cookie), even when the service echoes the cookie back.

const MASK = '[redacted]';

/** A function that masks every form of `apiKey` in a text. */
export function redactor(apiKey) {
  const forms = new Set();
  if (typeof apiKey === 'string' && apiKey.length >= 4) {
    const bare = apiKey.replace(/^s(%3A|:)/i, '');
    for (const form of [apiKey, bare, encodeURIComponent(bare), encodeURIComponent(apiKey)]) forms.add(form);
  }
  // Longest first, so a form inside another is not left half-masked.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = String(text);
    for (const form of ordered) out = out.split(form).join(MASK);
    return out;
  };
}
