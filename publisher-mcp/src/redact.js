// The API key never leaves the server: every text the server sends or logs goes through
// `redact`, and every structured result through `redact.value`, which remove the key in
// each form it travels in (as given, URL-encoded, and inside the session cookie), even
// when the service echoes the cookie back or a record holds it.

const MASK = '[redacted]';

/** A function that masks every form of `apiKey` in a text. */
export function redactor(apiKey) {
  const forms = new Set();
  // A key of a few characters would mask every word that holds them; no real key is that short.
  if (typeof apiKey === 'string' && apiKey.length >= 4) {
    const bare = apiKey.replace(/^s(%3A|:)/i, '');
    for (const form of [apiKey, bare, encodeURIComponent(bare), encodeURIComponent(apiKey)]) forms.add(form);
  }
  const redact = (text) => {
    let out = String(text);
    for (const form of forms) out = out.split(form).join(MASK);
    return out;
  };
  /** `value` (JSON data) with every string and key masked. */
  redact.value = function mask(value) {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(mask);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [redact(k), mask(v)]));
    return value;
  };
  return redact;
}
