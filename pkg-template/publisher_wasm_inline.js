// The wasm module's bytes, embedded so that no file has to be found at run time, as
// base64. For browsers and bundlers (embedded.js) the module is deflated first: the plain
// module would put over 500 kB of base64 into every bundle, past vite's and rollup's
// chunk-size warnings; deflated it is about 40 % of that, at the cost of inflating it
// once at start-up (fflate's inflateSync, bundled into this file when the package is
// built, so the package has no runtime dependency). The copy for one-file Node bundles
// (embedded.cjs) is not deflated: it starts faster and no bundler warns there.
import { inflateSync } from 'fflate';

const BASE64 = '__WASM_BASE64__';

export function wasmBytes() {
  const bytes = decodeBase64();
  return __WASM_DEFLATED__ ? inflateSync(bytes) : bytes;
}

/**
 * The bytes as embedded, not inflated: deflate-raw in publisher_wasm_inline.js (the copy
 * deno.js imports, whose runtime inflates natively, far faster than fflate's JavaScript
 * in a cold process).
 */
export function storedWasmBytes() {
  return decodeBase64();
}

// Decoded by the fastest means the runtime has: Uint8Array.fromBase64, Node's and Bun's
// Buffer, atob; by hand where none exists.
function decodeBase64() {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(BASE64);
  const NodeBuffer = globalThis.Buffer;
  if (typeof NodeBuffer?.from === 'function') {
    const buffer = NodeBuffer.from(BASE64, 'base64');
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }
  if (typeof atob === 'function') {
    const text = atob(BASE64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  return decodeByHand();
}

function decodeByHand() {
  const codes = new Uint8Array(128);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let i = 0; i < alphabet.length; i += 1) codes[alphabet.charCodeAt(i)] = i;
  const padding = BASE64.endsWith('==') ? 2 : BASE64.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((BASE64.length / 4) * 3 - padding);
  let at = 0;
  for (let i = 0; i < BASE64.length; i += 4) {
    const n = (codes[BASE64.charCodeAt(i)] << 18) | (codes[BASE64.charCodeAt(i + 1)] << 12)
      | (codes[BASE64.charCodeAt(i + 2)] << 6) | codes[BASE64.charCodeAt(i + 3)];
    bytes[at] = n >> 16;
    if (at + 1 < bytes.length) bytes[at + 1] = (n >> 8) & 255;
    if (at + 2 < bytes.length) bytes[at + 2] = n & 255;
    at += 3;
  }
  return bytes;
}
