// Reads of a value that JSON.parse produced, each in one call from wasm: asking
// "is it null? a boolean? a number?…" one question at a time would cross from wasm to
// JS up to seven times per value.

/** 0 null (or undefined), 1 boolean, 2 number, 3 string, 4 array, 5 object. */
export function jsonKind(value) {
  switch (typeof value) {
    case 'boolean': return 1;
    case 'number': return 2;
    case 'string': return 3;
    case 'object': return value === null ? 0 : Array.isArray(value) ? 4 : 5;
    default: return 0;
  }
}

/**
 * What the member `key` of an object (not an array) holds, numbered as
 * src/js_doc.rs reads it into a FieldShape: 0 absent, 1 null (or a value JSON has
 * no kind for), 2 boolean, 3 safe integer, 4 other finite number, 5 other number,
 * 6 string, 7 array, 8 object.
 */
export function fieldShape(value, key) {
  const member = ownField(value, key);
  switch (typeof member) {
    case 'undefined': return 0;
    case 'boolean': return 2;
    case 'number': return Number.isSafeInteger(member) ? 3 : Number.isFinite(member) ? 4 : 5;
    case 'string': return 6;
    case 'object': return member === null ? 1 : Array.isArray(member) ? 7 : 8;
    default: return 1;
  }
}

/** The member `key` of an object that is not an array; undefined when absent. */
export function ownField(value, key) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  try {
    return value[key];
  } catch {
    return undefined;
  }
}

/** Sets `key` on an object; anything else is left alone. Never throws. */
export function setField(target, key, value) {
  if (typeof target !== 'object' || target === null) return;
  try {
    Reflect.set(target, key, value);
  } catch {
    // Only a frozen or exotic object could refuse; JSON.parse makes neither.
  }
}
