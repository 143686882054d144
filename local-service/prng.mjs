// Seeded pseudo-random numbers. Every generated value comes from here, so one seed
// always yields the same world.

/** mulberry32: tiny, fast, good enough for test data. Returns floats in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a hash of the parts, used to derive independent streams from one seed. */
export function hashParts(...parts) {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export class Random {
  constructor(seed) {
    this.next = mulberry32(seed);
  }

  /** A stream that depends only on the seed and the labels, not on how much of this one was used. */
  static derive(seed, ...labels) {
    return new Random(hashParts(seed, ...labels));
  }

  /** Integer in [min, max], both inclusive. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability) {
    return this.next() < probability;
  }

  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: entries are [value, weight]. */
  weighted(entries) {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  hex(length) {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
    return out;
  }

  /** A version-4 shaped UUID. */
  uuid() {
    const variant = (8 + Math.floor(this.next() * 4)).toString(16);
    return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
  }
}
