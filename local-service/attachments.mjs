// Image uploads (POST /api/v1/image) and note attachments (POST /api/v1/comment/attachment/),
// as http-contract-writes §4–§5 give them: the request checks, the image's size read from
// its header, and the wire records. The world stores what these create.

import { HttpError, mediaType as mediaTypeOf, parseJsonObject, rejectUnknownFields } from './http.mjs';

/** MIME types an upload may carry. The real list is unknown (§11.2); these are the web's common ones. */
export const IMAGE_TYPES = Object.freeze({
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
});

/** Largest decoded image this service stores. The real limit is unknown (§5); a body limit must exist. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Request bodies of POST /api/v1/image may be this large (a data URI is 4/3 of the image). */
export const MAX_IMAGE_REQUEST_BYTES = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 4096;

const DATA_URI = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/**
 * Checks POST /api/v1/image: JSON `{"image":"data:<mime>;base64,…"}` (or the form-encoded
 * `image=` that also works for post images). Returns { contentType, bytes, width, height,
 * data } (`data`: the image's bytes, which GET /__control/media serves).
 */
export function parseImageUpload({ headers, body }) {
  const mediaType = mediaTypeOf(headers);
  let image;
  if (mediaType === 'application/json') {
    const parsed = parseJsonObject(body);
    rejectUnknownFields(parsed, ['image']);
    image = parsed.image;
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    image = new URLSearchParams(body).get('image');
  } else if (mediaType.startsWith('multipart/')) {
    // The real service answers multipart uploads so (http-contract-writes §5).
    throw new HttpError(400, 'Invalid value');
  } else {
    throw new HttpError(415, 'Unsupported Media Type');
  }
  if (typeof image !== 'string' || !image) throw new HttpError(400, 'Missing image');
  const match = DATA_URI.exec(image);
  if (!match) throw new HttpError(400, 'Image must be a base64 data URI');
  const contentType = match[1].toLowerCase();
  if (!Object.hasOwn(IMAGE_TYPES, contentType)) throw new HttpError(400, `Unsupported image type: ${contentType}`);
  if (match[2].length % 4 !== 0) throw new HttpError(400, 'Image must be a base64 data URI');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length === 0) throw new HttpError(400, 'Empty image');
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, 'Image too large');
  const size = imageSize(bytes, contentType);
  if (!size) throw new HttpError(400, `Invalid image: the data is not ${contentType}`);
  return { contentType, bytes: bytes.length, ...size, data: bytes };
}

/** Width and height from the image's header, or null when the bytes are not of that type. */
export function imageSize(bytes, contentType) {
  const u32be = (at) => bytes.readUInt32BE(at);
  const u16le = (at) => bytes.readUInt16LE(at);
  try {
    switch (contentType) {
      case 'image/png':
        if (bytes.length < 24 || bytes.toString('latin1', 0, 8) !== '\x89PNG\r\n\x1a\n' || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
        return positive(u32be(16), u32be(20));
      case 'image/gif':
        if (bytes.length < 10 || !/^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return null;
        return positive(u16le(6), u16le(8));
      case 'image/jpeg':
        return jpegSize(bytes);
      case 'image/webp':
        return webpSize(bytes);
      default:
        return null;
    }
  } catch {
    return null; // a header cut short
  }
}

function jpegSize(bytes) {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return positive(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes) {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return positive(1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3));
  if (chunk === 'VP8 ') return positive(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return positive(1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
  }
  return null;
}

function positive(width, height) {
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The response of POST /api/v1/image (#1107; the SDKs' `UploadedImage`). */
export function uploadedImageRecord(upload) {
  return {
    id: upload.id,
    url: upload.url,
    contentType: upload.contentType,
    bytes: upload.bytes,
    imageWidth: upload.width,
    imageHeight: upload.height,
  };
}

/**
 * Checks POST /api/v1/comment/attachment/. Returns { type, url }. A wrong field name for
 * the URL (imageUrl, image_url, mediaUrl) gets the real service's answer: 500 `{"error":""}`.
 */
export function parseAttachmentRequest({ headers, body }) {
  if (mediaTypeOf(headers) !== 'application/json') throw new HttpError(415, 'Unsupported Media Type');
  const parsed = parseJsonObject(body);
  if (!('url' in parsed)) throw new HttpError(500, '');
  rejectUnknownFields(parsed, ['url', 'type']);
  if (parsed.type !== 'link' && parsed.type !== 'image') throw new HttpError(400, 'type must be "link" or "image"');
  if (typeof parsed.url !== 'string' || !isWebUrl(parsed.url)) throw new HttpError(400, 'url must be an http or https address');
  return { type: parsed.type, url: parsed.url };
}

function isWebUrl(text) {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/**
 * An attachment as the service returns it on creation and stores it on notes:
 * image `{id, type, imageUrl, imageWidth, imageHeight, explicit}`, link `{id, type, linkMetadata, explicit}`.
 */
export function attachmentRecord(attachment) {
  if (attachment.type === 'image') {
    return {
      id: attachment.id,
      type: 'image',
      imageUrl: attachment.upload.url,
      imageWidth: attachment.upload.width,
      imageHeight: attachment.upload.height,
      explicit: false,
    };
  }
  const url = new URL(attachment.url);
  return {
    id: attachment.id,
    type: 'link',
    linkMetadata: {
      url: attachment.url,
      host: url.hostname,
      title: `${url.hostname}${url.pathname === '/' ? '' : url.pathname}`,
      description: `A page on ${url.hostname}.`,
    },
    explicit: false,
  };
}
