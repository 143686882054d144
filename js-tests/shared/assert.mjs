// A few assertions that run unchanged in Node, Deno and a browser page.

export class AssertionError extends Error {
  constructor(message) {
    super(message);
    this.name = 'AssertionError';
  }
}

const show = (value) => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

export function ok(value, message = 'expected a truthy value') {
  if (!value) throw new AssertionError(message);
}

export function equal(actual, expected, message = '') {
  if (!Object.is(actual, expected)) {
    throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`);
  }
}

export function deepEqual(actual, expected, message = '') {
  if (show(sortKeys(actual)) !== show(sortKeys(expected))) {
    throw new AssertionError(`${message ? `${message}: ` : ''}expected ${show(expected)}, got ${show(actual)}`);
  }
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortKeys(value[key])]));
  }
  return value;
}

export function match(text, pattern, message = '') {
  if (typeof text !== 'string' || !pattern.test(text)) {
    throw new AssertionError(`${message ? `${message}: ` : ''}${show(text)} does not match ${pattern}`);
  }
}

/** Awaits `promise`, which must reject; returns the rejection. */
export async function rejects(promise, message = 'expected a rejection') {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new AssertionError(message);
}

/** Calls `fn`, which must throw; returns what it threw. */
export function throws(fn, message = 'expected a throw') {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new AssertionError(message);
}
